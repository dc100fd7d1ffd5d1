"""Web Push views: each player's subscriptions (``push-subs:<tid>:<pid>``, from the
player's push stream) and the outbox of deliveries (``push-due:<did>``, kind ``push-due``,
sort ``<due at>|<did>``): every private feed entry goes to each subscription its player
had when the entry's event was recorded. A delivery's outcome (``push-done:<did>``, from
``pushlog-<tid>``) takes it off the outbox; a retry moves it. Both streams write the
outbox, convergently (``shared``), as the webhook outbox does."""
from __future__ import annotations

import hashlib
from typing import Any

from ..domain.events import Event
from ..domain.push import PushBatchAttempted, PushSubscribed, PushUnsubscribed
from . import feed_entries, signals
from .queries.push import DUE_KIND, done_id, subs_id
from .registry import Projection, Stored, ViewTx, keyed
from .stream_ids import tid_of

projection = Projection("push")
due_id = keyed("push-due:")            # by delivery id


def delivery_id(subscription_id: str, position: str) -> str:
    return "w" + hashlib.sha256(f"{subscription_id}|{position}".encode()).hexdigest()[:23]


def _player(stored: Stored[Event]) -> tuple[str, str]:
    tid = tid_of(stored.stream_id)
    return tid, stored.stream_id.rsplit("-", 1)[1]


@projection.on(PushSubscribed)
def _subscribed(stored: Stored[PushSubscribed], tx: ViewTx) -> None:
    tid, pid = _player(stored)
    e = stored.event
    doc = tx.get(subs_id(f"{tid}:{pid}")) or {"subscriptions": []}
    entry = {"subscription_id": e.subscription_id, "endpoint": e.endpoint,
             "p256dh": e.p256dh, "auth": e.auth, "subscribed_at": stored.recorded_at,
             "removed_at": None}
    tx.put(subs_id(f"{tid}:{pid}"), {"subscriptions": doc["subscriptions"] + [entry]},
           kind="push-subs")


@projection.on(PushUnsubscribed)
def _unsubscribed(stored: Stored[PushUnsubscribed], tx: ViewTx) -> None:
    tid, pid = _player(stored)
    doc = tx.get(subs_id(f"{tid}:{pid}")) or {"subscriptions": []}
    gone = stored.event.subscription_id
    tx.put(subs_id(f"{tid}:{pid}"), {"subscriptions": [
        {**s, "removed_at": stored.recorded_at} if s["subscription_id"] == gone else s
        for s in doc["subscriptions"]]}, kind="push-subs")


def _queue(tx: ViewTx, stored: Stored[Event], tid: str, pid: str, entry: dict[str, Any]) -> None:
    """The private-entry hook: a delivery per subscription live at the event."""
    doc = tx.get(subs_id(f"{tid}:{pid}"))
    if doc is None:
        return
    queued = False
    for sub in doc["subscriptions"]:
        if sub["subscribed_at"] > stored.recorded_at or \
                (sub["removed_at"] and sub["removed_at"] <= stored.recorded_at):
            continue
        did = delivery_id(sub["subscription_id"], entry["position"])
        if tx.get(done_id(did)) is not None:
            continue
        tx.put(due_id(did), {"delivery_id": did, "tournament_id": tid, "player_id": pid,
                             "subscription_id": sub["subscription_id"], "attempt": 1,
                             "due_at": stored.recorded_at, "created_at": stored.recorded_at,
                             "entry": entry},
               kind=DUE_KIND, sort=f"{stored.recorded_at}|{did}", shared=True)
        queued = True
    if queued:
        tx.signal(signals.PUSH_DUE)


feed_entries.private_hooks.append(_queue)


@projection.on(PushBatchAttempted)
def _attempted(stored: Stored[PushBatchAttempted], tx: ViewTx) -> None:
    for r in stored.event.results:
        did = r["delivery_id"]
        if r["next_attempt_at"] is None:
            tx.put(done_id(did), {"outcome": r["outcome"], "status": r["status"],
                                  "attempt": r["attempt"], "at": stored.recorded_at},
                   kind="push-done")
            tx.delete(due_id(did), shared=True)
            continue
        current = tx.get(due_id(did))
        if current is not None:
            tx.put(due_id(did), {**current, "attempt": r["attempt"] + 1,
                                 "due_at": r["next_attempt_at"]},
                   kind=DUE_KIND, sort=f"{r['next_attempt_at']}|{did}", shared=True)
            tx.signal(signals.PUSH_DUE)
