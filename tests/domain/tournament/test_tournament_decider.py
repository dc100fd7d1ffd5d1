"""Tournament lifecycle rules, without I/O."""
from __future__ import annotations

import hashlib

import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict, Invalid, NotFound
from chalicelib.domain.tournament import (
    TOURNAMENT,
    CreateTournament,
    DropPlayer,
    FinishTournament,
    RegisterPlayer,
    RemovePlayer,
    StartTournament,
)
from chalicelib.domain.tournament.events import (
    PlayerDropped,
    PlayerRegistered,
    PlayerRemoved,
    TournamentFinished,
    TournamentStarted,
)
from tests.support.deciders import given, past

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


def history(*commands, game="vtes", **settings) -> list:
    """A tournament created (``settings`` over the profile's), then ``commands``."""
    return past(TOURNAMENT, CreateTournament(
        "t0", "o1", "Test", game, "booster-draft", "multiplayer-tables", "the-seed", NOW,
        settings=settings), *commands)


RUNNING = history(reg("p1"), reg("p2"), StartTournament(NOW))


def test_duplicate_member_id_and_capacity():
    two = history(reg("p1", "1000001"), registration={"max_players": 2})
    given(TOURNAMENT, two).when(reg("p2", "1000001")).then_refused(Invalid)
    given(TOURNAMENT, two).when(reg("p2")).then(PlayerRegistered(
        player_id="p2", name="P2", member_id=None, late=False, registered_at=NOW))
    given(TOURNAMENT, past(TOURNAMENT, reg("p2"), after=two)).when(reg("p3")).then_refused(
        Conflict)


def test_late_arrivals_only_by_staff_and_only_when_allowed():
    given(TOURNAMENT, RUNNING).when(reg("p3")).then_refused(Conflict)
    late = given(TOURNAMENT, RUNNING).when(reg("p3", staff=True)).then(PlayerRegistered(
        player_id="p3", name="P3", member_id=None, late=True, registered_at=NOW))
    assert late.state.players["p3"].late is True
    closed = history(reg("p1"), reg("p2"), StartTournament(NOW),
                     registration={"late_arrivals": False})
    given(TOURNAMENT, closed).when(reg("p3", staff=True)).then_refused(Conflict)


def test_remove_before_start_drop_after():
    three = history(reg("p1"), reg("p2"), reg("p3"))
    given(TOURNAMENT, three).when(DropPlayer("p1", None, NOW)).then_refused(Conflict)
    given(TOURNAMENT, three).when(RemovePlayer("p3", NOW)).then(
        PlayerRemoved(player_id="p3", at=NOW))
    running = past(TOURNAMENT, RemovePlayer("p3", NOW), StartTournament(NOW), after=three)
    assert "p3" not in given(TOURNAMENT, running).state.players
    given(TOURNAMENT, running).when(RemovePlayer("p1", NOW)).then_refused(Conflict)
    dropped = given(TOURNAMENT, running).when(DropPlayer("p1", "ill", NOW)).then(
        PlayerDropped(player_id="p1", reason="ill", at=NOW))
    assert [p.id for p in dropped.state.active_players()] == ["p2"]
    given(TOURNAMENT, running, dropped.events).when(DropPlayer("p1", None, NOW)
                                                    ).then_refused(Conflict)
    given(TOURNAMENT, running).when(DropPlayer("nobody", None, NOW)).then_refused(NotFound)


def test_start_needs_two_players_and_finish_reveals_seed():
    given(TOURNAMENT, history(reg("p1"))).when(StartTournament(NOW)).then_refused(Conflict)
    given(TOURNAMENT, history(reg("p1"), reg("p2"))).when(StartTournament(NOW)).then(
        TournamentStarted(at=NOW))
    finished = given(TOURNAMENT, RUNNING).when(FinishTournament(NOW)).then(
        TournamentFinished(at=NOW, seed="the-seed"))
    given(TOURNAMENT, RUNNING, finished.events).when(StartTournament(NOW)).then_refused(
        Conflict)


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
