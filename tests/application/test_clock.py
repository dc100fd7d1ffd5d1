"""Time extensions through the use cases: the V:EKN final table (its clock from the
seating and ``tables.final_minutes``, 3.1.1: "The final round may last longer than the
preliminary rounds"), and refusals that record nothing."""
from __future__ import annotations

from datetime import datetime

import pytest

from chalicelib.application import clock, tables, tables_views
from chalicelib.application.tournament import load
from chalicelib.auth import Principal
from chalicelib.domain.clock import plus_minutes
from chalicelib.domain.errors import Conflict, Forbidden, NotFound
from tests.application import seeds
from tests.application.conftest import organizer


def _play_rounds(world, event, rounds=3):
    tid, org = event["tid"], organizer(event)
    for _ in range(rounds):
        seating = world.run(tables.seat_round, org, tid)
        for k, table in enumerate(seating["tables"], start=1):
            vp = {p: 0 for p in table}
            vp[table[0]], vp[table[1]] = 4, 2            # half points: 2 VP and 1 VP
            world.run(tables.report, org, tid, seating["round"], k, vp)


def test_the_final_table_is_timed_from_its_seating_and_extended(world):
    event = world.given(seeds.ready("vtes", players=10,
                                    settings={"tables": {"final_minutes": 150}}))
    tid, org = event["tid"], organizer(event)
    rt = world.rt
    _play_rounds(world, event)
    world.run(tables.start_final, org, tid)
    with pytest.raises(Conflict) as waiting:
        world.run(clock.extend_final, org, tid, 5, "ruling")
    assert waiting.value.code == "not_started"
    for _ in range(5):
        world.run(tables.place_card, org, tid, 0, None)
    reads = world.reads
    t = load(reads, tid)
    seated = clock.tables_clock(rt.views, t, None)
    span = datetime.fromisoformat(seated["ends_at"]) - datetime.fromisoformat(
        seated["started_at"])
    assert span.total_seconds() == 150 * 60 and seated["extensions"] == []

    done = world.run(clock.extend_final, org, tid, 12, "lengthy ruling (2.8)")
    assert [(e.stream_id, e.type) for e in world.appended] == [(f"clock-{tid}", "TimeExtended")]
    assert (done["target"], done["total_minutes"], done["limit_minutes"]) == ("F", 12, 150)
    (extended,) = clock.tables_clock(rt.views, t, None)["extensions"]
    assert extended["ends_at"] == plus_minutes(seated["ends_at"], 12)
    assert tables_views.final(reads, tid)["extensions"] == [extended]

    before = len(rt.events.read(f"clock-{tid}"))
    stranger = Principal("player", event["players"][0]["player_id"], tournament_id=tid,
                         player_id=event["players"][0]["player_id"])
    with pytest.raises(Forbidden):
        world.run(clock.extend_final, stranger, tid, 5, "x")
    with pytest.raises(NotFound):
        world.run(clock.extend_table, org, tid, 4, 1, 5, "x")
    with pytest.raises(Conflict) as over:
        world.run(clock.extend_table, org, tid, 3, 1, 5, "x")
    assert over.value.code == "result_recorded"
    assert len(rt.events.read(f"clock-{tid}")) == before
    seating = tables_views.final(reads, tid)["seating"]
    world.run(tables.report_final, org, tid,
              {p: (10 if i == 0 else 0) for i, p in enumerate(seating)})
    with pytest.raises(Conflict) as finished:
        world.run(clock.extend_final, org, tid, 5, "after the result")
    assert finished.value.code == "result_recorded"
