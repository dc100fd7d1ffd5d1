"""The verifier runs as a federation would vendor it: a directory holding only
``chalicelib/__init__.py``, ``chalicelib/domain`` and ``chalicelib/verify``, no Podium
server module importable and none loaded; one command, exit 0 on a good log, 1 on a
tampered one (naming the event), 2 on a file that is no audit log."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

from tests.support.spec import ROOT

EARLY = {"incomplete": True, "reason": "the test stops after the product phase"}
PROBE = """
import runpy, sys
sys.argv = ["python -m chalicelib.verify", *sys.argv[1:]]
try:
    runpy.run_module("chalicelib.verify", run_name="__main__")
except SystemExit as exit:
    code = exit.code
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("chalice", "boto3", "botocore")
                or m.startswith(("chalicelib.store", "chalicelib.api", "chalicelib.service",
                                 "chalicelib.application", "chalicelib.runtime")))
assert not loaded, loaded
assert sys.modules["chalicelib"].__file__.startswith(sys.path[0]), sys.modules["chalicelib"]
sys.exit(code)
"""


def _vendored(tmp_path):
    root = tmp_path / "vendor"
    (root / "chalicelib").mkdir(parents=True)
    shutil.copy(ROOT / "chalicelib" / "__init__.py", root / "chalicelib")
    for package in ("domain", "verify"):
        shutil.copytree(ROOT / "chalicelib" / package, root / "chalicelib" / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return root


def _run(root, *args):
    # -I: neither the caller's directory nor PYTHONPATH; only the vendored copy
    code = f"import sys; sys.path.insert(0, {str(root)!r}); exec({PROBE!r})"
    return subprocess.run([sys.executable, "-I", "-c", code, *args], cwd=root,
                          capture_output=True, text=True, timeout=120)


def test_the_vendored_verifier_checks_a_log_file(api, tmp_path):
    event = api.ready("vtes", "sealed-swap", players=10)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    log = api.get(f"/v1/tournaments/{tid}/audit?limit=5000").body
    root = _vendored(tmp_path)
    good = tmp_path / "audit.json"
    good.write_text(json.dumps(log))
    ran = _run(root, str(good))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.startswith("OK") or "\nOK:" in ran.stdout

    dealt = next(e for e in log["events"] if e["type"] == "SealedSwapDealt")
    dealt["data"]["handed_back"] = sorted(dealt["data"]["received_from"])[:1]
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(log))
    ran = _run(root, str(bad))
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert f"{dealt['stream_id']} v{dealt['version']} SealedSwapDealt: handed_back" in ran.stdout

    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2]")
    ran = _run(root, str(junk))
    assert ran.returncode == 2 and "not an audit log" in ran.stderr
