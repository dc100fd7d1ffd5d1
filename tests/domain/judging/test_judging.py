"""The judges' records as a pure decider, from the V:EKN tournament rules' text."""
from __future__ import annotations

import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict, Forbidden, Invalid, NotFound
from chalicelib.domain.judging import (
    JUDGING,
    AnnounceRoundStart,
    DecideAppeal,
    FileAppeal,
    GivePenalty,
    MarkPresent,
    NameOfficials,
    Official,
    ruling_judge,
)

JUDGE = {"role": "judge", "id": "j1"}
HEAD = {"role": "judge", "id": "hj"}
PLAYERS = frozenset(f"p{i}" for i in range(8))
STAFF = frozenset({"org", "hj", "j1", "j2", "j3", "j4", "j5"})
T0 = "2026-11-22T18:00:00+00:00"


def run(*commands):
    state = JUDGING.initial()
    for command in commands:
        state = fold(JUDGING, state, JUDGING.decide(command, state))
    return state


def penalty(pid="pen1", player="p1", kind="warning", **kw):
    return GivePenalty(pid, player, kind, kw.pop("reason", "slow play"), kw.pop("judge", JUDGE),
                       kw.pop("now", T0), **kw)


def officials(panel=(), head="hj", started=False, players=PLAYERS):
    return NameOfficials(head, tuple(panel), started, STAFF, players, {"role": "organizer",
                                                                       "id": "org"}, T0)


SIX = [Official("hj", "p0"), Official("org", "p1"), Official("j1"), Official("j2", "p5"),
       Official("j3"), Official("j4")]


# -- 2.9 Multi-Judge System -------------------------------------------------------------

def test_six_judges_announced_before_the_tournament_begins():
    state = run(officials(SIX))
    assert state.head_judge == "hj" and [o["judge_id"] for o in state.panel][:2] == ["hj", "org"]
    with pytest.raises(Conflict) as late:
        run(officials(SIX, started=True))
    assert late.value.code == "officials_locked"


@pytest.mark.parametrize("panel, head, players, problem", [
    (SIX[:5], "hj", PLAYERS, "names 6 judges"),
    (SIX, "j1", PLAYERS, "first judge is the head judge"),
    ([*SIX[:5], Official("hj")], "hj", PLAYERS, "each judge is named once"),
    ([*SIX[:5], Official("x9")], "hj", PLAYERS, "not the organizer"),
    ([*SIX[:5], Official("j5", "p0")], "hj", PLAYERS, "one judge at most"),
    ([*SIX[:5], Official("j5", "p99")], "hj", PLAYERS, "not players of this tournament"),
    (SIX, "hj", frozenset(f"p{i}" for i in range(7)), "at least 8 players"),
])
def test_the_system_needs_six_ordered_judges_and_eight_players(panel, head, players, problem):
    with pytest.raises(Invalid) as refused:
        run(officials(panel, head, players=players))
    assert problem in str(refused.value.details)


def test_the_head_judge_rules_unless_seated_then_the_next_judge():
    panel = run(officials(SIX)).panel
    assert ruling_judge("hj", panel, ["p2", "p3", "p4", "p6", "p7"]) == "hj"
    assert ruling_judge("hj", panel, ["p0", "p2", "p3", "p4"]) == "org"
    # head and secondary seated: the third judge, who does not play
    assert ruling_judge("hj", panel, ["p0", "p1", "p5", "p3"]) == "j1"
    assert ruling_judge("hj", (), ["p0", "p1"]) == "hj"        # no system: the head judge
    # the sixth judge rules only when the five before are seated there
    everyone = [dict(o, player_id=f"q{i}") for i, o in enumerate(panel)]
    assert ruling_judge("hj", everyone, ["q0", "q1", "q2", "q3", "q4"]) == "j4"


# -- penalties (2.5, 2.6, 5) ------------------------------------------------------------

def test_a_penalty_is_recorded_with_its_judge_reason_and_round():
    state = run(penalty(kind="game_loss", round=2, table=3,
                        applied={"table": {"round": 2, "table": 3, "vp": 0}}))
    p = state.penalties["pen1"]
    assert (p.player, p.kind, p.round, p.table, p.judge) == ("p1", "game_loss", 2, 3, JUDGE)
    assert state.game_losses_at(2, 3) == {"p1"} and state.game_losses_at(2, 4) == set()


@pytest.mark.parametrize("command, error, code", [
    (penalty(kind="caution"), Invalid, "invalid"),
    (penalty(infraction="napping"), Invalid, "invalid"),
    (penalty(reason="  "), Invalid, "invalid"),
    (penalty(kind="match_loss"), Invalid, "round_required"),
    # V:EKN 5.1: the head judge reviews cheating and issues the penalty.
    (penalty(kind="disqualification"), Forbidden, "forbidden"),
])
def test_refusals(command, error, code):
    with pytest.raises(error) as refused:
        run(command)
    assert refused.value.code == code


