"""docs/walkthrough.md runs as written: its bash blocks, in order, in one shell against a
fresh local server, end with the federation report of the event they played."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from demo.server import LocalServer
from tests.e2e.live import live_server  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"^```bash\n(.*?)^```", re.S | re.M)


def blocks() -> list[str]:
    return BLOCK.findall((ROOT / "docs" / "walkthrough.md").read_text())


def test_the_walkthrough_plays_a_whole_event(live_server, tmp_path):  # noqa: F811
    played(live_server, tmp_path)


def test_the_walkthrough_on_the_deployed_shape_reads_its_own_writes(tmp_path):
    """DynamoDB with stream projection: every read right after a write must see it (the
    script sends back X-Podium-Position), with no retry loop anywhere in the script."""
    assert not re.search(r"\bsleep\b|\bretry\b|^\s*until\b", "\n".join(blocks()), re.M)
    server = LocalServer(store="dynamodb").start()
    try:
        played(server, tmp_path)
    finally:
        server.stop()


def played(live_server, tmp_path) -> None:  # noqa: F811
    missing = [tool for tool in ("bash", "curl", "jq") if not shutil.which(tool)]
    if missing and not os.environ.get("CI"):
        pytest.skip(f"the walkthrough needs {missing}")
    assert not missing, f"the walkthrough needs {missing}"
    script = "set -euo pipefail\n" + "\n".join(blocks())
    out = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True,
                         timeout=420, check=False,
                         env={**os.environ, "BASE": live_server.url + "/v1",
                              "ADMIN_KEY": live_server.admin_key})
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert '"status": "finished"' in out.stdout and '"seed": true' in out.stdout, out.stdout
    assert "round 3: 4 matches" in out.stdout, out.stdout
    assert re.search(r"^8$", out.stdout, re.M), out.stdout     # eight published decklists


def test_every_block_is_found():
    found = blocks()
    assert len(found) == 7 and all(b.strip() for b in found)
