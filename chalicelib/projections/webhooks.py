"""Webhook outbox and delivery log.

* ``webhooks:<org>`` (stream ``webhooks-<org>``): the organizer's endpoints (no secrets).
* ``webhook-delivery:<did>`` (kind ``webhook-log|<endpoint>``, sort ``<time>|<did>``):
  one delivery of one domain event to one endpoint, written by the event's own stream.
* ``webhook-attempts:<did>`` (stream ``webhook-<did>``): its attempts and outcome.
* ``webhook-due:<did>`` (kind ``webhook-due``, sort ``<due time>|<did>``): the outbox the
  worker drains. Both streams write it, convergently: the source event creates it unless
  the attempts already ended; an attempt moves it (retry) or removes it (final), so any
  order of projection gives the same outbox.

A delivery goes to endpoints registered at or before the event (and not removed
before it), so a rebuild never sends old events to newer endpoints."""
from __future__ import annotations

import hashlib
from typing import Any

from ..domain import streams
from ..domain.events import Event
from ..domain.ledger.events import LedgerEventInvalidated, LedgerEventRecorded
from ..domain.swiss.events import RoundPaired
from ..domain.table_draft.events import TableDraftCompleted
from ..domain.webhooks.catalog import SOURCE_EVENTS, topic_of
from ..domain.webhooks.events import (
    WebhookAttempted,
    WebhookEndpointRegistered,
    WebhookEndpointRemoved,
)
from . import signals
from .queries.webhooks import DUE_KIND, attempts_id, delivery_doc_id, log_kind
from .registry import Projection, Stored, ViewTx, keyed
from .tournaments import summary_id, tournament_of_stream

projection = Projection("webhooks")


endpoints_id = keyed("webhooks:")           # by organizer id


def delivery_id_of(endpoint_id: str, stream_id: str, version: int) -> str:
    digest = hashlib.sha256(f"{endpoint_id}|{stream_id}|{version}".encode()).hexdigest()
    return "d" + digest[:23]


due_id = keyed("webhook-due:")                   # by delivery id


DUE_SIGNAL = signals.WEBHOOK_DUE     # a delivery is due (the reaction wakes the worker)


def _org(event: Stored[Event]) -> str:
    return event.stream_id.split("-", 1)[1]


@projection.on(WebhookEndpointRegistered)
def _registered(stored: Stored[WebhookEndpointRegistered], tx: ViewTx) -> None:
    org, e = _org(stored), stored.event
    doc = tx.get(endpoints_id(org)) or {"organizer_id": org, "endpoints": []}
    entry = {"endpoint_id": e.endpoint_id, "url": e.url, "topics": e.topics,
             "description": e.description, "registered_at": e.at, "removed_at": None}
    tx.put(endpoints_id(org), {**doc, "endpoints": doc["endpoints"] + [entry]},
           kind="webhooks")


@projection.on(WebhookEndpointRemoved)
def _removed(stored: Stored[WebhookEndpointRemoved], tx: ViewTx) -> None:
    org, removed = _org(stored), stored.event
    doc = tx.need(endpoints_id(org))
    tx.put(endpoints_id(org), {**doc, "endpoints": [
        {**e, "removed_at": removed.at} if e["endpoint_id"] == removed.endpoint_id else e
        for e in doc["endpoints"]]}, kind="webhooks")


# What a tournament.created delivery carries: the public facts and the seed's commitment
# (never the seed, the settings or the registration code's digest).
CREATED_PUBLIC = ("tournament_id", "organizer_id", "name", "game", "format", "structure",
                  "seed_sha256", "starts_at", "location", "created_at")


def _payload(event: Stored[Event], tid: str | None, topic: str, did: str) -> dict[str, Any]:
    data = dict(event.data)
    if isinstance(event.event, LedgerEventRecorded | LedgerEventInvalidated):
        data = _ratings(event.event)
    if event.type == "TournamentCreated":
        data = {k: data.get(k) for k in CREATED_PUBLIC}
    if isinstance(event.event, RoundPaired) and "pairs" in data:   # receivers read matches
        data["matches"] = event.event.matches()
        data.pop("pairs")
    pod = streams.pod_number_of(event.stream_id)
    if pod is not None:
        data.setdefault("pod", pod)
    return {"id": did, "topic": topic, "event": event.type, "tournament_id": tid,
            "occurred_at": event.recorded_at,
            "source": {"stream": event.stream_id, "version": event.version}, "data": data}


