"""Records which error codes each operation answers into ``openapi/errors.yaml``, from real
replies: every whole-event scenario played in-process, each operation with path parameters called
once naming resources that do not exist, tests/fuzz's schemathesis run, then a run of the
test suite, with
``PODIUM_RECORD_ERRORS`` set so ``tests/support/spec.py``'s ``check_response`` notes each
refusal's (operation, status, ``error``) and holds it only to the common error shape. What
the rules of ``tools/openapi_errors.py`` already give a route is left out; the rest is
merged with what the file holds, so a code a run happens not to provoke is kept.

    python -m tools.record_errors            # then python -m tools.build_openapi
    python -m tools.record_errors --prune    # keep only what this run saw
    python -m tools.record_errors --scenarios-only   # quick: no fuzz or test run (merges)
    python -m tools.record_errors tests/api/test_swiss.py   # the scenarios and these tests only

Run it after adding an error code or a route (a test fails when a reply's code is not
listed for its operation, and when the source can raise a code no operation lists), and
commit openapi/errors.yaml with the regenerated openapi.yaml."""
from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import tempfile
from collections import defaultdict

ROOT = pathlib.Path(__file__).resolve().parents[1]
ENV = "PODIUM_RECORD_ERRORS"
# Suites that test the spec checker or run live servers (whose replies this process does
# not see), left out of the recording run.
SKIPPED = ("tests/fuzz", "tests/client", "tests/browser")
AWS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
       "AWS_DEFAULT_REGION": "us-east-1", "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled"}

Seen = dict[str, dict[int, set[str]]]


def scenarios() -> None:
    """Every whole-event scenario, in-process through the spec-checking transport."""
    from app import app
    from chalicelib.runtime import build_runtime, set_runtime
    from demo.client import Api
    from demo.registry import MODULES, scenario
    from tests.conftest import ADMIN_KEY, make_config
    from tests.e2e.transport import InProcessTransport, MovableClock
    from tests.support.client import ApiClient
    from tests.support.threads import thread_safe

    with tempfile.TemporaryDirectory() as data:
        for name in sorted(MODULES):
            rt = build_runtime(make_config(pathlib.Path(data) / name))
            set_runtime(rt)
            clock = MovableClock()
            rt.service.clock = clock
            client = ApiClient(thread_safe(app), ADMIN_KEY)
            scenario(name)(Api(InProcessTransport(client, clock), ADMIN_KEY))
            set_runtime(None)


def missing_resources() -> None:
    """Every operation with path parameters called once, as the admin, naming resources
    that do not exist (with its request example as the body, when the spec has one), on
    a fresh store: what each answers then (``not_found``, or the refusal it meets first)."""
    import re

    from app import app
    from chalicelib.runtime import build_runtime, set_runtime
    from tests.conftest import ADMIN_KEY, make_config
    from tests.support.client import ApiClient
    from tests.support.spec import spec
    from tools.openapi_errors import METHODS

    numbers = re.compile(r"\{(n|k|pod)\}")
    with tempfile.TemporaryDirectory() as data:
        set_runtime(build_runtime(make_config(pathlib.Path(data) / "probe")))
        client = ApiClient(app, ADMIN_KEY)
        for path, item in spec()["paths"].items():
            for method, operation in item.items():
                if method not in METHODS or "{" not in path:
                    continue
                body = (((operation.get("requestBody") or {}).get("content") or {})
                        .get("application/json") or {}).get("example")
                real = re.sub(r"\{\w+\}", "x0123456789ab", numbers.sub("9", path))
                client.request(method.upper(), real, json_body=body, token=ADMIN_KEY)
        set_runtime(None)


def fuzzed() -> None:
    """tests/fuzz's schemathesis run (the same derandomized cases, against a live local
    server), each refusal recorded instead of checked: it reaches every operation with
    bodies and parameters no other test sends."""
    try:
        from tests.fuzz import test_schemathesis as fuzz
    except ImportError:             # schemathesis is not installed
        print("skipped the fuzz run: schemathesis is not installed", file=sys.stderr)
        return
    from demo.server import LocalServer
    from tests.support.spec import record_error

    def record(ctx, response, case) -> None:
        try:
            code = response.json().get("error") if response.status_code >= 400 else None
        except (ValueError, AttributeError):
            code = None
        if code is not None:
            record_error(f"{case.method.upper()} {case.operation.path}", response.status_code, code)

    checks, fuzz.checks = fuzz.checks, lambda: [record]
    with tempfile.TemporaryDirectory() as data:
        server = LocalServer(data_dir=data)
        server.start()
        try:
            fuzz.test_fuzz_every_operation(server)
        except AssertionError as exc:   # e.g. a refusal that changed the store: a real bug
            print(f"warning: the fuzz run failed: {str(exc)[:2000]}", file=sys.stderr)
        finally:
            server.stop()
            fuzz.checks = checks


