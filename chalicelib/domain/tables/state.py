"""State of the tables aggregate. Frozen; evolve builds new values."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..events import Event


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[tuple[str, ...], ...]
    sitting_out: tuple[str, ...] = ()
    # table number (1-based) -> player -> {vp, gw, tp, place}
    results: dict[int, dict[str, dict[str, int]]] = field(default_factory=dict)
    # players who left after this seating: still seated, their result is a Loss (3.1.4)
    drop_losses: tuple[str, ...] = ()
    # "table": each table has its own stream until TablesRoundClosed brings its seats,
    # drops and result here; "tables": a round seated before that, recorded here whole,
    # not yet migrated (TablesRoundMigrated): commands refuse it (see ``migration.py``).
    results_in: str = "tables"
    closed: bool = False
    # the reports and drops this stream recorded for a round of the old layout, in
    # order: what the migration copies to the tables' own streams
    unmoved: tuple[Event, ...] = ()

    @property
    def per_table(self) -> bool:
        """Open: each table records its result in its own stream."""
        return not self.closed

    @property
    def complete(self) -> bool:
        # a log's history before its migration (which the verifier replays) has rounds of
        # the old layout, complete once every table reported; commands refuse those logs
        return self.closed or (self.results_in == "tables" and
                               len(self.results) == len(self.tables))

    def table_of(self, player: str) -> int | None:
        for number, table in enumerate(self.tables, start=1):
            if player in table:
                return number
        return None


@dataclass(frozen=True)
class TablesState:
    rounds: tuple[Round, ...] = ()
    settings: dict[str, Any] = field(default_factory=dict)  # fixed at round 1
    qualifiers: tuple[str, ...] = ()  # finalists by preliminary rank
    row: tuple[str, ...] = ()  # seat-choice cards, left to right
    final_seating: tuple[str, ...] = ()
    first_player: str | None = None
    final_result: dict[str, int] | None = None  # finalist -> VP halves

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def final_started(self) -> bool:
        return bool(self.qualifiers)

    def history(self) -> list[list[list[str]]]:
        return [[list(t) for t in r.tables] for r in self.rounds]

    def games(self) -> dict[str, int]:
        played: dict[str, int] = {}
        for r in self.rounds:
            for table in r.tables:
                for pid in table:
                    played[pid] = played.get(pid, 0) + 1
        return played

    def scores(self) -> list[dict[str, dict[str, int]]]:
        return [res for r in self.rounds for res in r.results.values()]
