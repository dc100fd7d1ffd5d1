"""Standings: points, then the profile's tiebreak chain, then the seeded coin toss."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from .records import Record, records
from .state import SwissState
from .tiebreakers import CHAINS, coin


@dataclass(frozen=True)
class Standing:
    rank: int
    record: Record
    tiebreakers: dict[str, Any]
    coin: int
    dropped: bool


def _sortable(value: Any, never: int) -> Any:
    return never if value is None else value


def rank(recs: dict[str, Record], settings: dict[str, Any], seed_key: str,
         dropped: Iterable[str] = (), rounds_played: int = 0) -> list[Standing]:
    values_of, keys = CHAINS[settings["tiebreakers"]]
    values = values_of(recs, settings)
    coins = {p: coin(seed_key, p) for p in recs}
    never = rounds_played + 1      # "latest round of first defeat": never beats any round

    def key(p: str) -> tuple:
        return (recs[p].points, *(_sortable(values[p][k], never) for k in keys), coins[p], p)

    gone = set(dropped)
    order = sorted(recs, key=key, reverse=True)
    return [Standing(i + 1, recs[p], values[p], coins[p], p in gone)
            for i, p in enumerate(order)]


def standings(state: SwissState, through: int | None = None) -> list[Standing]:
    """Standings after round ``through`` (default: every round so far)."""
    upto = len(state.rounds) if through is None else through
    rounds = state.rounds[:upto]
    players = set(state.joined)
    recs = records(rounds, state.settings, sorted(p for p in players if state.joined[p] <= max(upto, 1)))
    dropped = [p for p, after in state.dropped.items() if after <= upto]
    return rank(recs, state.settings, state.seed_key, dropped, upto)


def as_json(value: Any) -> Any:
    """Tiebreaker values for views: percentages as decimals rounded to 4 places."""
    if isinstance(value, Fraction):
        return round(float(value), 4)
    return value