def _ratings(e: LedgerEventRecorded | LedgerEventInvalidated) -> dict[str, Any]:
    """What a ratings.changed delivery carries: the event and the ratings it moved (not
    the whole record: its players' results are the federation's own)."""
    if isinstance(e, LedgerEventInvalidated):
        return {"event_id": e.event_id, "action": "invalidated", "reason": e.reason,
                "changes": e.changes, "at": e.at}
    return {"event_id": e.record["event_id"], "action": "recorded" if e.version == 1
            else "corrected", "version": e.version, "changes": e.changes, "at": e.at}


def _owner(event: Stored[Event], tx: ViewTx) -> tuple[str, str | None] | None:
    """(whose endpoints get the event, its tournament), None when nobody's do."""
    if streams.kind_of(event.stream_id) == "ledger":      # a federation's ledger
        changes = getattr(event.event, "changes", None)
        return (_org(event), None) if changes else None
    tid = tournament_of_stream(event.stream_id)
    summary = tx.get(summary_id(tid)) if tid else None
    return None if summary is None else (summary["organizer_id"], tid)


@projection.on(*SOURCE_EVENTS)
def _source(event: Stored[Event], tx: ViewTx) -> None:
    topic = topic_of(event.type)
    if isinstance(event.event, TableDraftCompleted) \
            and streams.capability_of(event.stream_id) == "mixed-draft":
        return      # a mixed draft's crypt table is done, not its draft: library rounds follow
    found = _owner(event, tx)
    if found is None or topic is None:
        return
    org, tid = found
    endpoints = (tx.get(endpoints_id(org)) or {"endpoints": []})["endpoints"]
    queued = False
    for endpoint in endpoints:
        if topic not in endpoint["topics"] or endpoint["registered_at"] > event.recorded_at \
                or (endpoint["removed_at"] and endpoint["removed_at"] <= event.recorded_at):
            continue
        did = delivery_id_of(endpoint["endpoint_id"], event.stream_id, event.version)
        tx.put(delivery_doc_id(did), {
            "delivery_id": did, "endpoint_id": endpoint["endpoint_id"], "organizer_id": org,
            "tournament_id": tid, "topic": topic, "created_at": event.recorded_at,
            "payload": _payload(event, tid, topic, did)},
            kind=log_kind(endpoint["endpoint_id"]), sort=f"{event.recorded_at}|{did}")
        attempts = tx.get(attempts_id(did))
        if attempts is None or attempts["next_attempt_at"] is not None:
            due_at = attempts["next_attempt_at"] if attempts else event.recorded_at
            tx.put(due_id(did), {"delivery_id": did, "endpoint_id": endpoint["endpoint_id"],
                                 "organizer_id": org, "due_at": due_at},
                   kind=DUE_KIND, sort=f"{due_at}|{did}", shared=True)
            queued = True
    if queued:
        tx.signal(DUE_SIGNAL)


@projection.on(WebhookAttempted)
def _attempted(stored: Stored[WebhookAttempted], tx: ViewTx) -> None:
    e = stored.event
    did, due_at = e.delivery_id, e.next_attempt_at
    doc = tx.get(attempts_id(did)) or {"delivery_id": did, "attempts": []}
    attempt = {"attempt": e.attempt, "at": e.at, "ok": e.ok, "status_code": e.status_code,
               "error": e.error, "signed_with": e.signed_with}
    tx.put(attempts_id(did), {**doc, "attempts": doc["attempts"] + [attempt],
                              "outcome": e.outcome, "next_attempt_at": due_at},
           kind="webhook-attempts")
    if due_at is None:
        tx.delete(due_id(did), shared=True)
        return
    if tx.get(delivery_doc_id(did)) is not None or tx.get(due_id(did)) is not None:
        tx.put(due_id(did), {"delivery_id": did, "endpoint_id": e.endpoint_id,
                             "organizer_id": e.organizer_id, "due_at": due_at},
               kind=DUE_KIND, sort=f"{due_at}|{did}", shared=True)
        tx.signal(DUE_SIGNAL)
