"""Cold start as a user meets it: a fresh interpreter from its first instruction to the
reply of the first command (``POST /v1/accounts`` with the admin key, through the
Lambda handler ``app.app(event, context)`` with an API Gateway event), on the SQLite
store and on DynamoDB (moto's server on loopback, tables made beforehand), beside a
fresh interpreter doing ``import boto3`` and making a DynamoDB client, measured
interleaved in the same run (medians), each from spawn to the line the script prints
once it has its reply (its client); the exit after it is printed, not judged.

The app runs as Lambda holds it: ``app.py``, ``chalicelib/`` and Chalice's runtime laid
out as ``tools/bundle.py`` zips them, each module with its compiled ``.pyc`` (Lambda's
task root is read-only: a module shipped without one is compiled at every cold start).
The same app from this tree's sources, compiled as it loads (this machine writes no
``.pyc``), is printed beside it, not judged.

    python -m bench coldstart [--runs 7]

Target: the first command's reply within 1.5x the boto3 baseline on each store."""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from bench.guard import target

RATIO = 1.5
ADMIN = "pdm_admin_coldstart_0123456789"
SECRET = "c" * 64

FIRST_COMMAND = """
import json, os, sys, time
started = time.perf_counter()
import app
class Context:
    function_name, memory_limit_in_mb, aws_request_id = "podium", 1024, "cold-1"
    def get_remaining_time_in_millis(self):
        return 29000
reply = app.app(json.loads(os.environ["COLD_EVENT"]), Context())
assert reply["statusCode"] == 201, reply
print(json.dumps({"seconds": time.perf_counter() - started}), flush=True)
"""

BOTO3 = """
import json, os, time
started = time.perf_counter()
import boto3
boto3.client("dynamodb", region_name="us-east-1", endpoint_url=os.environ.get("EP"))
print(json.dumps({"seconds": time.perf_counter() - started}), flush=True)
"""


def first_command_event() -> str:
    """The API Gateway event of ``POST /v1/accounts`` as chalice's local gateway makes it."""
    from chalice.config import Config as ChaliceConfig
    from chalice.local import LocalGateway

    from app import app
    body = json.dumps({"role": "organizer", "name": "Cold store"}).encode()
    event = LocalGateway(app, ChaliceConfig()).event_converter.create_lambda_event(
        "POST", "/v1/accounts", {"Authorization": f"Bearer {ADMIN}",
                                 "Content-Type": "application/json"}, body)
    event["body"] = body.decode()
    return json.dumps(event)


def task_root(directory: str) -> str:
    """The app's files as the Lambda bundle holds them, each module with its ``.pyc``."""
    from tools import bundle
    root = os.path.join(directory, "task")
    for path, name in bundle.app_files():
        made = bundle.compiled(path, name, directory)
        for file, data in [(name, path.read_bytes()), *([made] if made else [])]:
            os.makedirs(os.path.dirname(os.path.join(root, file)), exist_ok=True)
            with open(os.path.join(root, file), "wb") as out:
                out.write(data)
    return root


def run(code: str, env: dict[str, str], cwd: str | None = None) -> tuple[float, float]:
    """(wall seconds from spawn to the script's reply line, from spawn to exit), run in
    ``cwd`` (its modules first on the path). The reply is what a user waits for: Lambda
    keeps the process (the exit, which frees every object, is nobody's wait)."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=cwd, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    replied = None
    for line in child.stdout:                                    # type: ignore[union-attr]
        if line.startswith('{"seconds"'):
            replied = time.perf_counter() - started
            break
    rest, err = child.communicate()
    exited = time.perf_counter() - started
    if child.returncode or replied is None:
        raise RuntimeError(f"the fresh interpreter failed: {err[-2000:]}")
    return replied, exited


def stores(directory: str, endpoint: str) -> dict[str, dict[str, str]]:
    base = {**os.environ, "PODIUM_ADMIN_KEY": ADMIN, "PODIUM_TOKEN_SECRET": SECRET,
            "POWERTOOLS_LOG_LEVEL": "WARNING", "PYTHONDONTWRITEBYTECODE": "1"}
    return {
        "sqlite": {**base, "PODIUM_STORE": "sqlite", "PODIUM_DATA_DIR": directory},
        "dynamodb": {**base, "PODIUM_STORE": "dynamodb", "PODIUM_DYNAMODB_ENDPOINT": endpoint,
                     "PODIUM_EVENTS_TABLE": "cold-events", "PODIUM_VIEWS_TABLE": "cold-views",
                     "PODIUM_IDEMPOTENCY_TABLE": "cold-idem", "EP": endpoint},
    }


def make_tables(endpoint: str) -> None:
    import boto3

    from chalicelib.store import dynamo_tables
    client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1")
    definitions = dynamo_tables.table_definitions()
    for name, logical in (("cold-events", dynamo_tables.EVENTS_ID),
                          ("cold-idem", dynamo_tables.IDEMPOTENCY_ID),
                          ("cold-views", dynamo_tables.VIEWS_ID)):
        spec = dynamo_tables.create_table_request(name, definitions[logical])
        spec.pop("StreamSpecification", None)
        client.create_table(**spec)


def measure(runs: int) -> dict[str, float]:
    """Median wall seconds per kind: ``sqlite``, ``dynamodb`` (first reply, the bundle's
    layout), the same ``from source``, ``boto3``; each also to the process's ``exit``."""
    from bench.foundation import MotoServer
    with MotoServer() as server, tempfile.TemporaryDirectory() as directory:
        make_tables(server.endpoint)
        envs = stores(directory, server.endpoint)
        event = first_command_event()
        layouts = {"": task_root(directory), " from source": None}
        walls: dict[str, list[float]] = {}
        for k in range(runs):
            for store, env in envs.items():
                for layout, cwd in layouts.items():
                    fresh = os.path.join(directory, f"run-{k}{layout.strip()}")
                    replied, exited = run(FIRST_COMMAND, {**env, "COLD_EVENT": event,
                                                          "PODIUM_DATA_DIR": fresh}, cwd)
                    walls.setdefault(store + layout, []).append(replied)
                    walls.setdefault(store + layout + " exit", []).append(exited)
            replied, exited = run(BOTO3, envs["dynamodb"])
            walls.setdefault("boto3", []).append(replied)
            walls.setdefault("boto3 exit", []).append(exited)
        shutil.rmtree(layouts[""])
    return {kind: statistics.median(times) for kind, times in walls.items()}


def report(medians: dict[str, float], runs: int) -> bool:
    boto, boto_exit = medians["boto3"], medians["boto3 exit"]
    print(f"  cold start, median of {runs} fresh interpreters each, from spawn to the reply "
          f"(to exit, not judged): import boto3 + a DynamoDB client {boto * 1000:.0f} ms "
          f"({boto_exit * 1000:.0f} ms)")
    ok = True
    for store in ("sqlite", "dynamodb"):
        mine, source = medians[store], medians[store + " from source"]
        mine_exit = medians[store + " exit"]
        print(f"  {store}: import app + the first command's reply (POST /v1/accounts) "
              f"{mine * 1000:.0f} ms (x{mine / boto:.2f}; to exit {mine_exit * 1000:.0f} ms, "
              f"x{mine_exit / boto_exit:.2f}); from source, no .pyc: {source * 1000:.0f} ms "
              f"(x{source / boto:.2f}); these two not judged")
        ok &= target(f"{store}: first reply within {RATIO}x import boto3 + a client "
                     f"(x{mine / boto:.2f})", mine <= RATIO * boto)
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench coldstart")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv or [])
    return 0 if report(measure(args.runs), args.runs) else 1
