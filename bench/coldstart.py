"""Cold start as a user meets it: a fresh interpreter from its first instruction to the
reply of the first command (``POST /v1/accounts`` with the admin key, through the
Lambda handler ``app.app(event, context)`` with an API Gateway event), on the SQLite
store and on DynamoDB (moto's server on loopback, tables made beforehand), beside a
fresh interpreter doing ``import boto3`` and making a DynamoDB client, measured
interleaved in the same run (medians), each from spawn to the line the script prints
once it has its reply (its client); the exit after it is printed, not judged. Judged in
the CPU each interpreter spends to its reply (as ``bench swiss`` and ``bench tables``
judge theirs): on shared cores wall time also carries the other processes' load and the
local endpoint's own cost per call; the wall figures (median and best) are printed
beside it.

The app runs as Lambda holds it: ``app.py``, ``chalicelib/`` and Chalice's runtime laid
out as ``tools/bundle.py`` zips them, each module with its compiled ``.pyc`` (Lambda's
task root is read-only: a module shipped without one is compiled at every cold start).
The same app from this tree's sources, compiled as it loads (this machine writes no
``.pyc``), is printed beside it, not judged.

    python -m bench coldstart [--runs 7]

Target: the first command's reply within 1.5x the boto3 baseline on each store, in CPU."""
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
print(json.dumps({"seconds": time.perf_counter() - started, "cpu": time.process_time()}),
      flush=True)
"""

BOTO3 = """
import json, os, time
started = time.perf_counter()
import boto3
boto3.client("dynamodb", region_name="us-east-1", endpoint_url=os.environ.get("EP"))
print(json.dumps({"seconds": time.perf_counter() - started, "cpu": time.process_time()}),
      flush=True)
"""


# The stack's own floor, not judged: what any app on this stack pays before its own code
# (botocore and a client, as the DynamoDB runtime makes it; pydantic with one body like the
# first command's validated; Chalice; powertools' logger)
STACK = """
import json, os, time
started = time.perf_counter()
from typing import Literal
from botocore.session import get_session
get_session().create_client("dynamodb", region_name="us-east-1", endpoint_url=os.environ.get("EP"))
from pydantic import BaseModel, ConfigDict, Field
class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    role: Literal["organizer", "federation"]
    name: str = Field(min_length=1, max_length=80)
    expires_in_seconds: int | None = Field(default=None, ge=60)
Body.model_validate({"role": "organizer", "name": "Cold store"})
import chalice.app
from aws_lambda_powertools import Logger
Logger(service="stack")
print(json.dumps({"seconds": time.perf_counter() - started, "cpu": time.process_time()}),
      flush=True)
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
    """The app's files as the Lambda bundle holds them, each module with its ``.pyc``, and
    the DynamoDB client's SDK data cut from this botocore (the bundle's dependencies, the
    SDK among them, are this venv's at the same versions)."""
    from tools import bundle
    root = os.path.join(directory, "task")
    made_here: list[tuple[str, bytes]] = []
    for path, name in bundle.app_files():
        made = bundle.compiled(path, name, directory)
        made_here += [(name, path.read_bytes()), *([made] if made else [])]
    for file, data in made_here + bundle.generated_files():
        os.makedirs(os.path.dirname(os.path.join(root, file)), exist_ok=True)
        with open(os.path.join(root, file), "wb") as out:
            out.write(data)
    return root