def tests(paths: list[str]) -> int:
    """A run of the test suite (or of ``paths``); its exit status (failures are listed)."""
    args = paths or ["tests", *(f"--ignore={p}" for p in SKIPPED)]
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rfE", "-p", "no:cacheprovider",
                          "-n", os.environ.get("PYTEST_WORKERS", "2"), *args], cwd=ROOT,
                         env={**AWS, **os.environ, "POWERTOOLS_LOG_LEVEL": "WARNING"},
                         capture_output=True, text=True)
    for line in run.stdout.splitlines():
        if line.startswith(("FAILED", "ERROR")):
            print(line, file=sys.stderr)
    return run.returncode


def collected(directory: pathlib.Path) -> Seen:
    seen: Seen = defaultdict(lambda: defaultdict(set))
    for path in directory.glob("errors-*.jsonl"):
        for line in path.read_text().splitlines():
            reply = json.loads(line)
            seen[reply["operation"]][int(reply["status"])].add(reply["error"])
    return seen


def merged(seen: Seen, prune: bool) -> tuple[dict[str, str], dict[str, dict[int, list[str]]]]:
    """errors.yaml's codes and operations: what was there (unless ``prune``) and what was
    seen, less what the rules give; only operations of the route table (the spec's, which
    tests/test_openapi.py keeps equal)."""
    from tools import openapi_errors as oe

    facts = oe.route_facts()
    known = set(facts)
    old = oe.load()
    operations: dict[str, dict[int, list[str]]] = {}
    for op in sorted(known):
        codes: dict[int, set[str]] = defaultdict(set)
        for status, names in ({} if prune else old["operations"].get(op, {})).items():
            codes[status].update(names)
        for status, names in seen.get(op, {}).items():
            codes[status].update(names)
        rules = oe.common_codes(facts.get(op), op)
        kept = {s: sorted(n - rules.get(s, set())) for s, n in codes.items()}
        if any(kept.values()):
            operations[op] = {s: n for s, n in kept.items() if n}
    for op in sorted(set(old["operations"]) - known):
        print(f"dropped {op}: no such operation in the spec", file=sys.stderr)
    for op in sorted(set(seen) - known):
        print(f"ignored {op}: no such operation in the spec", file=sys.stderr)
    used = {c for by_status in operations.values() for names in by_status.values() for c in names}
    found = oe.meanings(oe.scan_codes())
    codes = {c: found.get(c) or old["codes"].get(c) for c in used}
    return {c: m for c, m in codes.items() if m and c not in oe.MEANINGS}, operations


def main(argv: list[str]) -> int:
    from tools import openapi_errors as oe

    prune = "--prune" in argv
    paths = [a for a in argv if not a.startswith("--")]
    with tempfile.TemporaryDirectory() as tmp:
        os.environ[ENV] = tmp
        scenarios()
        missing_resources()
        if "--scenarios-only" not in argv and not paths:
            fuzzed()
        status = 0 if "--scenarios-only" in argv else tests(paths)
        seen = collected(pathlib.Path(tmp))
    if status not in (0, 5):
        print(f"warning: the test run failed (exit {status}); what it recorded is used",
              file=sys.stderr)
    before = oe.load()["operations"]
    codes, operations = merged(seen, prune)
    oe.ERRORS.write_text(oe.dump(codes, operations))
    pairs = lambda ops: {(op, s, c) for op, by in ops.items() for s, n in by.items() for c in n}  # noqa: E731
    new, gone = pairs(operations) - pairs(before), pairs(before) - pairs(operations)
    print(f"wrote {oe.ERRORS.relative_to(ROOT)}: {len(operations)} operations, "
          f"{len(pairs(operations))} (operation, status, code) entries, {len(codes)} codes "
          f"({len(new)} new, {len(gone)} dropped)")
    for op, st, code in sorted(new):
        print(f"  + {op} {st} {code}")
    for op, st, code in sorted(gone):
        print(f"  - {op} {st} {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
