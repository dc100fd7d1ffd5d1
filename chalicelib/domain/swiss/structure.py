"""How many Swiss rounds and how big a top cut, from the player count and profile."""
from __future__ import annotations

from typing import Any


def plan(settings: dict[str, Any], players: int) -> tuple[int, int]:
    """(rounds, top cut size); an organizer's fixed ``rounds``/``top_cut`` win."""
    row = next(r for r in settings["structure"]
               if r["max_players"] is None or players <= r["max_players"])
    rounds = settings["rounds"] if settings.get("rounds") is not None else row["rounds"]
    cut = settings["top_cut"] if settings.get("top_cut") is not None else row["top_cut"]
    rounds = max(rounds, settings.get("min_rounds", 1))
    while cut > players:       # never cut to more players than there are
        cut //= 2
    return rounds, (cut if cut >= 2 else 0)


def planned(settings: dict[str, Any], players: int, fixed_rounds: int | None,
            fixed_cut: int | None) -> tuple[int, int]:
    """(rounds, top cut size) the first pairing fixes: the plan for ``players``, with the
    organizer's structure (SetStructure before round 1) winning, within the profile."""
    rounds, cut = plan(settings, players)
    if fixed_rounds is not None:
        rounds = max(fixed_rounds, settings.get("min_rounds", 1))
    return rounds, (fixed_cut if fixed_cut is not None else cut)
