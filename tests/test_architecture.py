"""Layer rules hold (import-linter contracts in .importlinter)."""
from __future__ import annotations

import shutil
import subprocess

from tests.support.spec import ROOT


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports") or str(ROOT / ".venv" / "bin" / "lint-imports")
    result = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def test_domain_draws_randomness_only_from_seeded_generators():
    pattern = r"^\s*(import random|from random import)|random\.(random|choice|shuffle|randint)\("
    result = subprocess.run(["grep", "-rnE", pattern, "chalicelib/domain"], cwd=ROOT,
                            capture_output=True, text=True)
    offending = [line for line in result.stdout.splitlines()
                 if "Random(" not in line and "rng.py" not in line]
    assert offending == [], offending


def test_application_code_is_lint_clean():
    exe = shutil.which("ruff") or str(ROOT / ".venv" / "bin" / "ruff")
    result = subprocess.run([exe, "check", "chalicelib", "app.py", "tools", "devserver"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
