"""Events of a tournament's multiplayer tables (``tables-<tid>``) and of each table of an
open round (``table-<tid>-r2-t7``), which records the same result and drop events. V:TES
victory points are integer half-points."""
from __future__ import annotations

from typing import Any

from ..events import Event, Payload, event, optional, upcaster


@event(version=2)
class TablesRoundSeated(Event):
    round: int
    tables: list[list[str]]        # seats in order, table by table
    sitting_out: list[str]
    results_in: str                # "table": each table's own stream; "tables": this one
    settings: dict[str, Any] | None = optional()   # the tables section, fixed at round 1


@upcaster(TablesRoundSeated, 1)
def _sit_outs_and_results(data: Payload) -> Payload:
    """Rounds seated before sit-outs had none, and before tables had streams of their own
    their results went to the tables stream."""
    return {"sitting_out": [], "results_in": "tables", **data}


@event
class TablesSeatsSwapped(Event):
    round: int
    players: list[str]             # the two players exchanged


@event
class TablesTableReported(Event):
    round: int
    table: int
    results: dict[str, dict[str, Any]]   # player -> {vp_halves, gw, tp, ...}


@event
class TablesPlayerDropped(Event):
    round: int
    table: int
    player: str
    loss: bool                     # keeps the seat with a Loss, or gives the seat up


@event
class TablesTableReseated(Event):
    round: int
    table: int
    seats: list[str]


@event
class TablesRoundClosed(Event):
    round: int
    tables: list[dict[str, Any]]   # {seats, dropped, results} in table order


@event
class TablesRoundMigrated(Event):
    """A round seated before each table had a stream of its own, brought to today's layout
    by a one-off migration (the events it derives from stay where they are; the verifier
    derives it again): an open round's reports and drops recorded in this stream are
    copied, in order, to each table's own stream (``moved``: table -> events copied, keys
    as strings); a round whose every table has its result closes as TablesRoundClosed
    closes one today (``tables``: {seats, dropped, results} in table order)."""

    round: int
    moved: dict[str, int]
    tables: list[dict[str, Any]] | None


@event
class TablesFinalStarted(Event):
    qualifiers: list[str]
    standings: list[dict[str, Any]]


@event
class TablesFinalCardPlaced(Event):
    player: str
    position: int
    row: list[str]


@event
class TablesFinalSeated(Event):
    row: list[str]
    seating: list[str]
    first_player: str


@event
class TablesFinalReported(Event):
    vp_halves: dict[str, int]
    standings: list[dict[str, Any]]
