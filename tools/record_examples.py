"""Records a real reply for every 2xx JSON response of openapi.yaml that has no example of
its own into ``openapi/examples.yaml``; ``tools/build_openapi`` puts each under its
response. The replies come from every whole-event scenario played in-process and, for the
routes no scenario calls, from a run of the HTTP and use-case tests; the fullest reply of
each kind is kept. Lists are cut to their first three items where the schema still holds;
ids and tokens are those of the recording run.

    python -m tools.record_examples     # then python -m tools.build_openapi

Re-run it when a reply's shape changes (the suite fails when a recorded example no longer
fits its schema) or a route is added."""
from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import tempfile
from typing import Any

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "openapi" / "examples.yaml"
KEEP = 3


def trimmed(value: Any) -> Any:
    if isinstance(value, list):
        return [trimmed(v) for v in value[:KEEP]]
    if isinstance(value, dict):
        return {k: trimmed(v) for k, v in value.items()}
    return value


def facts_of_shown(body: Any) -> Any:
    """A trimmed reply's ``card_facts`` cut to the cards the trimmed reply still names
    (an example shows the facts of its own cards, not the whole set's)."""
    if not isinstance(body, dict) or not isinstance(body.get("card_facts"), dict):
        return body
    from chalicelib.application.card_facts import FACTS, strings_in
    shown, _ = strings_in(body)
    return {**body, FACTS: {k: v for k, v in body[FACTS].items() if k in shown}}


def _richness(value: Any) -> int:
    """Prefer replies that show more (non-empty lists, set fields) as the example (the
    facts of the cards they list count for nothing: they follow the cards)."""
    if isinstance(value, list):
        return 1 + sum(_richness(v) for v in value[:KEEP])
    if isinstance(value, dict):
        return sum(1 + _richness(v) for k, v in value.items()
                   if v not in (None, [], {}) and k != "card_facts")
    return 0


def keep(seen: dict[str, dict[str, Any]], operation: str, status: str, body: Any) -> None:
    held = seen.setdefault(operation, {}).get(status)
    if held is None or _richness(body) > _richness(held):
        seen[operation][status] = body


def from_tests(seen: dict[str, dict[str, Any]]) -> None:
    """Replies of a run of tests/api and tests/application, for what no scenario calls."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
                        "-x", "tests/api", "tests/application"], cwd=ROOT, check=True,
                       env={**os.environ, "PODIUM_RECORD_REPLIES": tmp,
                            "POWERTOOLS_LOG_LEVEL": "WARNING"}, stdout=subprocess.DEVNULL)
        extra: dict[str, dict[str, Any]] = {}
        for path in pathlib.Path(tmp).glob("replies-*.jsonl"):
            for line in path.read_text().splitlines():
                reply = json.loads(line)
                keep(extra, reply["operation"], reply["status"], reply["body"])
    for operation, by_status in extra.items():          # the scenarios' replies come first
        for status, body in by_status.items():
            seen.setdefault(operation, {}).setdefault(status, body)


def record() -> dict[str, dict[str, Any]]:
    from app import app
    from chalicelib.runtime import build_runtime, set_runtime
    from demo.client import Api
    from demo.registry import MODULES, scenario
    from tests.conftest import ADMIN_KEY, make_config
    from tests.e2e.transport import InProcessTransport
    from tests.support.client import ApiClient
    from tests.support.spec import template_for
    from tests.support.threads import thread_safe

    seen: dict[str, dict[str, Any]] = {}

    class Recording(ApiClient):
        def request(self, method, path, *args, **kwargs):
            result = super().request(method, path, *args, **kwargs)
            template = template_for(path)
            if template and 200 <= result.status < 300 and isinstance(result.body, (dict, list)):
                keep(seen, f"{method.upper()} {template}", str(result.status), result.body)
            return result

    with tempfile.TemporaryDirectory() as tmp:
        for name in sorted(MODULES):
            set_runtime(build_runtime(make_config(pathlib.Path(tmp) / name)))
            client = Recording(thread_safe(app), ADMIN_KEY)
            scenario(name)(Api(InProcessTransport(client), ADMIN_KEY))
            set_runtime(None)
    from_tests(seen)
    return seen


def fitting(seen: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each recorded reply trimmed when the trimmed one still fits its schema."""
    from tests.support.spec import check_response
    out: dict[str, dict[str, Any]] = {}
    for key, by_status in sorted(seen.items()):
        method, template = key.split(" ", 1)
        for status, body in sorted(by_status.items()):
            short = facts_of_shown(trimmed(body))
            try:
                check_response(method, template, int(status), short)
            except AssertionError:
                short = body
            out.setdefault(key, {})[status] = short
    return out


def main() -> int:
    from tools.build_openapi import build, without_example
    wanted = without_example(build(examples=False))
    examples = {op: {st: body for st, body in by_status.items() if (op, st) in wanted}
                for op, by_status in fitting(record()).items()}
    examples = {op: by_status for op, by_status in examples.items() if by_status}
    OUT.write_text("# Generated by `python -m tools.record_examples`: real replies recorded from "
                   "the whole-event scenarios.\n" + yaml.safe_dump(
                       examples, sort_keys=True, allow_unicode=True, width=100))
    print(f"wrote {OUT.relative_to(ROOT)}: {sum(len(v) for v in examples.values())} replies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
