"""The Lambda bundle (``tools/bundle.py``, what ``infra/deploy.sh`` uploads) holds every
requirement, compiled ones as manylinux x86_64 CPython 3.11 wheels, and imports in a
fresh virtual environment that has nothing but the bundle: not this project's venv, and
not the SDK Lambda's runtime provides (the bundle ships boto3 and botocore at the versions
tested here, and the DynamoDB client's data cut from that botocore). Wheels come from the
cache (``.data/cache/wheels``) when it has them; the first run downloads them from PyPI."""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import time
import venv
import zipfile
from pathlib import Path

from tools import bundle

ROOT = Path(__file__).resolve().parents[2]
COMPILED = {"google_re2", "numpy", "pydantic_core", "pyrsistent", "rustworkx"}
LAMBDA_UNZIPPED_LIMIT = 250 * 1024 * 1024

IMPORTS = """
import importlib, pkgutil, sys
import app
import chalicelib
names = [m.name for m in pkgutil.walk_packages(chalicelib.__path__, "chalicelib.")]
for name in names:
    importlib.import_module(name)
import re2, rustworkx, numpy, pydantic_core, botocore, boto3
assert re2.compile("a+").fullmatch("aaa")
from chalicelib.store import dynamo_client
assert dynamo_client.cut_loader(dynamo_client.DATA_DIR) is not None   # the cut is read
client = dynamo_client.dynamodb_client()
assert client.meta.endpoint_url == "https://dynamodb.us-east-1.amazonaws.com"
print(len(names), numpy.__file__, re2.__file__, botocore.__file__, sys.prefix,
      sys.base_prefix)
"""


def _requirements() -> set[str]:
    names = set()
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(re.split(r"[<>=!~\[; ]", line, maxsplit=1)[0].lower().replace("-", "_"))
    return names


def test_the_bundle_holds_every_compiled_dependency_for_lambda_and_imports_clean(tmp_path):
    started = time.monotonic()
    built = bundle.build(tmp_path / "deployment.zip")
    contents = bundle.inspect(built)
    print(f"\nbundle: {contents.size / 1e6:.1f} MB zipped, {contents.unzipped / 1e6:.1f} MB "
          f"unzipped, {contents.files} files, built in {time.monotonic() - started:.0f} s")
    dists = {d.lower() for d in contents.wheel_tags}
    assert _requirements() <= dists, _requirements() - dists
    assert COMPILED <= set(contents.compiled.values())
    assert "?" not in contents.compiled.values()              # every .so comes from a wheel
    assert set(contents.machines.values()) == {bundle.ELF_X86_64}
    for dist, tags in contents.wheel_tags.items():
        # a wheel tagged for several platforms runs on each (aiohttp: manylinux_2_17 and
        # manylinux_2_28): one allowed tag is enough
        assert tags & bundle.ALLOWED_TAGS, (dist, tags)
    for name in contents.compiled:
        assert "cpython-311-x86_64-linux-gnu" in name or ".abi3." in name \
            or "/.libs/" in name or ".libs/" in name, name
    assert contents.unzipped < LAMBDA_UNZIPPED_LIMIT
    with zipfile.ZipFile(built) as archive:
        names = set(archive.namelist())
    modules = [n for n in names if n.endswith(".py") and n.startswith(("chalicelib/", "app.py",
                                                                        "pydantic/"))]
    missing = [n for n in modules if importlib.util.cache_from_source(n) not in names]
    assert len(modules) > 300 and not missing, missing[:5]   # no compile at a cold start

    assert {"boto3", "botocore"} <= dists                      # the SDK tested here
    assert f"{bundle.SDK_DATA}/VERSION" in names

    unzipped, env_dir = tmp_path / "task", tmp_path / "venv"
    with zipfile.ZipFile(built) as archive:
        archive.extractall(unzipped)
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(env_dir)
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(unzipped),
           "AWS_DEFAULT_REGION": "us-east-1", "LAMBDA_TASK_ROOT": str(unzipped)}
    run = subprocess.run([str(env_dir / "bin" / "python"), "-s", "-c", IMPORTS], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    modules, numpy_at, re2_at, botocore_at, prefix, base = run.stdout.split()
    assert int(modules) > 100
    assert all(at.startswith(str(unzipped)) for at in (numpy_at, re2_at, botocore_at))
    assert prefix == str(env_dir) and str(ROOT) not in prefix and ".venv" not in prefix
    assert sys.prefix != prefix
    print(f"imported app and {modules} chalicelib modules in a clean venv "
          f"({time.monotonic() - started:.0f} s in all)")
