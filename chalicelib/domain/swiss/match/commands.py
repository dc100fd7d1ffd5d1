"""The commands of the Swiss match aggregate (stream ``match-<tid>-r<n>-<t>``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..match_result import MatchFacts


@dataclass(frozen=True)
class MatchCommand:
    facts: MatchFacts
    now: str


@dataclass(frozen=True)
class Report(MatchCommand):
    player: str
    a: int
    b: int
    draws: int = 0


@dataclass(frozen=True)
class Confirm(MatchCommand):
    player: str


@dataclass(frozen=True)
class Enter(MatchCommand):
    judge: str
    a: int
    b: int
    draws: int = 0


@dataclass(frozen=True)
class LossByDrop(MatchCommand):
    player: str
    by: str
