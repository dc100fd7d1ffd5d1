"""npm packages for the tests that need Node (the desk's axe-core and type check, the
TypeScript client), installed once per lock file however many pytest workers ask at once.

`npm ci` deletes node_modules before it installs, so two workers running it in the same
folder break each other (one reads axe-core while the other has just removed it). Every
caller goes through `ensure`, which holds an exclusive file lock while it checks and installs:
the first worker installs, the others wait and then find the packages current."""
from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path


def current(folder: Path) -> bool:
    """npm writes node_modules/.package-lock.json last; it is current when newer than the lock."""
    marker, lock = folder / "node_modules" / ".package-lock.json", folder / "package-lock.json"
    return marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime


def ensure(folder: Path) -> str | None:
    """Install ``folder``'s packages unless current; None when done, else why it could not."""
    if not (shutil.which("node") and shutil.which("npm")):
        return "node and npm are needed"
    name = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
    with open(Path(tempfile.gettempdir()) / f"podium-npm-{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)          # released when the file closes
        if current(folder):
            return None
        out = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"],
                             cwd=folder, capture_output=True, text=True, timeout=600,
                             check=False)
        if out.returncode != 0:
            return f"npm ci in {folder} failed ({out.returncode}): {out.stdout}{out.stderr}"
    return None
