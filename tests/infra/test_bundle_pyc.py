"""The Lambda bundle ships each module with its ``.pyc`` (``tools/bundle.py``): Lambda's
task root is read-only, so a module without one is compiled again at every cold start
(``bench/coldstart.py``). The cache file is checked against its source's hash (a zip's
fixed times would invalidate a timestamped one) and loads as it is."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import zipfile

from tools import bundle


def test_a_module_ships_with_a_checked_pyc_that_python_loads(tmp_path):
    source = tmp_path / "src" / "pkg"
    source.mkdir(parents=True)
    (source / "__init__.py").write_text("")
    (source / "mod.py").write_text("VALUE = 41 + 1\n")
    (source / "broken.py").write_text("def (:\n")          # shipped as is, no .pyc
    (source / "notes.txt").write_text("not python\n")
    built = tmp_path / "bundle.zip"
    with zipfile.ZipFile(built, "w") as archive:
        for name in ("__init__.py", "mod.py", "broken.py", "notes.txt"):
            bundle._write_module(archive, source / name, f"pkg/{name}", str(tmp_path))
    with zipfile.ZipFile(built) as archive:
        names = set(archive.namelist())
        cached = archive.read("pkg/__pycache__/mod.cpython-311.pyc")
        archive.extractall(tmp_path / "task")
    assert names == {"pkg/__init__.py", "pkg/mod.py", "pkg/broken.py", "pkg/notes.txt",
                     "pkg/__pycache__/__init__.cpython-311.pyc",
                     "pkg/__pycache__/mod.cpython-311.pyc"}
    assert cached[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(cached[4:8], "little") == 0b11           # hash-based, checked
    assert cached[8:16] == importlib.util.source_hash(b"VALUE = 41 + 1\n")

    run = subprocess.run([sys.executable, "-v", "-c", "import pkg.mod; print(pkg.mod.VALUE)"],
                         cwd=tmp_path / "task", capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert run.stdout.strip() == "42"
    assert "code object from '" + str(tmp_path / "task" / "pkg" / "__pycache__" /
                                       "mod.cpython-311.pyc") in run.stderr
