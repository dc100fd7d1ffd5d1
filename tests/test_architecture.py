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


def _blueprint_imports() -> dict[str, set[str]]:
    """Each blueprint module of chalicelib/api -> the blueprint modules it imports."""
    import ast

    api = ROOT / "chalicelib" / "api"
    blueprints = {p.stem for p in api.glob("*.py") if "Blueprint(__name__)" in p.read_text()}
    found: dict[str, set[str]] = {}
    for name in blueprints:
        tree = ast.parse((api / f"{name}.py").read_text())
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module in blueprints:
                    imported.add(node.module)
                elif node.module is None:
                    imported |= {a.name for a in node.names if a.name in blueprints}
        found[name] = imported
    return found


def test_the_tournament_and_account_blueprints_import_no_other_blueprint():
    imports = _blueprint_imports()
    assert imports["tournaments"] == set() and imports["accounts"] == set()


def test_blueprints_import_each_other_in_no_cycle():
    imports = _blueprint_imports()
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join(path + (name,))
        if name in done:
            return
        for other in imports.get(name, ()):
            visit(other, path + (name,))
        done.add(name)

    for name in imports:
        visit(name, ())
