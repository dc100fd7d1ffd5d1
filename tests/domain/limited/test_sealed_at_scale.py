"""The sealed product's view and its opening look at every starter once, whatever the
number of players: each player's starters found by scanning all of them made a
2,000-player event's every GET /sealed, product registration and the opening quadratic
(125 ms a reply at 1,000 players, half a second at 2,000)."""
from __future__ import annotations

from dataclasses import replace

from chalicelib.domain.sealed import SEALED, OpenProduct, view
from chalicelib.domain.sealed.state import SealedState

from .helpers import Run, at
from .test_sealed import started


class CountedScans(dict):
    """A starters table that counts how often all of it is walked."""

    scans = 0

    def values(self):
        CountedScans.scans += 1
        return super().values()


def counted(players: int, swap: bool = True) -> tuple[SealedState, list[str]]:
    names = [f"p{i:04d}" for i in range(players)]
    run = Run(SEALED)
    for event in started(names, swap=swap):
        run.state = SEALED.evolve(run.state, event)
    CountedScans.scans = 0
    return replace(run.state, starters=CountedScans(run.state.starters)), names


def test_a_view_walks_the_starters_once_and_gives_each_player_theirs():
    state, names = counted(300)
    public, mine = view(state), view(state, player=names[7])
    assert CountedScans.scans == 2                        # once a view, not once a player
    for p in names:
        assert public["starters"][p] == [{k: s[k] for k in ("id", "set", "starter")}
                                         for s in state.starters_of(p)]
    assert mine["starters"] == public["starters"]


def test_opening_walks_the_starters_once():
    state, names = counted(300)
    events = SEALED.decide(OpenProduct(now=at(1)), state)
    assert CountedScans.scans == 1
    opened = events[0].data["opened"]
    assert sorted(opened) == names
    assert opened["p0042"][:5] == [c for s in state.starters_of("p0042") for c in s["cards"]]
