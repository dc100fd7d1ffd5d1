"""The route table app.py registers is the blueprints' routes, and a cold start imports
no blueprint: each loads on its routes' first request."""
from __future__ import annotations

import subprocess
import sys

from tests.support.spec import ROOT


def test_the_route_table_is_current():
    result = subprocess.run([sys.executable, "-m", "tools.build_routes", "--check"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_importing_the_app_loads_no_blueprint_and_no_store():
    code = ("import sys, app; loaded = [m for m in sys.modules if m.startswith("
            "('chalicelib.api.', 'chalicelib.domain', 'chalicelib.store', 'boto3', "
            "'pydantic', 'networkx', 'rustworkx', 'numpy'))]; print(sorted(loaded))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    loaded = eval(out)  # noqa: S307 - our own printout of a list of names
    allowed = {"chalicelib.api.edge", "chalicelib.api.replies", "chalicelib.api.links",
               "chalicelib.api.request_ids", "chalicelib.api.route_table",
               "chalicelib.api.lazy_routes", "chalicelib.api.conditional",
               "chalicelib.api.consistency"}
    assert set(loaded) <= allowed, sorted(set(loaded) - allowed)