def run(code: str, env: dict[str, str], cwd: str | None = None) -> tuple[float, float, float]:
    """(wall seconds from spawn to the script's reply line, from spawn to exit, the
    process's CPU seconds from its start to the reply), run in ``cwd`` (its modules first
    on the path). The reply is what a user waits for: Lambda keeps the process (the exit,
    which frees every object, is nobody's wait)."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=cwd, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    replied, cpu = None, 0.0
    for line in child.stdout:                                    # type: ignore[union-attr]
        if line.startswith('{"seconds"'):
            replied, cpu = time.perf_counter() - started, json.loads(line)["cpu"]
            break
    rest, err = child.communicate()
    exited = time.perf_counter() - started
    if child.returncode or replied is None:
        raise RuntimeError(f"the fresh interpreter failed: {err[-2000:]}")
    return replied, exited, cpu


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


def measure(runs: int) -> dict[str, list[float]]:
    """Samples per kind: ``sqlite``, ``dynamodb`` (first reply, the bundle's layout), the
    same ``from source``, ``boto3``; each also to the process's ``exit``, and its CPU to
    the reply (``cpu``)."""
    from bench.moto_server import MotoServer
    with MotoServer() as server, tempfile.TemporaryDirectory() as directory:
        make_tables(server.endpoint)
        envs = stores(directory, server.endpoint)
        event = first_command_event()
        layouts = {"": task_root(directory), " from source": None}
        samples: dict[str, list[float]] = {}

        def note(kind: str, figures: tuple[float, float, float]) -> None:
            for suffix, value in zip(("", " exit", " cpu"), figures, strict=True):
                samples.setdefault(kind + suffix, []).append(value)
        for k in range(runs):
            for store, env in envs.items():
                for layout, cwd in layouts.items():
                    fresh = os.path.join(directory, f"run-{k}{layout.strip()}")
                    note(store + layout, run(FIRST_COMMAND, {**env, "COLD_EVENT": event,
                                                             "PODIUM_DATA_DIR": fresh}, cwd))
            note("boto3", run(BOTO3, envs["dynamodb"]))
            note("stack", run(STACK, envs["dynamodb"]))
        shutil.rmtree(layouts[""])
    return samples


def report(samples: dict[str, list[float]], runs: int) -> bool:
    """Judged: the CPU each fresh interpreter spends from its start to its reply, ours
    over the baseline's of the same round (the median of the rounds' ratios, so a slower
    stretch of the machine weighs on both sides of a ratio alike): the work a cold start
    does, whatever else the machine runs. Wall time from spawn to reply (median and best),
    printed beside it, is what a user meets here; on shared cores it also carries the
    other processes' load and the local endpoint's own time per call (moto, not
    DynamoDB), so it is not judged."""
    med = {kind: statistics.median(values) for kind, values in samples.items()}
    best = {kind: min(values) for kind, values in samples.items()}
    boto, boto_cpu = med["boto3"], med["boto3 cpu"]
    print(f"  cold start, {runs} fresh interpreters each: import boto3 + a DynamoDB client "
          f"{boto_cpu * 1000:.0f} ms CPU; wall {boto * 1000:.0f} ms median, "
          f"{best['boto3'] * 1000:.0f} ms best")
    ok = True
    for store in ("sqlite", "dynamodb"):
        cpu, wall, source = med[store + " cpu"], med[store], med[store + " from source"]
        ratio = statistics.median(mine / base for mine, base in
                                  zip(samples[store + " cpu"], samples["boto3 cpu"],
                                      strict=True))
        print(f"  {store}: import app + the first command's reply (POST /v1/accounts) "
              f"{cpu * 1000:.0f} ms CPU; wall {wall * 1000:.0f} ms median "
              f"(x{wall / boto:.2f}), {best[store] * 1000:.0f} ms best "
              f"(x{best[store] / best['boto3']:.2f}), to exit {med[store + ' exit'] * 1000:.0f}"
              f" ms; from source, no .pyc: {source * 1000:.0f} ms (x{source / boto:.2f}); "
              "wall not judged")
        floor = statistics.median(mine / base for mine, base in
                                  zip(samples[store + " cpu"], samples["stack cpu"],
                                      strict=True))
        print(f"  {store}: against the stack alone (botocore and a client, pydantic with "
              f"one body validated, Chalice, powertools' logger: {med['stack cpu'] * 1000:.0f}"
              f" ms CPU) x{floor:.2f}; not judged")
        ok &= target(f"{store}: first reply within {RATIO}x import boto3 + a client, in CPU "
                     f"(x{ratio:.2f}, the median of {runs} rounds' ratios)",
                     ratio <= RATIO)
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench coldstart")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv or [])
    return 0 if report(measure(args.runs), args.runs) else 1