def test_a_disqualified_player_receives_nothing_more():
    state = run(penalty(kind="disqualification", by_head_judge=True, judge=HEAD))
    assert state.disqualified("p1")
    with pytest.raises(Conflict) as refused:
        run(penalty(kind="disqualification", by_head_judge=True, judge=HEAD),
            penalty("pen2"))
    assert refused.value.code == "disqualified"


# -- 2.7 appeals ---------------------------------------------------------------------

def test_the_player_appeals_once_and_the_head_judge_decides_finally():
    given = penalty(kind="game_loss", round=1, table=1)
    state = run(given, FileAppeal("a1", "pen1", "p1", "I presented my deck", T0))
    assert state.penalties["pen1"].appeal["decision"] is None
    with pytest.raises(Forbidden):        # only the head judge decides
        run(given, FileAppeal("a1", "pen1", "p1", "x", T0),
            DecideAppeal("pen1", "overturned", "n", JUDGE, False, T0))
    state = run(given, FileAppeal("a1", "pen1", "p1", "x", T0),
                DecideAppeal("pen1", "overturned", "seen", HEAD, True, T0))
    p = state.penalties["pen1"]
    assert p.status == "overturned" and p.appeal["decision"] == "overturned"
    assert state.game_losses_at(1, 1) == set()               # it stops counting
    with pytest.raises(Conflict) as final:
        run(given, FileAppeal("a1", "pen1", "p1", "x", T0),
            DecideAppeal("pen1", "upheld", "n", HEAD, True, T0),
            DecideAppeal("pen1", "overturned", "n", HEAD, True, T0))
    assert final.value.code == "appeal_decided"


@pytest.mark.parametrize("commands, error, code", [
    ([FileAppeal("a1", "pen1", "p2", "x", T0)], Forbidden, "forbidden"),      # not theirs
    ([FileAppeal("a1", "nope", "p1", "x", T0)], NotFound, "penalty_not_found"),
    ([FileAppeal("a1", "pen1", "p1", "x", T0), FileAppeal("a2", "pen1", "p1", "y", T0)],
     Conflict, "appeal_exists"),
    ([DecideAppeal("pen1", "upheld", "n", HEAD, True, T0)], Conflict, "no_appeal"),
])
def test_appeal_refusals(commands, error, code):
    with pytest.raises(error) as refused:
        run(penalty(), *commands)
    assert refused.value.code == code


def test_the_head_judges_own_ruling_is_final():
    with pytest.raises(Conflict) as refused:
        run(penalty(judge=HEAD, by_head_judge=True), FileAppeal("a1", "pen1", "p1", "x", T0))
    assert refused.value.code == "final_decision"


# -- 3.3 tardiness ---------------------------------------------------------------------

def late(now, player="p1"):
    return penalty(player=player, kind="game_loss", infraction="tardiness", round=1, table=1,
                   now=now)


def test_the_loss_comes_fifteen_minutes_after_the_round_begins():
    start = AnnounceRoundStart(1, T0, JUDGE)
    with pytest.raises(Conflict) as refused:
        run(late("2026-11-22T18:20:00+00:00"))
    assert refused.value.code == "round_not_started"
    with pytest.raises(Conflict) as refused:
        run(start, late("2026-11-22T18:14:59+00:00"))
    assert refused.value.code == "not_late_yet"
    assert run(start, late("2026-11-22T18:15:00+00:00")).penalties["pen1"].kind == "game_loss"
    # a player seated in time gets no Loss; a late arrival within 15 minutes may be warned
    present = MarkPresent(1, "p1", JUDGE, "2026-11-22T18:10:00+00:00")
    with pytest.raises(Conflict) as refused:
        run(start, present, late("2026-11-22T18:16:00+00:00"))
    assert refused.value.code == "player_present"
    warned = penalty(infraction="tardiness", round=1, now="2026-11-22T18:05:00+00:00")
    assert run(start, warned).penalties["pen1"].kind == "warning"


def test_the_start_cannot_move_under_a_recorded_loss():
    start = AnnounceRoundStart(1, T0, JUDGE)
    state = run(start, late("2026-11-22T18:30:00+00:00"))
    assert JUDGING.decide(start, state) == []          # the same start: nothing new
    with pytest.raises(Conflict) as refused:
        JUDGING.decide(AnnounceRoundStart(1, "2026-11-22T18:20:00+00:00", JUDGE), state)
    assert refused.value.code == "tardiness_recorded"
    with pytest.raises(Conflict) as refused:
        JUDGING.decide(MarkPresent(1, "p1", JUDGE, "2026-11-22T18:31:00+00:00"), state)
    assert refused.value.code == "tardy"
