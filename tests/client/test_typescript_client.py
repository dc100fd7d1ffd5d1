"""A typed TypeScript client generated from openapi.yaml with openapi-typescript and
openapi-fetch (clients/typescript, pinned by its package-lock.json), compiled with
`tsc --strict` and run with node against a live local server: a short Swiss event from
the first registration to the federation report. A spec that no longer matches what the
client reads fails to compile; a reply that differs fails the run."""
from __future__ import annotations

import json
import shutil

from tests.client.conftest import BIN, CLIENT, run


def test_a_short_swiss_event_through_the_typescript_client(compiled, live_server):
    out = run("node", str(compiled), live_server.url, live_server.admin_key, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert '"rounds":3' in out.stdout, out.stdout
    position = json.loads(out.stdout.strip().splitlines()[-1])["position"]
    assert f"tournament-{json.loads(out.stdout.strip().splitlines()[-1])['tid']}:" in position


def test_the_strict_compile_catches_a_client_reading_what_the_spec_lacks(compiled, tmp_path):
    """The same compile over a copy whose driver reads a field no standings row has."""
    copy = tmp_path / "client"
    shutil.copytree(CLIENT, copy, ignore=shutil.ignore_patterns("node_modules", "dist"))
    (copy / "node_modules").symlink_to(CLIENT / "node_modules")
    driver = copy / "src" / "event.ts"
    source = driver.read_text()
    assert "standings.rows[0]?.player_id" in source
    driver.write_text(source.replace("standings.rows[0]?.player_id",
                                     "standings.rows[0]?.no_such_field"))
    out = run(str(BIN / "tsc"), "--strict", "-p", "tsconfig.json", cwd=copy)
    assert out.returncode != 0 and "no_such_field" in out.stdout, out.stdout + out.stderr
