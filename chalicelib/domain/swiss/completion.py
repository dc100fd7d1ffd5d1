"""What is left to play in a Swiss event, for the tournament's finish: the current
round's matches without a final result, planned rounds not paired, and the top cut not
started or without its champion."""
from __future__ import annotations

from typing import Any

from .state import SwissState
from .structure import planned


def open_play(state: SwissState, settings: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """The open items, in playing order; empty when the event was played to its end.
    Before round 1, the plan is the one the first pairing would fix for ``players``
    active players under ``settings`` (the tournament's Swiss section)."""
    if state.started:
        rounds, cut = state.planned_rounds, state.planned_cut
    else:
        rounds, cut = planned(settings, players, state.fixed_rounds, state.fixed_cut)
    items: list[dict[str, Any]] = []
    current = state.current
    if current is not None and not current.closed:
        matches = [m.id for m in current.matches if m.id not in current.results]
        if matches:
            items.append({"kind": "round_open", "round": current.number, "matches": matches,
                          "reported": [m for m in matches if m in current.pending],
                          "message": f"round {current.number}: {len(matches)} match(es) "
                                     "without a final result"})
    unplayed = list(range(len(state.rounds) + 1, rounds + 1))
    if unplayed and state.cut is None:
        items.append({"kind": "rounds_not_played", "rounds": unplayed, "planned": rounds,
                      "message": f"{len(state.rounds)} of {rounds} Swiss rounds paired"})
    if state.cut is None:
        if cut:
            items.append({"kind": "top_cut_not_played", "size": cut,
                          "message": f"the top {cut} cut has not started (or set top_cut "
                                     "to 0 with POST .../swiss/structure)"})
    elif state.cut.champion is None:
        matches = [m.id for r in state.cut.rounds for m in r if m.id not in state.cut.results]
        items.append({"kind": "top_cut_open", "matches": matches,
                      "message": "the top cut has no champion yet"})
    return items
