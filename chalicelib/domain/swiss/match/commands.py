"""The commands of the Swiss match aggregate (stream ``match-<tid>-r<n>-<t>``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..match_result import MatchFacts


@dataclass(frozen=True)
class MatchCommand:
    """What every match command carries: the facts read at the request and the time."""

    facts: MatchFacts
    now: str


@dataclass(frozen=True)
class Report(MatchCommand):
    """A player reports the match's result (games won by each side, draws)."""

    player: str
    a: int
    b: int
    draws: int = 0


@dataclass(frozen=True)
class Confirm(MatchCommand):
    """The opponent confirms the reported result."""

    player: str


@dataclass(frozen=True)
class Enter(MatchCommand):
    """A judge enters the match's result."""

    judge: str
    a: int
    b: int
    draws: int = 0


@dataclass(frozen=True)
class LossByDrop(MatchCommand):
    """A player dropped or was disqualified: the match is lost by them."""

    player: str
    by: str
