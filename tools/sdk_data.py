"""The SDK data the DynamoDB client reads at a cold start, cut from the installed
botocore for the Lambda bundle (``chalicelib/store/sdk_data/``, read by
``chalicelib/store/dynamo_client.py``).

botocore's default loader makes a client by listing every service's folder twice (~420
folders each time, to learn that ``dynamodb`` exists), parsing ``endpoints.json``
(1.25 MB, every service in every partition) and unzipping DynamoDB's model with its
documentation: about 40 ms of a cold start's CPU for data the client mostly never uses.
The cut holds the same files with less in them:

- ``endpoints.json``: every partition whole (regions, defaults, variants), with the
  services the cut is for and no other;
- ``partitions.json``, ``sdk-default-configuration.json``, ``_retry.json``: as they are;
- each service's newest model (``service-2.json``) without its ``documentation`` strings
  (docstrings are all botocore makes of them), its endpoint rule set, paginators and
  waiters, uncompressed;
- ``VERSION``: the botocore version it was cut from. The client reads the cut only when
  that is the botocore it runs with (the bundle ships that botocore), else botocore's own
  data.

``tests/infra/test_sdk_data.py`` checks that a client made from the cut has the same
operations, shapes, endpoints and requests as one made the default way."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

SERVICES = ("dynamodb",)
COPIED = ("partitions.json", "sdk-default-configuration.json", "_retry.json")
SERVICE_FILES = ("service-2", "endpoint-rule-set-1", "paginators-1", "waiters-2")
VERSION_FILE = "VERSION"


def _botocore_data() -> tuple[Path, str]:
    import botocore
    return Path(botocore.__file__).with_name("data"), botocore.__version__


def _read(path: Path) -> bytes | None:
    """A data file's JSON bytes, stored plain or gzipped (botocore reads either)."""
    if path.is_file():
        return path.read_bytes()
    zipped = path.with_name(path.name + ".gz")
    return gzip.decompress(zipped.read_bytes()) if zipped.is_file() else None


def _compact(data: object) -> bytes:
    return json.dumps(data, separators=(",", ":"), sort_keys=True).encode()


def _undocumented(node: object) -> object:
    if isinstance(node, dict):
        return {k: _undocumented(v) for k, v in node.items() if k != "documentation"}
    if isinstance(node, list):
        return [_undocumented(v) for v in node]
    return node


def _newest_version(service_dir: Path) -> str:
    versions = sorted(d.name for d in service_dir.iterdir()
                      if d.is_dir() and _read(d / "service-2.json") is not None)
    if not versions:
        raise LookupError(f"botocore has no model for {service_dir.name}")
    return versions[-1]


def cut(services: tuple[str, ...] = SERVICES) -> dict[str, bytes]:
    """The cut's files, by their path inside the data folder."""
    source, version = _botocore_data()
    endpoints = json.loads(_read(source / "endpoints.json") or b"{}")
    for partition in endpoints["partitions"]:
        partition["services"] = {name: spec for name, spec in partition["services"].items()
                                 if name in services}
    files = {"endpoints.json": _compact(endpoints), VERSION_FILE: version.encode()}
    for name in COPIED:
        found = _read(source / name)
        if found is None:
            raise LookupError(f"botocore {version} has no {name}")
        files[name] = found
    for service in services:
        api = _newest_version(source / service)
        for kind in SERVICE_FILES:
            found = _read(source / service / api / f"{kind}.json")
            if found is None:
                continue                          # a service without waiters, say
            data = json.loads(found)
            if kind == "service-2":
                data = _undocumented(data)
            files[f"{service}/{api}/{kind}.json"] = _compact(data)
    return files


def write(target: Path, services: tuple[str, ...] = SERVICES) -> dict[str, bytes]:
    """Write the cut into ``target`` (a folder); the files written."""
    files = cut(services)
    for name, data in files.items():
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return files
