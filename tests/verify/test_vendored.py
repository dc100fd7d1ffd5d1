"""The verifier runs as a federation would vendor it: a directory holding only
``chalicelib/__init__.py``, ``chalicelib/domain`` and ``chalicelib/verify``, no Podium
server module importable and none loaded, and only the distributions
``chalicelib/verify/requirements.txt`` lists (and their own dependencies) importable:
Python runs with ``-I -S`` (no site-packages) on a directory holding copies of exactly
those. One command, exit 0 on a good log, 1 on a tampered one (naming the event), 2 on a
file that is no audit log."""
from __future__ import annotations

import importlib.metadata as metadata
import json
import re
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


REQUIREMENTS = ROOT / "chalicelib" / "verify" / "requirements.txt"


def _pins() -> dict[str, str]:
    lines = [line.strip() for line in REQUIREMENTS.read_text().splitlines()]
    return dict(line.split("==") for line in lines if line and not line.startswith("#"))


def _closure(names) -> set[str]:
    """The distributions ``names`` need, with their own dependencies (no extras)."""
    seen, todo = set(), list(names)
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in seen:
            continue
        seen.add(name)
        for req in metadata.requires(name) or []:
            spec, _, marker = req.partition(";")
            if "extra" in marker or ("python_full_version < '3.11'" in marker
                                     and sys.version_info >= (3, 11)):
                continue
            todo.append(re.split(r"[ <>=!~\[(]", spec.strip(), maxsplit=1)[0])
    return seen


def _site(tmp_path, names):
    """A directory holding copies of exactly the distributions ``names`` (and theirs)."""
    site = tmp_path / "site"
    site.mkdir(parents=True)
    for name in _closure(names):
        for file in metadata.distribution(name).files or []:
            source = file.locate()
            if source.is_file() and ".." not in file.parts:
                target = site / file
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(source, target)
    return site


def _run(root, *args, site=None):
    # -I: neither the caller's directory nor PYTHONPATH; -S with a site: only the listed
    # distributions, no site-packages
    paths = [str(root)] + ([str(site)] if site else [])
    code = f"import sys; sys.path[:0] = {paths!r}; exec({PROBE!r})"
    flags = ["-I", "-S"] if site else ["-I"]
    return subprocess.run([sys.executable, *flags, "-c", code, *args], cwd=root,
                          capture_output=True, text=True, timeout=120)


def test_the_pinned_requirements_are_what_the_tests_run_with():
    pins = _pins()
    assert set(pins) == {"pydantic", "pyrsistent", "google-re2", "rustworkx", "cryptography"}
    assert {name: metadata.version(name) for name in pins} == pins


def test_the_verifier_runs_with_exactly_its_listed_packages(api, tmp_path):
    event = api.ready("vtes", "sealed-swap", players=8)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    log = tmp_path / "audit.json"
    log.write_text(json.dumps(api.get(f"/v1/tournaments/{tid}/audit?limit=5000").body))
    keys = tmp_path / "keys.json"
    keys.write_text(json.dumps(api.get("/v1/.well-known/podium-keys").body))
    root = _vendored(tmp_path)
    site = _site(tmp_path, _pins())
    ran = _run(root, str(log), "--keys", str(keys), site=site)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    # the isolation is real: without a listed package the verifier cannot start
    shutil.rmtree(site / "pyrsistent")
    ran = _run(root, str(log), site=site)
    assert ran.returncode != 0 and "pyrsistent" in ran.stderr
    # cryptography is needed only to check a signature
    lean = _site(tmp_path / "lean", {n for n in _pins() if n != "cryptography"})
    ran = _run(root, str(log), site=lean)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    ran = _run(root, str(log), "--keys", str(keys), site=lean)
    assert ran.returncode == 2 and "needs the 'cryptography' package" in ran.stderr


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
