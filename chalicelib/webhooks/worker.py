"""Drains the outbox: for each due delivery, POST the signed payload to its endpoint and
record the attempt (``WebhookAttempted``) in the delivery's own stream; the projection
then reschedules it (exponential backoff) or takes it off the outbox."""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from ..domain.errors import DomainError
from ..domain.webhooks import (
    DELIVERY,
    WEBHOOKS,
    RecordAttempt,
    signature_header,
    standard_headers,
)
from ..projections.queries.webhooks import DUE_KIND, delivery_doc_id
from ..service import Reply
from ..telemetry import metrics
from .derivation import deriver
from .sender import post
from .settings import backoff_base_seconds

log = logging.getLogger(__name__)
# what the worker needs of the runtime: ``views``, ``service`` and ``token_secret``
Runtime = Any
Send = Callable[[str, bytes, dict[str, str]], tuple[int | None, str | None]]


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="microseconds")


def body_of(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()


def due(rt: Runtime, now: datetime, limit: int = 100) -> list[dict[str, Any]]:
    cutoff = _iso(now)
    return [v.doc for v in rt.views.list(DUE_KIND, limit=limit)
            if v.sort.split("|", 1)[0] <= cutoff]


def next_due_in(rt: Runtime, now: datetime) -> float | None:
    first = rt.views.list(DUE_KIND, limit=1)
    if not first:
        return None
    at = datetime.fromisoformat(first[0].sort.split("|", 1)[0])
    return max((at - now).total_seconds(), 0.0)


def deliver(rt: Runtime, item: dict[str, Any], send: Send = post) -> str:
    """Attempt one delivery; returns its outcome (delivered, retrying, failed) or
    ``skipped`` when another worker got there first or the views are behind."""
    did, org, eid = item["delivery_id"], item["organizer_id"], item["endpoint_id"]
    delivery = rt.views.get(delivery_doc_id(did))
    state, _ = rt.service.read(DELIVERY, did)
    if delivery is None or state.final or (
            state.next_attempt_at is not None
            and state.next_attempt_at > _iso(datetime.now(UTC))):
        return "skipped"          # views behind the delivery's own stream: not due yet
    endpoints, _ = rt.service.read(WEBHOOKS, org)
    endpoint = endpoints.get(eid)
    attempt = state.attempts + 1
    signed_with: tuple[int, ...] = ()
    status: int | None
    error: str | None
    if endpoint is None or endpoint.removed_at is not None:
        status, error, give_up = None, "the endpoint was removed", True
    else:
        body = body_of(delivery["payload"])
        now = datetime.now(UTC)
        # current, then those in overlap; derived from their nonces only here
        signers = endpoint.signing_secrets(_iso(now), deriver(rt.token_secret))
        signed_with = tuple(version for version, _ in signers)
        secrets = [s for _, s in signers]
        timestamp = int(now.timestamp())
        headers = {"Content-Type": "application/json", "User-Agent": "Podium-Webhooks/1",
                   "X-Podium-Signature": signature_header(secrets, body),
                   "X-Podium-Timestamp": str(timestamp),
                   "X-Podium-Delivery": did, "X-Podium-Topic": delivery["topic"],
                   "X-Podium-Attempt": str(attempt),
                   # the delivery id: the same on every retry, so receivers drop duplicates
                   **standard_headers(secrets, did, timestamp, body)}
        status, error = send(endpoint.url, body, headers)
        give_up = False
    ok = error is None and status is not None and 200 <= status < 300
    if not ok and error is None:
        error = f"HTTP {status}"
    if not ok and not give_up:          # a send that failed (not a removed endpoint)
        metrics.count("WebhookDeliveryFailures")

    def work(uow) -> Reply:
        _, events = uow.decide(DELIVERY, did, RecordAttempt(
            did, eid, org, attempt, ok, status, error, _iso(uow.now),
            backoff_base_seconds(), give_up, signed_with))
        return Reply(200, {"outcome": events[0].data["outcome"]})
    try:
        return rt.service.run(work).body["outcome"]
    except DomainError:
        return "skipped"


def deliver_due(rt: Runtime, send: Send = post, limit: int = 100,
                deadline: float | None = None) -> list[str]:
    """Attempt every delivery due now (oldest first), stopping at ``deadline``
    (a ``time.monotonic()`` value) if given."""
    outcomes = []
    for item in due(rt, datetime.now(UTC), limit):
        if deadline is not None and time.monotonic() >= deadline:
            break
        outcomes.append(deliver(rt, item, send))
    return outcomes


def drain(rt: Runtime) -> float | None:
    """The local thread's runner: deliver what is due; the seconds until the next."""
    deliver_due(rt)
    return next_due_in(rt, datetime.now(UTC))


def run_scheduled(rt: Runtime, budget_seconds: float = 20.0,
                  send: Send = post) -> dict[str, int]:
    """The scheduled Lambda: drain until nothing is due or the budget is spent. The
    budget plus one POST's timeout stays inside the function's 30 s limit."""
    deadline = time.monotonic() + budget_seconds
    counts: dict[str, int] = {}
    while time.monotonic() < deadline:
        outcomes = deliver_due(rt, send=send, deadline=deadline)
        for outcome in outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        if not outcomes or all(o == "skipped" for o in outcomes):
            break
    log.info("webhook deliveries: %s", counts)
    return counts
