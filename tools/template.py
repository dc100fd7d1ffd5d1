"""``python -m tools.template OUT [--stage prod]``: the deployable template, ``OUT/sam.json``,
from ``chalice package --stage STAGE --merge-template infra/resources.json``, run on a copy
of what Chalice reads of the project (``app.py``, ``chalicelib/``, ``.chalice/``'s
configuration, ``infra/resources.json``) without ``requirements.txt``.

The template does not depend on the requirements: given them, Chalice resolves every one
for Lambda's platform with pip (about a minute, on every run) only to build a zip that
``infra/package.sh`` replaces with ``tools/bundle.py``'s. Without them the same
``sam.json`` comes out, byte for byte, in about a second; ``OUT/deployment.zip`` then
holds the app alone until the bundle replaces it."""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MERGED = "infra/resources.json"
# what Chalice reads of the project, besides requirements.txt (and vendor/, which we have not)
COPIED = ("app.py", "chalicelib", ".chalice/config.json", MERGED)
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc")


def chalice() -> str:
    local = Path(sys.executable).parent / "chalice"
    found = str(local) if local.exists() else shutil.which("chalice")
    if not found:
        raise SystemExit("chalice is not installed (pip install -r requirements-dev.txt)")
    return found


def stage_copy(into: Path) -> Path:
    """The project as Chalice reads it, without requirements.txt, in ``into``."""
    for name in COPIED:
        source, target = ROOT / name, into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=SKIPPED)
        else:
            shutil.copy2(source, target)
    return into


def package(out: Path, stage: str = "prod") -> Path:
    """``out/sam.json`` (and Chalice's zip of the app alone); its path."""
    out = out.resolve()
    with tempfile.TemporaryDirectory(prefix="podium-template-") as scratch:
        project = stage_copy(Path(scratch) / "project")
        env = {**os.environ,
               "AWS_DEFAULT_REGION": os.environ.get("AWS_DEFAULT_REGION", "us-east-1")}
        run = subprocess.run([chalice(), "package", "--stage", stage, "--merge-template",
                              MERGED, str(out)], cwd=project, env=env, check=False,
                             capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        raise RuntimeError(f"chalice package failed:\n{run.stdout}{run.stderr}")
    return out / "sam.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.template")
    parser.add_argument("out", type=Path)
    parser.add_argument("--stage", default="prod")
    args = parser.parse_args(argv)
    print(package(args.out, args.stage))
    return 0


if __name__ == "__main__":
    sys.exit(main())
