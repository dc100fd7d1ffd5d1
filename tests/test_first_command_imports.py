"""What the first command loads on the DynamoDB runtime (the cold start a user meets,
``bench/coldstart.py``): the route's module, the HTTP helpers and the DynamoDB stores,
without SQLite (no SQLite error can be raised where it was never loaded) and without the
product's card models (request bodies only need the id pattern); building the runtime
loads neither boto3 (botocore makes the client) nor the venue's aggregate (the lease check
loads it with a write to a tournament) nor SQLite's view healing."""
from __future__ import annotations

import json
import os
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


def test_building_the_dynamodb_runtime_loads_no_boto3_venue_aggregate_or_healing():
    code = (f"import importlib, sys; [importlib.import_module(m) for m in "
            f"{FIRST_COMMAND_MODULES!r}]; from chalicelib.runtime import runtime; runtime(); "
            "print(sorted(m for m in sys.modules if m in ('boto3', 's3transfer', "
            "'chalicelib.domain.venue', 'chalicelib.projections.healing', 'sqlite3')))")
    env = {**os.environ, "PODIUM_STORE": "dynamodb", "PODIUM_TOKEN_SECRET": "s" * 64,
           "PODIUM_DYNAMODB_ENDPOINT": "http://127.0.0.1:9", "AWS_DEFAULT_REGION": "us-east-1",
           "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]", out


def test_sqlite_faults_are_still_told_apart_once_sqlite_is_loaded():
    assert store_fault(sqlite3.OperationalError("database is locked")) == "OperationalError"
    assert store_fault(sqlite3.IntegrityError("UNIQUE constraint failed")) is None
    assert store_fault(ValueError("not a store fault")) is None


def test_the_collector_waits_until_the_first_invocation_ends_then_skips_startup(tmp_path):
    """app.py: few collections while a cold start loads (they found almost nothing), then
    what startup made is frozen and Python's thresholds apply again."""
    from bench.coldstart import ADMIN, FIRST_COMMAND, SECRET, first_command_event
    code = ("import gc\ndefaults = gc.get_threshold()\n" + FIRST_COMMAND.replace(
        "reply = app.app(", "during = gc.get_threshold()\nreply = app.app(") +
        "print(json.dumps([defaults, during, gc.get_threshold(), gc.get_freeze_count()]))\n")
    env = {**os.environ, "PODIUM_STORE": "sqlite", "PODIUM_DATA_DIR": str(tmp_path),
           "PODIUM_ADMIN_KEY": ADMIN, "PODIUM_TOKEN_SECRET": SECRET,
           "COLD_EVENT": first_command_event()}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout.strip().splitlines()[-1]
    defaults, during, after, frozen = json.loads(out)
    assert during == [200_000, *defaults[1:]] and after == defaults, out
    assert frozen > 50_000, out          # the modules, classes and runtime startup made


def test_the_first_command_looks_for_no_pydantic_plugin_unless_told_to(tmp_path):
    """Discovering pydantic plugins reads every installed package's metadata on the first
    model build; Podium has none, so app.py turns the search off unless the deployment
    set pydantic's variable itself (empty: look for them)."""
    from bench.coldstart import ADMIN, FIRST_COMMAND, SECRET, first_command_event
    code = FIRST_COMMAND + ("from pydantic.plugin import _loader\n"
                            "print(json.dumps([_loader._plugins is None, "
                            "os.environ['PYDANTIC_DISABLE_PLUGINS']]))\n")
    env = {key: value for key, value in os.environ.items()
           if key != "PYDANTIC_DISABLE_PLUGINS"}
    env.update(PODIUM_STORE="sqlite", PODIUM_ADMIN_KEY=ADMIN, PODIUM_TOKEN_SECRET=SECRET,
               COLD_EVENT=first_command_event())
    seen = []
    for setting in (None, ""):
        run_env = {**env, "PODIUM_DATA_DIR": str(tmp_path / f"run{len(seen)}"),
                   **({} if setting is None else {"PYDANTIC_DISABLE_PLUGINS": setting})}
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=run_env,
                             capture_output=True, text=True, check=True).stdout
        seen.append(json.loads(out.strip().splitlines()[-1]))
    assert seen == [[True, "__all__"], [False, ""]], seen
