"""The projector applies each (stream, version) exactly once whatever the delivery."""
from __future__ import annotations

import random

import pytest

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


@counting.on("Poison")
def _poison(event, tx):
    raise ValueError("cannot project this")


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


def test_a_poison_event_blocks_only_its_stream_and_leaves_views_unchanged(setup):
    events, views, projector = setup
    append(events, "c", 0, [NewEvent("Added", {"n": 1}), NewEvent("Poison", {})])
    with pytest.raises(ValueError):
        projector.apply(events.read("c"))
    assert views.checkpoint("c") == 0 and views.get("total:c") is None
    projector.apply(events.read("a"))
    assert views.get("total:a")["sum"] == 15
