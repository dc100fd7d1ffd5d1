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


def test_the_code_and_its_tests_are_lint_clean():
    exe = shutil.which("ruff") or str(ROOT / ".venv" / "bin" / "ruff")
    result = subprocess.run([exe, "check", "chalicelib", "app.py", "tools", "devserver", "bench",
                             "tests", "demo", "podium_cli", "scripts", "clients"], cwd=ROOT,
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


def test_no_blueprint_imports_another():
    imports = _blueprint_imports()
    assert {name: deps for name, deps in imports.items() if deps} == {}


def test_routes_import_only_the_shared_http_plumbing():
    """A blueprint imports, from chalicelib/api, only the plumbing every route shares (no
    module of another capability's routes or rules)."""
    import ast

    # health: system's store checks; roster_routes: the routes the table and mixed drafts
    # share, declared once for both (no blueprint of its own); event_pages: how every feed
    # and log of events reads its page
    plumbing = {"http", "common", "bodies", "links", "health", "roster_routes", "event_pages"}
    api = ROOT / "chalicelib" / "api"
    found = []
    for path in sorted(api.glob("*.py")):
        if "Blueprint(__name__)" not in path.read_text():
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module] if node.module else [a.name for a in node.names]
                found += [f"{path.stem} -> {n}" for n in names if n not in plumbing]
    assert found == [], found


def test_the_independence_contract_names_every_blueprint():
    """.importlinter's independence contract (run by lint-imports) must cover new
    blueprints too."""
    import configparser

    from chalicelib.api.blueprints import BLUEPRINTS
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter")
    listed = set(config["importlinter:contract:blueprints"]["modules"].split())
    assert listed == set(BLUEPRINTS), sorted(set(BLUEPRINTS) ^ listed)


def test_no_route_raises_a_domain_error_of_its_own():
    """Refusals come from use cases (chalicelib/application) and the domain; the api
    layer raises only its own HTTP errors (ApiError: a body, query or path it cannot
    read)."""
    import ast

    from chalicelib.domain import errors
    domain_errors = {name for name, value in vars(errors).items()
                     if isinstance(value, type) and issubclass(value, errors.DomainError)}
    found = []
    for path in sorted((ROOT / "chalicelib" / "api").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in domain_errors:
                    found.append(f"{path.name}:{node.lineno} raises {name}")
    assert found == [], found
