"""`make fuzz`, hostile part: over real HTTP, every operation of openapi.yaml gets JSON
nested 1,000 deep, a 4,301-digit number in each numeric body property, its integer path and
query parameters at 4,301 digits. Every answer is a 4xx in the common error shape and leaves
the event store exactly as it was."""
from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

import yaml

from tests.fuzz.events import counter
from tests.fuzz.test_schemathesis import seed
from tests.support.hostile import DEEP, DEEP_OBJECT, HUGE, huge_number_bodies
from tests.support.spec import SAFE_LOADER

ROOT = Path(__file__).resolve().parents[2]
_PARAM = re.compile(r"\{(\w+)\}")


def _resolve(spec: dict, node: dict | None) -> dict | None:
    while node and "$ref" in node:
        *_, name = node["$ref"].split("/")
        node = spec["components"]["schemas"][name]
    return node


def _send(url: str, method: str, body: bytes | None, token: str) -> tuple[int, object]:
    request = urllib.request.Request(url, data=body, method=method, headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            status, raw = reply.status, reply.read()
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read()
    try:
        return status, json.loads(raw or b"null")
    except ValueError:
        return status, raw[:200]


def _cases(spec: dict, seeded: dict[str, str]):
    """(label, method, path, body) for every hostile request the spec's operations admit."""
    for template, item in spec["paths"].items():
        if template.endswith("/feed/stream"):   # an SSE stream stays open (test_schemathesis)
            continue
        for method, op in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            params = [p for p in op.get("parameters", []) + item.get("parameters", [])
                      if "$ref" not in p]
            ints = {p["name"] for p in params if p["in"] == "path"
                    and (_resolve(spec, p.get("schema")) or {}).get("type") == "integer"}
            path = _PARAM.sub(lambda m: seeded.get(m.group(1), "1"), template)
            label = f"{method.upper()} {template}"
            if ints:
                huge_path = _PARAM.sub(lambda m, ints=ints: HUGE if m.group(1) in ints
                                       else seeded.get(m.group(1), "1"), template)
                yield f"{label} [4,301-digit path]", method, huge_path, None
            queries = [p["name"] for p in params if p["in"] == "query"
                       and (_resolve(spec, p.get("schema")) or {}).get("type") == "integer"]
            if queries:
                query = "&".join(f"{name}={HUGE}" for name in queries)
                yield f"{label} [4,301-digit query]", method, f"{path}?{query}", None
            content = (op.get("requestBody") or {}).get("content", {})
            if "application/json" in content:
                schema = _resolve(spec, content["application/json"].get("schema"))
                for body in (DEEP, DEEP_OBJECT, *huge_number_bodies(schema)):
                    yield f"{label} [{body[:12]!r}...]", method, path, body


def test_deep_json_and_huge_numbers_on_every_operation(live_server):
    seeded = seed(live_server)
    spec = yaml.load((ROOT / "openapi.yaml").read_text(), Loader=SAFE_LOADER)  # noqa: S506 - the safe loader (C)
    count = counter(live_server)
    failures, sent, classes = [], 0, Counter()
    for label, method, path, body in _cases(spec, seeded):
        if path.endswith(("/finish", "/admin/projections/rebuild")) and body is None:
            continue        # a valid call there would end the seeded event
        before = count()
        status, reply = _send(live_server.url + path, method.upper(), body, seeded["org"])
        sent += 1
        classes[status // 100] += 1
        if status >= 500 or (status >= 400 and not (
                isinstance(reply, dict) and {"error", "message"} <= set(reply))):
            failures.append(f"{label} -> {status} {str(reply)[:160]}")
        if status >= 400 and count() != before:
            failures.append(f"{label} -> {status}: a rejected request changed the event store")
    print(f"hostile fuzz: {sent} requests, by class {dict(classes)}")
    assert sent > 200 and classes[4] > 200, (sent, classes)   # every operation was reached
    assert not failures, "\n".join(failures)
