"""The stores' DynamoDB client: botocore's, as ``boto3.client("dynamodb")`` makes it,
without importing boto3 (and its s3transfer), since a cold start's first command needs
the low-level client alone.

The Lambda bundle ships the SDK data this client reads, cut from the botocore it ships
(``sdk_data/``: ``tools/sdk_data.py``); botocore's own loader would list every service's
folder twice and parse every service's endpoints to make it, ~40 ms of a cold start. The
cut is read only by the botocore version it was cut from; anywhere else (a source
checkout, another botocore) the client reads botocore's own data."""
from __future__ import annotations

from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).with_name("sdk_data")
MAX_ATTEMPTS = 8


def dynamodb_client(endpoint_url: str | None = None, data_dir: Path = DATA_DIR) -> Any:
    from botocore.session import get_session
    session = get_session()
    loader = cut_loader(data_dir)
    if loader is not None:
        session.register_component("data_loader", loader)
    return session.create_client("dynamodb", endpoint_url=endpoint_url,
                                 config=client_config())


def client_config(**options: Any) -> Any:
    from botocore.config import Config
    return Config(retries={"mode": "standard", "max_attempts": MAX_ATTEMPTS}, **options)


def cut_loader(data_dir: Path) -> Any:
    """A loader reading ``data_dir`` alone, or None when it holds no cut for this botocore."""
    import botocore
    try:
        version = (data_dir / "VERSION").read_text().strip()
    except OSError:
        return None
    if version != botocore.__version__:
        return None
    from botocore.loaders import Loader

    class CutLoader(Loader):
        def is_builtin_path(self, path: str) -> bool:
            # the cut is botocore's own data, less what this client never reads: its
            # endpoints resolve by the service's rule set, as the built-in data's do
            # (botocore would otherwise take them for a user's override)
            return Path(path).resolve().is_relative_to(data_dir.resolve()) \
                or super().is_builtin_path(path)

    return CutLoader(extra_search_paths=[str(data_dir)], include_default_search_paths=False,
                     include_default_extras=False)
