"""The projector applies each (stream, version) exactly once whatever the delivery."""
from __future__ import annotations

import random

import pytest

from chalicelib.projections import damage
from chalicelib.projections.projector import Projector
from chalicelib.projections.registry import Projection
from chalicelib.store.ports import NewEvent, append

counting = Projection("test")


@counting.on("Added")
def _added(event, tx):
    view_id = f"total:{event.stream_id}"
    doc = tx.get(view_id) or {"sum": 0, "seen": []}
    tx.put(view_id, {"sum": doc["sum"] + event.data["n"], "seen": doc["seen"] + [event.version]},
           kind="total", sort=event.stream_id)


POISON_CALLS: list[tuple[str, int]] = []
CURED: set[str] = set()        # streams whose poison "a fix" made projectable


@counting.on("Poison")
def _poison(event, tx):
    POISON_CALLS.append((event.stream_id, event.version))
    if event.stream_id not in CURED:
        raise ValueError("cannot project this")
    tx.put(f"cured:{event.stream_id}", {"at": event.version}, kind="cured")


@pytest.fixture
def setup(stores):
    events, views = stores
    for stream in ("a", "b"):
        append(events, stream, 0, [NewEvent("Added", {"n": n}) for n in range(1, 6)])
    return events, views, Projector(events, views, [counting])


def expected(views):
    return {k: v for k, v in views.dump().items()}


def test_duplicates_and_redelivery_change_nothing(setup):
    events, views, projector = setup
    batch = events.read("a") + events.read("b")
    projector.apply(batch)
    once = expected(views)
    assert once["total:a"] == {"sum": 15, "seen": [1, 2, 3, 4, 5]}
    projector.apply(batch + batch)                      # duplicated batch
    projector.apply(events.read("a")[1:3])              # re-delivered old records
    assert expected(views) == once


def test_out_of_order_and_gaps_are_filled_from_the_store(setup):
    events, views, projector = setup
    a = events.read("a")
    projector.apply([a[3], a[1]])                       # 4 and 2 arrive first: gap -> read
    assert views.get("total:a") == {"sum": 15, "seen": [1, 2, 3, 4, 5]}
    shuffled = events.read("b")
    random.Random(7).shuffle(shuffled)
    projector.apply(shuffled)
    assert views.get("total:b")["seen"] == [1, 2, 3, 4, 5]


def test_rebuild_equals_incremental(setup):
    events, views, projector = setup
    for e in events.read("a") + events.read("b"):
        projector.apply([e])
    append(events, "a", 5, [NewEvent("Added", {"n": 10})])
    projector.catch_up("a")
    incremental = expected(views)
    assert projector.rebuild() == 11
    assert expected(views) == incremental


def test_a_poison_event_damages_only_its_stream_once_and_is_retried_after_a_fix(setup):
    events, views, projector = setup
    POISON_CALLS.clear()
    CURED.discard("c")
    append(events, "c", 0, [NewEvent("Added", {"n": 1}), NewEvent("Poison", {})])
    projector.apply(events.read("c"))                   # recorded, not raised
    assert views.checkpoint("c") == -2 and views.get("total:c") is None
    found = views.get(damage.doc_id("c"))
    assert found["version"] == 2 and found["event_type"] == "Poison"
    assert found["projected_to"] == 0 and "cannot project this" in found["error"]
    assert [d["stream_id"] for d in damage.damaged(views)] == ["c"]
    for version in range(2, 12):                        # later appends: never re-run
        append(events, "c", version, [NewEvent("Added", {"n": 1})])
        projector.apply(events.read("c", after=version))
    assert POISON_CALLS == [("c", 2)] and views.checkpoint("c") == -2
    projector.apply(events.read("a"))                   # other streams project on
    assert views.get("total:a")["sum"] == 15
    CURED.add("c")                                      # the fix is deployed: retry
    assert projector.retry("c") == 12
    assert views.get("total:c")["sum"] == 11 and views.get("cured:c") == {"at": 2}
    assert views.get(damage.doc_id("c")) is None and damage.damaged(views) == []


def test_reads_of_a_damaged_streams_views_answer_damaged_and_others_read(setup):
    events, views, projector = setup
    CURED.discard("d")
    append(events, "d", 0, [NewEvent("Added", {"n": 4})])
    projector.apply(events.read("d") + events.read("a"))
    append(events, "d", 1, [NewEvent("Poison", {})])
    projector.apply(events.read("d", after=1))
    damage.forget_cached()
    guarded = damage.GuardedViews(views)
    with pytest.raises(damage.StreamViewsDamaged) as raised:
        guarded.get("total:d")
    assert raised.value.found["stream_id"] == "d"
    with pytest.raises(damage.StreamViewsDamaged):
        guarded.get_many(["total:a", "total:d"])
    with pytest.raises(damage.StreamViewsDamaged):
        guarded.list("total")
    assert guarded.get("total:a")["sum"] == 15 and guarded.get_many(["total:a"])
    damage.forget_cached()
