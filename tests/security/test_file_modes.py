"""The data directory's files (events, views, idempotency, keys and secrets, the devserver's
checkpoints and dead letters) are readable by their owner only, whatever the umask."""
from __future__ import annotations

import os
import stat

from chalicelib.config import local_secret
from chalicelib.runtime import build_runtime, set_runtime
from chalicelib.store.sqlite_base import owner_only
from devserver.files import write_json, write_lines
from tests.conftest import make_config
from tests.support.client import ApiClient


def _open_to_others(directory) -> list[str]:
    return sorted(f"{name} {stat.filemode(os.stat(directory / name).st_mode)}"
                  for name in os.listdir(directory)
                  if os.stat(directory / name).st_mode & 0o077)


def test_every_file_the_server_writes_is_owner_only(tmp_path, chalice_app):
    old = os.umask(0o022)
    try:
        data = tmp_path / "data"
        runtime = build_runtime(make_config(data))
        set_runtime(runtime)
        api = ApiClient(chalice_app, "unused")
        api.admin_key = runtime.config.admin_key
        api.started("vtes", "sealed", players=4)    # events, views, idempotency, WAL files
        local_secret(str(data), "admin.key")
        local_secret(str(data), "token.secret")
        write_json(str(data / "checkpoint.json"), {"position": 1})
        write_lines(str(data / "dead-letters.jsonl"), [{"record": 1}])
        assert os.listdir(data)
        assert _open_to_others(data) == []
        assert stat.S_IMODE(os.stat(data).st_mode) == 0o700
    finally:
        os.umask(old)
        set_runtime(None)


def test_a_database_made_before_is_narrowed_on_open(tmp_path):
    path = tmp_path / "views.db"
    path.write_text("")
    for name in (path, tmp_path / "views.db-wal"):
        name.touch()
        os.chmod(name, 0o644)
    owner_only(str(path))
    assert _open_to_others(tmp_path) == []
