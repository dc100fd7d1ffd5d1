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
    """The organizer exchanges two players' seats (or a seat and a sit-out). In a round
    whose tables have streams of their own, ``reported`` (tables with a result) and
    ``dropped`` (players who left after the seating) come from those streams."""
    round: int
    players: tuple[str, str]
    now: str = ""
    reported: tuple[int, ...] | None = None
    dropped: tuple[str, ...] | None = None


@dataclass(frozen=True)
class ReportTable:
    """A table's result: each seated player's VP in half points. Here: a round seated
    before tables had streams of their own, or a result reported again (a correction),
    with the table's ``seats`` and ``dropped`` players from its own stream."""
    round: int
    table: int  # 1-based
    vp_halves: dict[str, Any]
    now: str = ""
    seats: tuple[str, ...] | None = None
    dropped: tuple[str, ...] | None = None


@dataclass(frozen=True)
class CloseRound:
    """Bring each table's seats, drops and result (read from its own stream: table
    number -> (seats, dropped, result)) into the tables stream once all have a result."""
    round: int
    tables: dict[int, tuple[tuple[str, ...], tuple[str, ...], dict[str, Any] | None]]


@dataclass(frozen=True)
class DropPlayer:
    """The tournament recorded the player's drop. Seated at a table of the current round
    that has no result yet, they receive a Loss there (V:EKN 3.1.4) unless the judge
    chooses (3.3.2) to take them off the table (``loss=False``), which keeps the table
    playable only at a table of five, and never during round 1 of a limited event once
    product was handed out (``limited``, 7.2.6)."""
    player: str
    loss: bool = True
    limited: bool = True
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
    """Report the final table's victory points (halves, V:EKN 3.7)."""

    vp_halves: dict[str, Any]
    now: str = ""
