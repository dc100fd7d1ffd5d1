from collections import Counter

import pytest

from chalicelib.domain.errors import Conflict, Invalid, NotFound
from chalicelib.domain.tables.aggregate import TABLES  # noqa: F401
from chalicelib.domain.tables.commands import (
    PlaceCard,
    ReportFinal,
    ReportTable,
    SeatRound,
    StartFinal,
    SwapPlayers,
)

from . import tables_helpers

SEED = "seed-1"


def run(state, command):
    return tables_helpers.run(state, command)


def play_round(state, players, settings=None):
    state, events = run(state, SeatRound(players, SEED, settings or {}))
    rnd = state.current
    for n, table in enumerate(rnd.tables, start=1):
        vp = {p: 0 for p in table}
        vp[table[0]] = 4
        vp[table[1]] = 1
        state, _ = run(state, ReportTable(rnd.number, n, vp))
    return state


@pytest.mark.parametrize("count,games", [(6, 2), (7, 2), (11, 2)])
def test_sit_out_counts_play_the_same_number_of_games(count, games):
    players = [f"p{i}" for i in range(count)]
    state = tables_helpers.initial()
    for _ in range(3):
        state = play_round(state, players)
    assert Counter(state.games()) == Counter({p: games for p in players})
    for rnd in state.rounds:
        assert all(len(t) in (4, 5) for t in rnd.tables)
        assert len(rnd.sitting_out) + sum(len(t) for t in rnd.tables) == count


def test_rounds_must_finish_and_stop_at_plan():
    players = [f"p{i}" for i in range(9)]
    state, _ = run(tables_helpers.initial(), SeatRound(players, SEED, {"rounds": 2}))
    with pytest.raises(Conflict):
        run(state, SeatRound(players, SEED))
    state = tables_helpers.initial()
    for _ in range(2):
        state = play_round(state, players, {"rounds": 2})
    with pytest.raises(Conflict) as exc:
        run(state, SeatRound(players, SEED))
    assert exc.value.code == "rounds_complete"


def test_no_final_and_multideck_limits():
    fresh = tables_helpers.initial
    with pytest.raises(Invalid):
        run(fresh(), SeatRound([f"p{i}" for i in range(8)], SEED, {"final": "none"}))
    with pytest.raises(Invalid):
        run(fresh(), SeatRound([f"p{i}" for i in range(12)], SEED, {"multideck": True}))
    state = play_round(fresh(), [f"p{i}" for i in range(6)], {"final": "extra-round"})
    with pytest.raises(Conflict) as exc:  # 3.1.6: cannot grow to 8 between rounds
        run(state, SeatRound([f"p{i}" for i in range(8)], SEED))
    assert exc.value.code == "players_limit"
    assert state.settings["final"] == "extra-round"


def test_late_arrival_joins_next_round_and_swaps():
    players = [f"p{i}" for i in range(8)]
    state, events = run(tables_helpers.initial(), SeatRound(players, SEED))
    with pytest.raises(Conflict):  # 3.3.1: not into a game in progress
        run(state, SwapPlayers(1, ("p0", "late")))
    a, b = state.current.tables[0][0], state.current.tables[1][0]
    state, _ = run(state, SwapPlayers(1, (a, b)))
    assert state.current.tables[0][0] == b and state.current.tables[1][0] == a
    for n, t in enumerate(state.current.tables, 1):
        state, _ = run(state, ReportTable(1, n, {p: 0 for p in t}))
    with pytest.raises(Conflict):
        run(state, SwapPlayers(1, (a, b)))
    state, _ = run(state, SeatRound(players + ["late"], SEED))
    assert sum(len(t) for t in state.current.tables) == 9


def test_report_errors():
    state, _ = run(tables_helpers.initial(), SeatRound([f"p{i}" for i in range(9)], SEED))
    with pytest.raises(NotFound):
        run(state, ReportTable(1, 3, {}))
    with pytest.raises(NotFound):
        run(state, ReportTable(2, 1, {}))
    table = state.current.tables[0]
    with pytest.raises(Invalid):
        run(state, ReportTable(1, 1, {p: 3 for p in table}))


def test_final_flow():
    players = [f"p{i}" for i in range(10)]
    state = tables_helpers.initial()
    with pytest.raises(Conflict):
        run(state, StartFinal(players, SEED))
    for _ in range(3):
        state = play_round(state, players)
    state, events = run(state, StartFinal(players[1:], SEED))  # p0 dropped
    q = events[0].data["qualifiers"]
    assert len(q) == 5 and "p0" not in q
    with pytest.raises(Conflict):
        run(state, PlaceCard(q[0], 0, SEED))
    for k, pid in enumerate(reversed(q)):
        state, events = run(state, PlaceCard(pid, k, SEED))
    assert events[-1].type == "TablesFinalSeated"
    assert state.row == tuple(reversed(q))  # each at the right end: rank 5 ... rank 1
    assert state.final_seating[0] == state.first_player
    vp = {p: 0 for p in q}
    vp[q[4]] = 2
    vp[q[3]] = 2
    state, events = run(state, ReportFinal(vp))
    top = events[0].data["standings"][0]
    assert top == {"player": q[3], "rank": 1, "vp_halves": 2}


def test_seven_players_with_the_extra_round_are_refused_at_round_one():
    from chalicelib.domain.tables.groups import equal_games_plan, equal_games_rounds
    players = [f"p{i}" for i in range(7)]
    # 3 rounds + the extra round = 4: 7 players cannot all play equally often
    assert equal_games_plan(7, 4) is None and equal_games_plan(7, 3) == (5, 5, 4)
    with pytest.raises(Invalid) as exc:
        run(tables_helpers.initial(), SeatRound(players, SEED, {"final": "extra-round"}))
    (problem,) = [p for p in exc.value.details if p["rule"] == "V:EKN 3.1"]
    assert problem["rounds"] == 4
    assert problem["possible_rounds"] == [r for r in equal_games_rounds(7) if r >= 2]
    assert 4 not in problem["possible_rounds"] and 3 in problem["possible_rounds"]
    # the same players with a plan that works: every player plays the same count
    state = tables_helpers.initial()
    for _ in range(5):
        state = play_round(state, players, {"rounds": 4, "final": "extra-round"}
                           if not state.rounds else None)
    assert set(Counter(state.games()).values()) == {3}


@pytest.mark.parametrize("count", [6, 7, 11])
def test_equal_games_plans_give_everyone_the_same_count(count):
    from chalicelib.domain.tables.groups import equal_games_plan, seatable
    for rounds in range(1, 9):
        plan = equal_games_plan(count, rounds)
        if plan is None:
            continue
        assert len(plan) == rounds and sum(plan) % count == 0
        assert all(seatable(p) and p < count for p in plan)


def test_no_final_needs_three_rounds():
    """V:EKN 3.1: a tournament has at least three rounds; without a final all of them
    are preliminary rounds."""
    with pytest.raises(Invalid) as exc:
        run(tables_helpers.initial(), SeatRound([f"p{i}" for i in range(5)], SEED,
                                        {"final": "none", "rounds": 2}))
    assert exc.value.code == "invalid_settings"
    state, _ = run(tables_helpers.initial(), SeatRound([f"p{i}" for i in range(5)], SEED,
                                               {"final": "extra-round", "rounds": 2}))
    assert state.current.number == 1
