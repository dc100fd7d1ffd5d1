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


def test_a_module_compiled_before_is_taken_from_the_kept_results(tmp_path, monkeypatch):
    """A build keeps each compiled module (and each file that is not Python) by its name,
    source and bytecode version: the next build takes it from there, the same bytes, and
    compiles only a module whose source changed."""
    import marshal
    import py_compile
    kept, scratch = tmp_path / "kept", str(tmp_path)
    (tmp_path / "mod.py").write_text("VALUE = 41 + 1\n")
    (tmp_path / "broken.py").write_text("def (:\n")
    first = bundle.compiled(tmp_path / "mod.py", "pkg/mod.py", scratch, kept)
    assert bundle.compiled(tmp_path / "broken.py", "pkg/broken.py", scratch, kept) is None
    fresh = bundle.compiled(tmp_path / "mod.py", "pkg/mod.py", scratch)     # as without
    assert fresh[0] == first[0] and fresh[1][:16] == first[1][:16]
    assert marshal.loads(fresh[1][16:]) == marshal.loads(first[1][16:])
    compiles = []
    real = py_compile.compile
    monkeypatch.setattr(py_compile, "compile", lambda *a, **k: compiles.append(a) or real(*a, **k))
    assert bundle.compiled(tmp_path / "mod.py", "pkg/mod.py", scratch, kept) == first
    assert bundle.compiled(tmp_path / "broken.py", "pkg/broken.py", scratch, kept) is None
    assert compiles == []                                  # both from the kept results
    other = bundle.compiled(tmp_path / "mod.py", "other/mod.py", scratch, kept)
    assert other[0] == "other/__pycache__/mod.cpython-311.pyc" and len(compiles) == 1
    (tmp_path / "mod.py").write_text("VALUE = 43\n")
    changed = bundle.compiled(tmp_path / "mod.py", "pkg/mod.py", scratch, kept)
    assert len(compiles) == 2 and changed[1][8:16] == importlib.util.source_hash(b"VALUE = 43\n")
