"""Standings: points, then the profile's tiebreak chain, then the seeded coin toss."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .records import Record
from .running import running_records
from .state import SwissState
from .tiebreakers import CHAINS, coin


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    record: Record
    tiebreakers: dict[str, Any]
    coin: int
    dropped: bool


def ordered(recs: dict[str, Record], settings: dict[str, Any], seed_key: str,
            rounds_played: int = 0) -> tuple[list[str], Any, dict[str, int]]:
    """Players best first, with the chain's value display and the coins."""
    keys, shown = CHAINS[settings["tiebreakers"]](recs, settings, rounds_played)
    coins = {p: coin(seed_key, p) for p in recs}
    order = sorted(recs, key=lambda p: (recs[p].points, keys[p], coins[p], p), reverse=True)
    return order, shown, coins


def rank(recs: dict[str, Record], settings: dict[str, Any], seed_key: str,
         dropped: Iterable[str] = (), rounds_played: int = 0) -> list[Standing]:
    order, shown, coins = ordered(recs, settings, seed_key, rounds_played)
    gone = set(dropped)
    return [Standing(i + 1, recs[p], shown(p), coins[p], p in gone)
            for i, p in enumerate(order)]


def standings(state: SwissState, through: int | None = None) -> list[Standing]:
    """Standings after round ``through`` (default: every round so far)."""
    upto = len(state.rounds) if through is None else through
    players = sorted(p for p, first in state.joined.items() if first <= max(upto, 1))
    recs = running_records(state.rounds[:upto], state.settings, players)
    dropped = [p for p, after in state.dropped.items() if after <= upto]
    return rank(recs, state.settings, state.seed_key, dropped, upto)


def as_json(value: Any) -> Any:
    """Tiebreaker values for views: percentages as decimals rounded to 4 places."""
    if isinstance(value, Fraction):
        return round(float(value), 4)
    return value
