"""projections/push.py: a player's Web Push subscriptions, and one delivery in the outbox
per private feed entry of that player recorded while a subscription was live."""
from __future__ import annotations

from dataclasses import replace

from chalicelib.domain.draft.events import DraftStarted
from chalicelib.projections.queries.push import subs_id
from chalicelib.store.sqlite_events import SqliteEventStore
from tests.events import fixture_logs
from tests.projections import harness

MINE = harness.prefixed("push-")


def _log_with_a_subscription(name: str):
    """The fixture log with the first drafter subscribed before its first event."""
    log = fixture_logs.load(name)
    started = next(e for e in log.stored() if isinstance(e.event, DraftStarted))
    tid, player = started.stream_id.split("-", 1)[1], started.event.pods[0][0]
    first = min(e["recorded_at"] for e in log.events)
    subscribed = {"stream_id": f"push-{tid}-{player}", "version": 1, "type": "PushSubscribed",
                  "data": {"subscription_id": "s1", "endpoint": "https://push.example/1",
                           "p256dh": "k", "auth": "a", "at": first},
                  "meta": {"v": 1}, "event_id": "e-push-1", "recorded_at": first}
    return replace(log, events=[subscribed, *log.events]), tid, player


def test_a_delivery_per_private_entry_while_subscribed(tmp_path, monkeypatch):
    log, tid, player = _log_with_a_subscription("mtg-conspiracy")
    monkeypatch.setattr(fixture_logs, "load", lambda name: log)
    p = harness.from_log(tmp_path, "mtg-conspiracy", lambda v: True)
    assert [s["subscription_id"] for s in p.doc(subs_id(f"{tid}:{player}"))[
        "subscriptions"]] == ["s1"]
    mine = {d["position"] for v, d in p.docs().items()
            if v.startswith(f"feed:{tid}:{player}:")}
    due = [d for v, d in p.docs().items() if v.startswith("push-due:")]
    assert mine and {d["entry"]["position"] for d in due} == mine
    assert all(d["player_id"] == player and d["attempt"] == 1 for d in due)
    p.mine = MINE
    harness.assert_exactly_once_and_rebuildable(p)


def test_no_delivery_without_a_subscription(tmp_path):
    p = harness.from_log(tmp_path, "mtg-conspiracy", MINE)
    assert p.docs() == {}
    assert isinstance(p.events, SqliteEventStore)
