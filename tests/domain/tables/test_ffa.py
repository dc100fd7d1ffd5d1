import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.ffa.aggregate import FFA
from chalicelib.domain.ffa.commands import ReportPodGame
from chalicelib.domain.ffa.result import standings


def run(state, cmd):
    return fold(FFA, state, FFA.decide(cmd, state))


def test_pod_result_and_standings():
    state = run(FFA.initial(), ReportPodGame(1, "a", ["d", "c", "b"], pod_players=list("abcd")))
    state = run(state, ReportPodGame(2, "e", ["g", "f"], tournament_players=list("abcdefg")))
    rows = standings(state.pods)
    assert [(r["player"], r["rank"]) for r in rows] == [
        ("a", 1), ("e", 2), ("b", 3), ("f", 4), ("c", 5), ("g", 6), ("d", 7)]
    assert rows[0]["outlasted"] == 3


def test_every_pod_winner_ranks_above_every_runner_up():
    """Pods of 6 and 4 (an organizer's choice): the larger pod's runner-up outlasted more
    players than the smaller pod's winner, but a winner is a winner."""
    state = run(FFA.initial(), ReportPodGame(1, "a", ["f", "e", "d", "c", "b"]))
    state = run(state, ReportPodGame(2, "w", ["z", "y", "x"]))
    rows = standings(state.pods)
    assert [(r["player"], r["place"], r["rank"]) for r in rows][:4] == [
        ("a", 1, 1), ("w", 1, 2), ("b", 2, 3), ("x", 2, 4)]


@pytest.mark.parametrize("cmd", [
    ReportPodGame(1, "a", ["a", "b"]),
    ReportPodGame(1, "a", ["b"], pod_players=["a", "b", "c"]),
    ReportPodGame(1, "a", ["b", "z"], pod_players=["a", "b"]),
    ReportPodGame(1, "a", []),
    ReportPodGame(0, "a", ["b"]),
])
def test_bad_results(cmd):
    with pytest.raises(Invalid):
        FFA.decide(cmd, FFA.initial())


def test_player_in_two_pods_refused():
    state = run(FFA.initial(), ReportPodGame(1, "a", ["b"]))
    with pytest.raises(Conflict):
        FFA.decide(ReportPodGame(2, "c", ["a"]), state)
    state = run(state, ReportPodGame(1, "b", ["a"]))  # correction of the same pod
    assert state.pods[1][0]["player"] == "b"
