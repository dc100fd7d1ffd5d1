"""The Swiss aggregate's state (stream ``swiss-<tid>``). Immutable: evolve builds new
values and shares the untouched parts."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..events import Event
from .pmap import PMap
from .results import Score


@dataclass(frozen=True, slots=True)
class Match:
    id: str            # "R3-12" (Swiss round 3, table 12) or "C2-1" (cut round 2, match 1)
    round: int
    table: int
    a: str | None   # None in a cut match still waiting for a winner
    b: str | None


@dataclass(frozen=True, slots=True)
class Pending:
    reported_by: str
    score: Score
    at: str | None = None


@dataclass(frozen=True)
class Round:
    number: int
    matches: tuple[Match, ...]
    bye: str | None
    results: PMap = field(default_factory=PMap)       # match id -> Score (final)
    pending: PMap = field(default_factory=PMap)       # match id -> Pending
    closed: bool = False
    ends_at: str | None = None
    corrected: frozenset[str] = frozenset()        # match ids a judge corrected
    drop_losses: PMap = field(default_factory=PMap)   # match id -> player who dropped
    # "match": each match's results have their own stream until RoundClosed brings them
    # here; "swiss": a round paired before that, whose results this stream recorded, not
    # yet migrated (RoundResultsMigrated): commands refuse it (see ``migration.py``).
    results_in: str = "swiss"
    # the result events this stream recorded for an open round of the old layout, in
    # order: what the migration copies to the matches' own streams
    unmoved: tuple[Event, ...] = ()

    @property
    def per_match(self) -> bool:
        return not self.closed


@dataclass(frozen=True)
class Cut:
    size: int
    seeds: tuple[str, ...]
    rounds: tuple[tuple[Match, ...], ...]      # rounds[r-1][k-1] = match "C{r}-{k}"
    results: PMap = field(default_factory=PMap)
    pending: PMap = field(default_factory=PMap)
    champion: str | None = None
    corrected: frozenset[str] = frozenset()
    drop_losses: PMap = field(default_factory=PMap)


@dataclass(frozen=True)
class SwissState:
    started: bool = False
    seed_key: str = ""                    # derived from the tournament seed
    settings: dict[str, Any] = field(default_factory=dict)
    planned_rounds: int = 0
    planned_cut: int = 0
    fixed_rounds: int | None = None    # set by the organizer (SetStructure)
    fixed_cut: int | None = None
    rounds: tuple[Round, ...] = ()
    dropped: dict[str, int] = field(default_factory=dict)   # player -> rounds completed
    joined: dict[str, int] = field(default_factory=dict)    # player -> first round
    pods: dict[str, int] = field(default_factory=dict)
    cut: Cut | None = None

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None


def parse_match_id(match_id: str) -> tuple[str, int, int]:
    """("R"|"C", round, table) or ValueError."""
    kind, rest = match_id[:1], match_id[1:]
    number, sep, index = rest.partition("-")
    if kind not in ("R", "C") or not sep or not number.isdigit() or not index.isdigit():
        raise ValueError(match_id)
    return kind, int(number), int(index)
