import pytest
from swiss_helpers import NOW, Harness, players

from chalicelib.domain.errors import Conflict, Forbidden, Invalid, NotFound
from chalicelib.domain.swiss import (
    ConfirmResult,
    CorrectResult,
    EnterResult,
    PairRound,
    ReportResult,
)
from chalicelib.domain.swiss.results import Score, validate
from chalicelib.domain.swiss.standings import standings


@pytest.mark.parametrize("score", [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 0, 0), (1, 1, 0),
                                   (0, 0, 0), (1, 1, 1), (1, 0, 2)])
def test_best_of_three_scores(score):
    assert validate(Score(*score), 3, True, False) == Score(*score)


@pytest.mark.parametrize("score", [(2, 2, 0), (3, 0, 0), (2, 1, 1), (-1, 2, 0), (1, 1, 2)])
def test_impossible_scores(score):
    with pytest.raises(Invalid):
        validate(Score(*score), 3, True, False)


def test_munchkin_has_no_draws_and_decisive_matches_need_a_winner():
    with pytest.raises(Invalid, match="impossible"):
        validate(Score(0, 0, 1), 1, False, False)
    with pytest.raises(Invalid):
        validate(Score(1, 0, 0), 3, False, True)     # untimed final: play to 2 wins
    assert validate(Score(2, 1, 0), 3, False, True).winner_side == "a"


def started(n=4, game="mtg"):
    h = Harness(game, "r")
    return h, h.pair(players(n))


def test_report_then_opponent_confirms_and_round_closes():
    h, paired = started()
    m1, m2 = paired["matches"]
    # who may report and confirm what: test_swiss_match.py (the match's own aggregate)
    h.run(ReportResult(m1["id"], m1["a"], 2, 1, NOW))
    with pytest.raises(Forbidden):
        h.run(ReportResult(m1["id"], m2["a"], 2, 0, NOW))      # routed to m1: not theirs
    assert [e.type for e in h.run(ConfirmResult(m1["id"], m1["b"], NOW))] == ["ResultConfirmed"]
    with pytest.raises(Conflict, match="without a result"):
        h.pair(players(4))
    h.run(ReportResult(m2["id"], m2["b"], 1, 2, NOW))
    events = h.run(ReportResult(m2["id"], m2["a"], 1, 2, NOW))    # same score = confirm
    assert [e.type for e in events] == ["ResultConfirmed", "RoundClosed"]
    assert h.state.rounds[0].closed


def test_refusals_change_nothing():
    h, paired = started()
    before = h.state
    for cmd, err in [
        (ReportResult("R9-1", "p000", 2, 0, NOW), NotFound),
        (ReportResult("nonsense", "p000", 2, 0, NOW), NotFound),
        (EnterResult(paired["matches"][0]["id"], "j", 2, 2, NOW), Invalid),
        (ConfirmResult(paired["matches"][0]["id"], paired["matches"][0]["b"], NOW), Conflict),
        (CorrectResult(paired["matches"][0]["id"], "j", 2, 0, NOW), Conflict),
        (PairRound("r", h.settings, ["p000", "p000"], NOW), Conflict),
    ]:
        with pytest.raises(err):
            h.run(cmd)
    assert h.state is before


def test_correction_after_later_round_recomputes_standings():
    h, paired = started(4)
    m1, m2 = paired["matches"]
    h.enter(m1["id"], 2, 0)
    h.enter(m2["id"], 2, 1)
    second = h.pair(players(4))
    points = {s.record.player: s.record.points for s in standings(h.state)}
    assert points[m1["a"]] == 3 and points[m1["b"]] == 0
    with pytest.raises(Conflict, match="closed"):
        h.enter(m1["id"], 0, 2)
    events = h.run(CorrectResult(m1["id"], "judge-2", 0, 2, NOW, reason="slip swapped"))
    assert events[0].type == "ResultCorrected"
    assert events[0].data["later_rounds_paired"] is True
    assert events[0].data["previous"] == {"a": 2, "b": 0, "draws": 0}
    points = {s.record.player: s.record.points for s in standings(h.state)}
    assert points[m1["a"]] == 0 and points[m1["b"]] == 3
    # The second round's pairings stay as they were.
    assert [m.a for m in h.state.rounds[1].matches] == [m["a"] for m in second["matches"]]
    with pytest.raises(Invalid, match="equals"):
        h.run(CorrectResult(m1["id"], "judge-2", 0, 2, NOW))


def test_rounds_stop_at_the_plan():
    h = Harness("munchkin", "plan")
    for _ in range(3):
        h.play(h.pair(players(6)), lambda m: (1, 0, 0))
    with pytest.raises(Conflict, match="all 3 Swiss rounds"):
        h.pair(players(6))


def test_player_list_is_validated():
    h = Harness("mtg", "v")
    with pytest.raises(Invalid) as err:
        h.run(PairRound("v", h.settings, ["p1", "p1", "", "p2"], NOW))
    assert err.value.details == ["player id '' is not a non-empty string",
                                 "player p1 is listed twice"]
    with pytest.raises(Invalid, match="at least two"):
        h.run(PairRound("v", h.settings, ["p1"], NOW))
    assert not h.state.started


def _snapshot(state):
    rounds = tuple((r.number, r.closed, tuple(sorted(r.results.items(), key=str)),
                    tuple(sorted(r.pending.items(), key=str)), r.corrected) for r in state.rounds)
    cut = state.cut and (state.cut.rounds, tuple(sorted(state.cut.results.items(), key=str)),
                         state.cut.champion)
    return (rounds, dict(state.dropped), dict(state.joined), state.planned_rounds, cut)


def test_evolve_never_mutates_the_state_it_is_given():
    from chalicelib.domain.swiss import SWISS, DropPlayer, StartTopCut
    h = Harness("munchkin", "imm")
    history = []

    def run(cmd):
        before = h.state
        snap = _snapshot(before)
        h.run(cmd)
        history.append((before, snap))

    for _ in range(4):
        paired = h.pair(players(11))
        for m in paired["matches"]:
            run(ReportResult(m["id"], m["a"], 1, 0, NOW))
            run(ConfirmResult(m["id"], m["b"], NOW))
        if len(h.state.rounds) == 2:
            run(CorrectResult(paired["matches"][0]["id"], "j", 0, 1, NOW))
            run(DropPlayer(paired["matches"][1]["b"], "j", NOW))
    run(StartTopCut("org", NOW))
    run(EnterResult("C1-1", "j", 1, 0, NOW))
    for before, snap in history:
        assert _snapshot(before) == snap
    assert SWISS.initial() == SWISS.initial() and not SWISS.initial().rounds
