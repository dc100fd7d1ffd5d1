"""Drains the Web Push outbox: each due delivery is encrypted for its subscription (RFC
8291, aes128gcm) and signed with the deployment's VAPID key by pywebpush, many at once;
the outcomes are recorded a batch per tournament (``pushlog-<tid>``), whose projection
takes them off the outbox or reschedules them (doubling from
``PODIUM_PUSH_BACKOFF_SECONDS``, 8 attempts, like webhooks). 404/410 drop the
subscription. A delivery older than ``PODIUM_PUSH_TTL_SECONDS`` is not sent (expired)."""
from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import pywebpush
import requests

from ..domain.errors import DomainError
from ..domain.push import PUSH_LOG, PUSH_SUBSCRIPTIONS, RecordBatch, Unsubscribe
from ..projections.queries.push import DUE_KIND, done_id, subs_id
from ..service import Reply
from ..webhooks.resolve import RefusedAddress, vetted_addresses
from . import vapid
from .endpoints import allow_loopback, endpoint_problem

log = logging.getLogger(__name__)
# what the worker needs of the runtime: ``views``, ``service``, ``config``
Runtime = Any
MAX_ATTEMPTS = 8
BATCH = 500
_local = threading.local()


def _seconds(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


def _session() -> requests.Session:
    session = getattr(_local, "session", None)
    if session is None:
        session = _local.session = requests.Session()
    return session


def _send(key: Any, item: dict[str, Any], sub: dict[str, Any]) -> tuple[bool, int | None]:
    parts = urlsplit(sub["endpoint"])
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if endpoint_problem(sub["endpoint"]):
        return False, None
    try:
        vetted_addresses(parts.hostname, port, allow_loopback())
        response = pywebpush.webpush(
            {"endpoint": sub["endpoint"], "keys": {"p256dh": sub["p256dh"],
                                                  "auth": sub["auth"]}},
            data=json.dumps(item["entry"], sort_keys=True), vapid_private_key=key,
            vapid_claims={"sub": vapid.SUBJECT},
            ttl=int(_seconds("PODIUM_PUSH_TTL_SECONDS", 3600)), timeout=5.0,
            headers={"Urgency": "high"}, requests_session=_session())
        return True, response.status_code
    except pywebpush.WebPushException as exc:
        return False, exc.response.status_code if exc.response is not None else None
    except (RefusedAddress, OSError, requests.RequestException, ValueError):
        return False, None


def _result(rt: Runtime, key: Any, item: dict[str, Any], now: datetime) -> dict[str, Any]:
    subs = (rt.views.get(subs_id(f"{item['tournament_id']}:{item['player_id']}"))
            or {"subscriptions": []})["subscriptions"]
    sub = next((s for s in subs if s["subscription_id"] == item["subscription_id"]), None)
    attempt = item["attempt"]
    base = {"delivery_id": item["delivery_id"], "subscription_id": item["subscription_id"],
            "player_id": item["player_id"], "attempt": attempt, "next_attempt_at": None}
    age = now - datetime.fromisoformat(item["created_at"])
    if sub is None or sub["removed_at"] is not None:
        return {**base, "ok": False, "status": None, "outcome": "gone"}
    if age > timedelta(seconds=_seconds("PODIUM_PUSH_TTL_SECONDS", 3600)):
        return {**base, "ok": False, "status": None, "outcome": "expired"}
    ok, status = _send(key, item, sub)
    if ok:
        return {**base, "ok": True, "status": status, "outcome": "delivered"}
    if status in (404, 410):
        return {**base, "ok": False, "status": status, "outcome": "gone"}
    retry = status is None or status == 429 or status >= 500
    if retry and attempt < MAX_ATTEMPTS and not endpoint_problem(sub["endpoint"]):
        wait = _seconds("PODIUM_PUSH_BACKOFF_SECONDS", 30) * 2 ** (attempt - 1)
        return {**base, "ok": False, "status": status, "outcome": "retrying",
                "next_attempt_at": (now + timedelta(seconds=min(wait, 3600))).isoformat()}
    return {**base, "ok": False, "status": status, "outcome": "failed"}


def due(rt: Runtime, now: datetime, limit: int) -> list[dict[str, Any]]:
    cutoff = now.isoformat()
    return [v.doc for v in rt.views.list(DUE_KIND, limit=limit)
            if v.sort.split("|", 1)[0] <= cutoff and rt.views.get(done_id(v.doc["delivery_id"]))
            is None]


def _record(rt: Runtime, tid: str, results: list[dict[str, Any]]) -> None:
    for start in range(0, len(results), BATCH):
        chunk = tuple(results[start:start + BATCH])
        rt.service.run(lambda uow, chunk=chunk: (uow.decide(
            PUSH_LOG, tid, RecordBatch(chunk, uow.now.isoformat())),
            Reply(200, {}))[1])
    for r in results:
        if r["outcome"] == "gone":
            try:
                rt.service.run(lambda uow, r=r: (uow.decide(
                    PUSH_SUBSCRIPTIONS, (tid, r["player_id"]),
                    Unsubscribe(r["subscription_id"], "gone", uow.now.isoformat())),
                    Reply(200, {}))[1])
            except DomainError:
                log.warning("dropping subscription %s failed", r["subscription_id"])


def deliver_due(rt: Runtime, limit: int = 5000) -> dict[str, int]:
    """Send every delivery due now (oldest first, ``PODIUM_PUSH_CONCURRENCY`` at once) and
    record the outcomes; returns how many of each."""
    now = datetime.now(UTC)
    items = due(rt, now, limit)
    if not items:
        return {}
    key = vapid.vapid(rt.config.data_dir)
    workers = int(_seconds("PODIUM_PUSH_CONCURRENCY", 32))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(lambda item: _result(rt, key, item, now), items))
    by_tournament: dict[str, list[dict[str, Any]]] = defaultdict(list)
    counts: dict[str, int] = defaultdict(int)
    for item, result in zip(items, results, strict=True):
        by_tournament[item["tournament_id"]].append(result)
        counts[result["outcome"]] += 1
    for tid, found in by_tournament.items():
        _record(rt, tid, found)
    return dict(counts)


def next_due_in(rt: Runtime) -> float | None:
    first = rt.views.list(DUE_KIND, limit=1)
    if not first:
        return None
    at = datetime.fromisoformat(first[0].sort.split("|", 1)[0])
    return max((at - datetime.now(UTC)).total_seconds(), 0.0)


def drain(rt: Runtime) -> float | None:
    """The local thread's runner: deliver what is due; the seconds until the next."""
    deliver_due(rt)
    return next_due_in(rt)


def run_scheduled(rt: Runtime, budget_seconds: float = 20.0) -> dict[str, int]:
    """The scheduled Lambda's loop (deployed): drain until nothing is due or time is up."""
    deadline = time.monotonic() + budget_seconds
    counts: defaultdict[str, int] = defaultdict(int)
    while time.monotonic() < deadline:
        done = deliver_due(rt)
        for outcome, n in done.items():
            counts[outcome] += n
        if not done or set(done) <= {"retrying"}:
            break
    return dict(counts)
