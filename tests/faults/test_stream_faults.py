"""The projector fed by the stream handler, under faults, against the views a whole event
produced inline: a handler that crashes once in the middle of a batch (re-delivery
converges), a duplicated batch, and batches delivered out of order. Every path ends with
views equal to the inline ones and to a rebuild."""
from __future__ import annotations

import pytest

from chalicelib.projections import all_projections
from chalicelib.projections.projector import Projector
from chalicelib.projections.registry import Projection
from chalicelib.projections.stream_handler import handle_stream_batch
from chalicelib.store.ports import StoreUnavailable
from chalicelib.store.sqlite_views import SqliteViewStore
from demo.client import Api
from demo.scenarios import mtg_conspiracy_ffa
from tests.e2e.transport import InProcessTransport
from tests.faults.lambda_poller import deliver, stream_record


@pytest.fixture
def finished_event(api, rt):
    """An MTG Conspiracy event played to the end (inline views are the reference)."""
    outcome = mtg_conspiracy_ffa.run(Api(InProcessTransport(api), api.admin_key))
    events = sorted(rt.events.all_events(), key=lambda e: (e.recorded_at, e.stream_id,
                                                            e.version))
    return outcome, events


def crash_once(event_type: str, at: int, times: int = 2) -> tuple[Projection, list]:
    """A projection whose handler fails (the store, for a moment: a poison event would be
    recorded as damage instead) on the ``at``-th ``event_type`` it sees, and on
    that same event ``times`` times in all (the stream handler tries a batch stream by
    stream, then record by record: a crash in both is a failure Lambda redelivers)."""
    crashes: list = []
    seen = [0]
    projection = Projection("crash-once")

    @projection.on(event_type)
    def explode(event, tx):
        seen[0] += 1
        key = (event.stream_id, event.version)
        if (seen[0] == at or (crashes and crashes[0] == key)) and len(crashes) < times:
            crashes.append(key)
            raise StoreUnavailable("the views table throttled mid-batch")   # transient
    return projection, crashes


def fresh_projector(rt, tmp_path, name, extra=()):
    views = SqliteViewStore(str(tmp_path / f"{name}.db"))
    return Projector(rt.events, views, [*all_projections(), *extra]), views


def test_a_crash_mid_batch_then_redelivery_converges(finished_event, rt, tmp_path):
    _, events = finished_event
    records = [stream_record(e, 1000 + i) for i, e in enumerate(events)]
    crasher, crashes = crash_once("CardPicked", at=150)
    projector, views = fresh_projector(rt, tmp_path, "crash", [crasher])
    stats = deliver(records, lambda batch: handle_stream_batch(batch, projector))
    assert len(crashes) == 2 and stats["redeliveries"] >= 1 and stats["failed_records"] >= 1
    assert views.dump() == rt.views.dump()


def test_a_duplicated_batch_and_out_of_order_batches_change_nothing(finished_event, rt,
                                                                      tmp_path):
    _, events = finished_event
    records = [stream_record(e, 1000 + i) for i, e in enumerate(events)]
    projector, views = fresh_projector(rt, tmp_path, "dup")
    batches = [records[i:i + 100] for i in range(0, len(records), 100)]
    for batch in batches[:3]:
        assert handle_stream_batch({"Records": batch}, projector) == {"batchItemFailures": []}
    once = views.dump()
    assert handle_stream_batch({"Records": batches[1]}, projector) == {"batchItemFailures": []}
    assert views.dump() == once                      # a duplicated batch is harmless
    for batch in reversed(batches[3:]):              # later batches, newest first
        assert handle_stream_batch({"Records": batch}, projector) == {"batchItemFailures": []}
    for batch in batches:                            # and the whole stream once more
        handle_stream_batch({"Records": batch}, projector)
    assert views.dump() == rt.views.dump()
    rt.projector.rebuild()
    assert views.dump() == rt.views.dump()
