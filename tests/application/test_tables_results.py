"""V:EKN tables through the use cases: each table's first result and its drops in its
own stream (reports of different tables never contend), the round closing once at its
last result with every table's seats, drops and result, a result reported again (a
correction) and a swap going through the tables stream, and a round whose closing
failed closed by the next seating."""
from __future__ import annotations

import threading

import pytest

from chalicelib.application import tables, tables_views
from chalicelib.domain.errors import Conflict
from chalicelib.domain.tournament import TOURNAMENT
from chalicelib.store.ports import ConcurrencyConflict
from tests.application import seeds
from tests.application.conftest import organizer


def _vp(table):
    return {p: (2 if i == 0 else 1 if i < 3 else 0) * 2 for i, p in enumerate(table)}


def _types(rt, stream_id):
    return [e.type for e in rt.events.read(stream_id)]


@pytest.fixture
def conflicts(world, monkeypatch):
    seen: list[str] = []
    rt = world.rt
    append = rt.events.append_batch

    def counted(writes, idempotency=None, tallies=()):
        try:
            return append(writes, idempotency, tallies)
        except ConcurrencyConflict as exc:
            seen.append(exc.stream_id)
            raise
    monkeypatch.setattr(rt.events, "append_batch", counted)
    return seen


def without_reaction(rt, monkeypatch, name):
    """The round-closing reaction fails to run (its commit is lost)."""
    reactor = rt.projector.reactor
    monkeypatch.setattr(reactor, "registry", tuple(r for r in reactor.registry if r.name != name))


def test_reports_of_different_tables_never_contend_and_the_round_closes_once(world, conflicts):
    event = world.given(seeds.ready("vtes", players=40))
    tid = event["tid"]
    seated = world.run(tables.seat_round, organizer(event), tid)
    assert len(seated["tables"]) == 8
    start = threading.Barrier(8)
    errors = []

    def report(k, table):
        try:
            start.wait()
            world.run(tables.report, organizer(event), tid, 1, k, _vp(table))
        except Exception as exc:  # noqa: BLE001 - collected and asserted
            errors.append(exc)

    threads = [threading.Thread(target=report, args=(k, t))
               for k, t in enumerate(seated["tables"], start=1)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == [] and not [s for s in conflicts if s.startswith("table-")]
    assert _types(world.rt, f"tables-{tid}").count("TablesRoundClosed") == 1
    closed = world.rt.events.read(f"tables-{tid}")[-1].data
    assert [t["seats"] for t in closed["tables"]] == seated["tables"]
    for k in range(1, 9):
        assert _types(world.rt, f"table-{tid}-r1-t{k}") == ["TablesTableReported"]
    doc = tables_views.seated_round(world.reads, tid, 1)
    assert all(t["result"] is not None for t in doc["tables"])


def test_drops_and_corrections_reach_the_closed_round(world):
    event = world.given(seeds.ready("vtes", players=10))
    tid = event["tid"]
    org = organizer(event)
    seated = world.run(tables.seat_round, org, tid)
    first, second = seated["tables"]
    leaver = first[2]
    t, _ = world.rt.service.read(TOURNAMENT, tid)
    dropped = world.run(tables.record_drop, t, leaver, True)
    assert dropped == {"round": 1, "table": 1, "match_id": None, "result": "loss"}
    assert _types(world.rt, f"table-{tid}-r1-t1") == ["TablesPlayerDropped"]
    with pytest.raises(Conflict) as refused:      # a player who left keeps the Loss
        world.run(tables.swap, org, tid, 1, (leaver, second[0]))
    assert refused.value.code == "player_dropped"
    vp = {p: 0 for p in first if p != leaver}
    vp[first[0]] = 8
    world.run(tables.report, org, tid, 1, 1, vp)
    corrected = {**vp, first[0]: 6, first[1]: 2}                 # reported again: the tables
    again = world.run(tables.report, org, tid, 1, 1, corrected)  # stream (no race with
    assert {r["player_id"]: r["vp_halves"] for r in again["result"]}[first[0]] == 6  # closing)
    assert _types(world.rt, f"tables-{tid}")[-1] == "TablesTableReported"
    world.run(tables.report, org, tid, 1, 2, _vp(second))
    closed = world.rt.events.read(f"tables-{tid}")[-1]
    assert closed.type == "TablesRoundClosed"
    table1 = closed.data["tables"][0]
    assert table1["dropped"] == [leaver] and table1["results"][first[0]]["vp_halves"] == 6
    assert table1["results"][leaver]["dropped"] is True


def test_a_round_whose_closing_failed_closes_at_the_next_seating(world, monkeypatch):
    event = world.given(seeds.ready("vtes", players=8))
    tid = event["tid"]
    seated = world.run(tables.seat_round, organizer(event), tid)
    without_reaction(world.rt, monkeypatch, "close-tables-round")
    for k, table in enumerate(seated["tables"], start=1):
        world.run(tables.report, organizer(event), tid, 1, k, _vp(table))
    assert "TablesRoundClosed" not in _types(world.rt, f"tables-{tid}")
    second = world.run(tables.seat_round, organizer(event), tid)
    assert second["round"] == 2
    assert _types(world.rt, f"tables-{tid}")[-2:] == ["TablesRoundClosed", "TablesRoundSeated"]


def test_seating_refuses_while_a_table_has_no_result(world):
    event = world.given(seeds.ready("vtes", players=8))
    tid = event["tid"]
    seated = world.run(tables.seat_round, organizer(event), tid)
    world.run(tables.report, organizer(event), tid, 1, 1, _vp(seated["tables"][0]))
    with pytest.raises(Conflict) as refused:
        world.run(tables.seat_round, organizer(event), tid)
    assert refused.value.code == "round_open" and refused.value.details["tables"] == [2]
