"""Commands of the tables aggregate (stream ``tables-<tid>``). Each carries the facts
decide needs from other aggregates (the tournament's seed, settings, active players)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SeatRound:
    """Seat the next preliminary round with the tournament's active players."""
    players: list[str]
    seed: str
    settings: dict[str, Any] = field(default_factory=dict)  # the tables section
    now: str = ""


@dataclass(frozen=True)
class SwapPlayers:
    """The organizer exchanges two players' seats (or a seat and a sit-out)."""
    round: int
    players: tuple[str, str]
    now: str = ""


@dataclass(frozen=True)
class ReportTable:
    """A table's result: each seated player's VP in half points."""
    round: int
    table: int  # 1-based
    vp_halves: dict[str, Any]
    now: str = ""


@dataclass(frozen=True)
class StartFinal:
    """Cut to the top five of the preliminary standings among the active players."""
    players: list[str]
    seed: str
    now: str = ""


@dataclass(frozen=True)
class PlaceCard:
    """A finalist places their card in the seat-choice row (V:EKN 3.1.3)."""
    player: str
    position: int
    seed: str
    now: str = ""


@dataclass(frozen=True)
class ReportFinal:
    vp_halves: dict[str, Any]
    now: str = ""
