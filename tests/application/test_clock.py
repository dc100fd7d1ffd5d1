"""Time extensions through the use cases: the V:EKN final table (its clock from the
seating and ``tables.final_minutes``, 3.1.1: "The final round may last longer than the
preliminary rounds"), and refusals that record nothing."""
from __future__ import annotations

from datetime import datetime

import pytest

from chalicelib.application import clock
from chalicelib.application.reads import Reads
from chalicelib.application.tournament import load
from chalicelib.auth import Principal
from chalicelib.domain.clock import plus_minutes
from chalicelib.domain.errors import Conflict, Forbidden, NotFound
from tests.application.conftest import organizer


def _play_rounds(api, event, rounds=3):
    tid, org = event["tid"], event["organizer"]
    for _ in range(rounds):
        seating = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org).body
        for k, table in enumerate(seating["tables"], start=1):
            vp = {p: 0 for p in table}
            vp[table[0]], vp[table[1]] = 2, 1
            assert api.post(f"/v1/tournaments/{tid}/tables/rounds/{seating['round']}/tables/"
                            f"{k}/result", {"vp": vp}, token=org).status == 200


def test_the_final_table_is_timed_from_its_seating_and_extended(api, rt, cases):
    event = api.ready("vtes", players=10, settings={"tables": {"final_minutes": 150}})
    tid, org = event["tid"], event["organizer"]
    _play_rounds(api, event)
    assert api.post(f"/v1/tournaments/{tid}/tables/final", token=org).status == 201
    with pytest.raises(Conflict) as waiting:
        cases.run(clock.extend_final, organizer(event), tid, 5, "ruling")
    assert waiting.value.code == "not_started"
    for _ in range(5):
        assert api.post(f"/v1/tournaments/{tid}/tables/final/cards", {"position": 0},
                        token=org).status == 200
    reads = Reads(rt.service, rt.views)
    t = load(reads, tid)
    seated = clock.tables_clock(rt.views, t, None)
    span = datetime.fromisoformat(seated["ends_at"]) - datetime.fromisoformat(
        seated["started_at"])
    assert span.total_seconds() == 150 * 60 and seated["extensions"] == []

    done = cases.run(clock.extend_final, organizer(event), tid, 12, "lengthy ruling (2.8)")
    assert (done["target"], done["total_minutes"], done["limit_minutes"]) == ("F", 12, 150)
    (extended,) = clock.tables_clock(rt.views, t, None)["extensions"]
    assert extended["ends_at"] == plus_minutes(seated["ends_at"], 12)
    assert api.get(f"/v1/tournaments/{tid}/tables/final").body["extensions"] == [extended]

    before = len(rt.events.read(f"clock-{tid}"))
    stranger = Principal("player", event["players"][0]["player_id"], tournament_id=tid,
                         player_id=event["players"][0]["player_id"])
    with pytest.raises(Forbidden):
        cases.run(clock.extend_final, stranger, tid, 5, "x")
    with pytest.raises(NotFound):
        cases.run(clock.extend_table, organizer(event), tid, 4, 1, 5, "x")
    with pytest.raises(Conflict) as over:
        cases.run(clock.extend_table, organizer(event), tid, 3, 1, 5, "x")
    assert over.value.code == "result_recorded"
    assert len(rt.events.read(f"clock-{tid}")) == before
    seating = api.get(f"/v1/tournaments/{tid}/tables/final").body["seating"]
    assert api.post(f"/v1/tournaments/{tid}/tables/final/result",
                    {"vp": {p: (5 if i == 0 else 0) for i, p in enumerate(seating)}},
                    token=org).status == 200
    with pytest.raises(Conflict) as finished:
        cases.run(clock.extend_final, organizer(event), tid, 5, "after the result")
    assert finished.value.code == "result_recorded"
