"""Tournament lifecycle rules, without I/O."""
from __future__ import annotations

import hashlib

import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict, Invalid, NotFound
from chalicelib.domain.tournament import (TOURNAMENT, CreateTournament, DropPlayer,
                                          FinishTournament, RegisterPlayer, RemovePlayer,
                                          StartTournament)

NOW = "2026-11-22T10:00:00+00:00"


def run(state, *commands):
    for command in commands:
        state = fold(TOURNAMENT, state, TOURNAMENT.decide(command, state))
    return state


def created(game="vtes", **settings):
    return run(TOURNAMENT.initial(), CreateTournament(
        "t0", "o1", "Test", game, "booster-draft", "multiplayer-tables", "the-seed", NOW,
        settings=settings))


def reg(pid, member_id=None, staff=False):
    return RegisterPlayer(pid, pid.upper(), member_id, staff, NOW)


def test_creation_commits_to_the_seed_and_applies_profile_defaults():
    state = created()
    assert state.seed_sha256 == hashlib.sha256(b"the-seed").hexdigest()
    assert state.settings["registration"]["member_id_pattern"] == r"^\d{7}$"
    with pytest.raises(Conflict):
        TOURNAMENT.decide(CreateTournament("t0", "o1", "x", "vtes", "sealed", "swiss", "s", NOW),
                          state)


def test_unknown_game_format_structure_listed_together():
    with pytest.raises(Invalid) as info:
        TOURNAMENT.decide(CreateTournament("t", "o", "x", "chess", "blitz", "arena", "s", NOW),
                          TOURNAMENT.initial())
    assert {d["field"] for d in info.value.details} == {"game", "format", "structure"}


@pytest.mark.parametrize("member_id,ok", [("1234567", True), ("123456", False),
                                          ("12345678", False), ("abcdefg", False)])
def test_vekn_member_ids_are_seven_digits(member_id, ok):
    state = created()
    if ok:
        assert run(state, reg("p1", member_id)).players["p1"].member_id == member_id
    else:
        with pytest.raises(Invalid):
            TOURNAMENT.decide(reg("p1", member_id), state)


def test_duplicate_member_id_and_capacity():
    state = run(created(registration={"max_players": 2}), reg("p1", "1000001"))
    with pytest.raises(Invalid):
        TOURNAMENT.decide(reg("p2", "1000001"), state)
    state = run(state, reg("p2"))
    with pytest.raises(Conflict):
        TOURNAMENT.decide(reg("p3"), state)


def test_late_arrivals_only_by_staff_and_only_when_allowed():
    state = run(created(), reg("p1"), reg("p2"), StartTournament(NOW))
    with pytest.raises(Conflict):
        TOURNAMENT.decide(reg("p3"), state)
    assert run(state, reg("p3", staff=True)).players["p3"].late is True
    closed = run(created(registration={"late_arrivals": False}), reg("p1"), reg("p2"),
                 StartTournament(NOW))
    with pytest.raises(Conflict):
        TOURNAMENT.decide(reg("p3", staff=True), closed)


def test_remove_before_start_drop_after():
    state = run(created(), reg("p1"), reg("p2"), reg("p3"))
    with pytest.raises(Conflict):
        TOURNAMENT.decide(DropPlayer("p1", None, NOW), state)
    state = run(state, RemovePlayer("p3", NOW), StartTournament(NOW))
    assert "p3" not in state.players
    with pytest.raises(Conflict):
        TOURNAMENT.decide(RemovePlayer("p1", NOW), state)
    state = run(state, DropPlayer("p1", "ill", NOW))
    assert [p.id for p in state.active_players()] == ["p2"]
    with pytest.raises(Conflict):
        TOURNAMENT.decide(DropPlayer("p1", None, NOW), state)
    with pytest.raises(NotFound):
        TOURNAMENT.decide(DropPlayer("nobody", None, NOW), state)


def test_start_needs_two_players_and_finish_reveals_seed():
    state = run(created(), reg("p1"))
    with pytest.raises(Conflict):
        TOURNAMENT.decide(StartTournament(NOW), state)
    state = run(state, reg("p2"), StartTournament(NOW))
    events = TOURNAMENT.decide(FinishTournament(NOW), state)
    assert events[0].data["seed"] == "the-seed"
    with pytest.raises(Conflict):
        TOURNAMENT.decide(StartTournament(NOW), run(state, FinishTournament(NOW)))


def test_evolve_never_mutates_its_input():
    state = run(created(), reg("p1"))
    before = repr(state)
    run(state, reg("p2"), StartTournament(NOW), DropPlayer("p1", None, NOW))
    assert repr(state) == before


def test_limited_formats_hand_out_product():
    """V:EKN 7.2.6 applies where players receive sealed product: every Podium format."""
    from chalicelib.domain.profiles import FORMATS
    from chalicelib.domain.tournament.state import TournamentState
    assert all(TournamentState(format=f).limited for f in FORMATS)
    assert not TournamentState(format="constructed").limited


def test_finish_refuses_open_play_unless_ended_early_with_a_reason():
    state = run(created(), reg("p1"), reg("p2"), StartTournament(NOW))
    open_ = ({"kind": "round_open", "round": 3, "tables": [2], "message": "m"},)
    with pytest.raises(Conflict) as refused:
        TOURNAMENT.decide(FinishTournament(NOW, open_), state)
    assert refused.value.code == "play_unfinished"
    assert refused.value.details == {"open": [dict(open_[0])]}
    with pytest.raises(Invalid):
        TOURNAMENT.decide(FinishTournament(NOW, open_, incomplete=True), state)
    with pytest.raises(Invalid):
        TOURNAMENT.decide(FinishTournament(NOW, (), reason="why"), state)
    with pytest.raises(Conflict) as nothing_open:
        TOURNAMENT.decide(FinishTournament(NOW, (), incomplete=True, reason="closing"), state)
    assert nothing_open.value.code == "play_complete"
    events = TOURNAMENT.decide(FinishTournament(NOW, open_, True, "closing"), state)
    assert events[0].data["incomplete"] == {"reason": "closing", "open": [dict(open_[0])]}
    finished = run(state, FinishTournament(NOW, open_, True, "closing"))
    assert finished.status == "finished" and finished.incomplete["reason"] == "closing"
    assert "incomplete" not in TOURNAMENT.decide(FinishTournament(NOW), state)[0].data
