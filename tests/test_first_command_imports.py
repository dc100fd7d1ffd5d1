"""What the first command loads on the DynamoDB runtime (the cold start a user meets,
``bench/coldstart.py``): the route's module, the HTTP helpers and the DynamoDB stores,
without SQLite (no SQLite error can be raised where it was never loaded) and without the
product's card models (request bodies only need the id pattern)."""
from __future__ import annotations

import sqlite3
import subprocess
import sys

from chalicelib.store.faults import store_fault
from tests.support.spec import ROOT

FIRST_COMMAND_MODULES = ("app", "chalicelib.api.accounts", "chalicelib.api.common",
                         "chalicelib.api.bodies", "chalicelib.runtime",
                         "chalicelib.store.dynamo_events", "chalicelib.store.dynamo_views")


def test_the_dynamodb_first_command_loads_no_sqlite_and_no_card_models():
    code = (f"import importlib, sys; [importlib.import_module(m) for m in "
            f"{FIRST_COMMAND_MODULES!r}]; print(sorted(m for m in sys.modules if m in "
            "('sqlite3', 'chalicelib.domain.product.cards')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]", out


def test_sqlite_faults_are_still_told_apart_once_sqlite_is_loaded():
    assert store_fault(sqlite3.OperationalError("database is locked")) == "OperationalError"
    assert store_fault(sqlite3.IntegrityError("UNIQUE constraint failed")) is None
    assert store_fault(ValueError("not a store fault")) is None
