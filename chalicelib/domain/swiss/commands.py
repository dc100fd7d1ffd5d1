"""Commands of the Swiss aggregate. Each carries what ``decide`` needs, including facts
from the tournament (seed, resolved swiss settings, active players) and ``now``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["PairRound", "ReportResult", "ConfirmResult", "EnterResult", "CorrectResult",
           "DropPlayer", "ReinstatePlayer", "SetStructure", "StartTopCut", "CloseRound"]


@dataclass(frozen=True)
class PairRound:
    """Pair the next Swiss round. ``players``: the tournament's active players (late
    arrivals included); ``pods``: player -> drafting pod (needed when the profile pairs
    within pods; remembered between rounds)."""

    seed: str
    settings: dict[str, Any]
    players: list[str]
    now: str
    by: str = ""
    pods: dict[str, int] | None = None


@dataclass(frozen=True)
class ReportResult:
    """A player reports their own match: games won by player a and b, drawn games."""

    match: str
    player: str
    a: int
    b: int
    now: str
    draws: int = 0


@dataclass(frozen=True)
class ConfirmResult:
    """The opponent confirms the reported result."""

    match: str
    player: str
    now: str


@dataclass(frozen=True)
class EnterResult:
    """A judge enters the result of a match that has none yet."""

    match: str
    judge: str
    a: int
    b: int
    now: str
    draws: int = 0


@dataclass(frozen=True)
class CorrectResult:
    """A judge changes a recorded result, even after later rounds were paired. Always
    recorded in the Swiss stream (so closing a round, which reads every match, never
    misses one); ``current`` is what the match's own stream recorded, for an open round."""

    match: str
    judge: str
    a: int
    b: int
    now: str
    draws: int = 0
    reason: str = ""
    current: Any = None


@dataclass(frozen=True)
class DropPlayer:
    """The player leaves the event: not paired again, played rounds still count. After
    the round is paired, their match in it (or their ready top-cut match) is a loss."""

    player: str
    by: str
    now: str


@dataclass(frozen=True)
class ReinstatePlayer:
    """A dropped player plays on (their disqualification overturned, V:EKN 2.7): paired
    again from the next round; the rounds they missed stay missed."""

    player: str
    by: str


@dataclass(frozen=True)
class SetStructure:
    """The organizer fixes the number of Swiss rounds and/or the top-cut size, within
    the tournament's swiss ``settings`` (before round 1; afterwards those it started
    with hold)."""

    by: str
    now: str
    rounds: int | None = None
    top_cut: int | None = None
    settings: dict[str, Any] | None = None


@dataclass(frozen=True)
class StartTopCut:
    """Cut to the top ``size`` (default: the planned cut) after the last Swiss round."""

    by: str
    now: str
    size: int | None = None


@dataclass(frozen=True)
class CloseRound:
    """Bring the round's final results (read from each match's stream) into the Swiss
    stream once every match has one. ``results``: match id -> MatchRecord."""

    round: int
    results: dict[str, Any]
