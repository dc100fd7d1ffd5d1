"""The judges' records through the use cases, without HTTP: a loss becomes the Swiss
match's result through the staff's entry or correction, a disqualification the drop
with its Loss, an overturned game loss stops counting at a table reported later, and a
concession reported as ousts in sequence."""
from __future__ import annotations

import pytest

from chalicelib.application import (
    judging,
    swiss_results,
    swiss_rounds,
    table_endings,
    tables,
    tournaments,
)
from chalicelib.auth import Principal
from chalicelib.domain.errors import Conflict, Forbidden
from chalicelib.domain.tournament import TOURNAMENT
from tests.application import seeds
from tests.application.conftest import organizer, player


@pytest.fixture
def swiss(world):
    event = world.given(seeds.ready("mtg", "booster-draft", players=6, structure="swiss"))
    world.run(swiss_rounds.pair_round, organizer(event), event["tid"], None)
    return event


def _match(rt, tid, pid):
    from chalicelib.domain.swiss import SWISS
    state, _ = rt.service.read(SWISS, tid)
    return next(m for m in state.rounds[0].matches if pid in (m.a, m.b))


def test_a_match_loss_is_the_swiss_result_entered_by_the_staff(world, swiss):
    tid, org = swiss["tid"], organizer(swiss)
    pid = swiss["players"][0]["player_id"]
    match = _match(world.rt, tid, pid)
    given = world.run(judging.give_penalty, org, tid, pid, "match_loss", "collusion",
                      "cheating", 1)
    side = "a" if match.a == pid else "b"
    expected = {"a": 0, "b": 2, "draws": 0} if side == "a" else {"a": 2, "b": 0, "draws": 0}
    assert given["applied"] == {"swiss": {"match_id": match.id, "score": expected,
                                          "corrected": False}}
    doc = world.run(swiss_results.document, tid, match.id)
    assert doc["status"] == "final" and doc["score"] == expected


def test_a_game_loss_after_the_result_corrects_it(world, swiss):
    tid, org = swiss["tid"], organizer(swiss)
    pid = swiss["players"][1]["player_id"]
    match = _match(world.rt, tid, pid)
    world.run(swiss_results.report, org, tid, match.id, 1, 1, 1)         # a 1-1-1 draw
    given = world.run(judging.give_penalty, org, tid, pid, "game_loss", "marked sleeves",
                      "marked_cards", 1)
    side = "a" if match.a == pid else "b"
    score = given["applied"]["swiss"]["score"]
    assert given["applied"]["swiss"]["corrected"] is True
    mine, theirs = (score["a"], score["b"]) if side == "a" else (score["b"], score["a"])
    assert (mine, theirs, score["draws"]) == (1, 2, 0)
    doc = world.run(swiss_results.document, tid, match.id)
    assert doc["score"] == score and doc["corrected"]


def test_a_disqualification_is_the_drop_with_the_loss_of_the_paired_match(world, swiss):
    tid, org = swiss["tid"], organizer(swiss)
    pid = swiss["players"][2]["player_id"]
    with pytest.raises(Forbidden):
        world.run(judging.give_penalty, Principal("judge", "j0000000000", tournament_id=tid),
                  tid, pid, "disqualification", "cheating", "cheating")
    given = world.run(judging.give_penalty, org, tid, pid, "disqualification",
                      "looked at the opponent's cards while shuffling", "cheating")
    assert given["applied"]["drop"]["dropped"] is True
    assert given["applied"]["drop"]["round_result"]["result"] == "loss"
    state, _ = world.rt.service.read(TOURNAMENT, tid)
    assert state.players[pid].status == "dropped"
    assert state.players[pid].drop_reason.startswith("disqualified: ")
    # a disqualified player receives nothing more, and is not paired again
    with pytest.raises(Conflict):
        world.run(judging.give_penalty, org, tid, pid, "warning", "x")


def test_tardiness_in_swiss_is_the_match_lost(world, swiss, monkeypatch):
    from datetime import timedelta
    tid, org = swiss["tid"], organizer(swiss)
    pid = swiss["players"][3]["player_id"]
    world.run(judging.announce_start, org, tid, 1, None)
    later = world.rt.service.clock() + timedelta(minutes=16)
    monkeypatch.setattr(world.rt.service, "clock", lambda: later)
    given = world.run(judging.record_tardy, org, tid, 1, pid)
    assert (given["kind"], given["infraction"]) == ("match_loss", "tardiness")
    assert given["applied"]["swiss"]["score"] in ({"a": 0, "b": 2, "draws": 0},
                                                  {"a": 2, "b": 0, "draws": 0})


def test_an_overturned_game_loss_no_longer_counts_at_the_table(world):
    event = world.given(seeds.ready("vtes", players=10))
    tid, org = event["tid"], organizer(event)
    seating = world.run(tables.seat_round, org, tid)
    one = seating["tables"][0]
    jid = world.run(tournaments.add_judge, org, tid, "Floor", None,
                    "pdm_judge_floor_" + "0" * 28)["judge_id"]
    floor = Principal("judge", jid, tournament_id=tid)
    given = world.run(judging.give_penalty, floor, tid, one[0], "game_loss",
                      "drew extra cards", "procedural", 1)
    world.run(judging.file_appeal, player(event, one[0]), tid, given["penalty_id"],
              "the card was a replacement")
    decided = world.run(judging.decide_appeal, org, tid, given["penalty_id"], "overturned",
                        "a replacement, not an extra card")
    assert decided["status"] == "overturned"
    # the first seat ousts each prey in turn and is the last one standing (3.7.2)
    result = world.run(table_endings.report_ending, org, tid, 1, 1, one[1:], "played_out",
                       None)
    vp = {r["player_id"]: r["vp_halves"] for r in result["result"]}
    assert vp[one[0]] == 2 * len(one) and result["end"] == "played_out"
