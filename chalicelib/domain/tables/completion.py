"""What is left to play at multiplayer tables (V:EKN 3.1), for the tournament's finish:
a seated round without every table's result, planned preliminary rounds not seated, and
the final (3.1.3) not started or without its result."""
from __future__ import annotations

from typing import Any

from .decide import _settings
from .state import TablesState


def open_play(state: TablesState, rules: dict[str, Any]) -> list[dict[str, Any]]:
    """The open items, in playing order; empty when the event was played to its end.
    ``rules`` is the tables section (with ``multideck``) that applies before round 1
    fixes it."""
    settings = _settings(state.settings if state.rounds else rules)
    planned = settings.preliminary_rounds()
    items: list[dict[str, Any]] = []
    for rnd in state.rounds:
        if not rnd.complete:
            missing = [n for n in range(1, len(rnd.tables) + 1) if n not in rnd.results]
            items.append({"kind": "round_open", "round": rnd.number, "tables": missing,
                          "message": f"round {rnd.number}: table(s) "
                                     f"{', '.join(map(str, missing))} without a result"})
    unplayed = list(range(len(state.rounds) + 1, planned + 1))
    if unplayed and not state.final_started:
        items.append({"kind": "rounds_not_played", "rounds": unplayed, "planned": planned,
                      "message": f"{len(state.rounds)} of {planned} preliminary rounds "
                                 "seated"})
    if settings.final == "final":
        if not state.final_started:
            items.append({"kind": "final_not_played",
                          "message": "the final has not started (V:EKN 3.1)"})
        elif state.final_result is None:
            stage = "result" if state.final_seating else "seat_choice"
            items.append({"kind": "final_open", "stage": stage,
                          "message": "the final has no result" if stage == "result"
                          else "the finalists have not all chosen their seats (3.1.3)"})
    return items
