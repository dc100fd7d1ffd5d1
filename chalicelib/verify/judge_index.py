"""The facts the judges' records are checked against, gathered once per log: every event
of the types a penalty, an appeal, an allegation or an extension refers to, by type, and
where each round's matches and tables were. Pure lookups over the parsed log."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from .context import Context
from .findings import Recorded

WANTED = frozenset({"PlayerRegistered", "PlayerDropped", "SwissPlayerDropped",
                    "PlayerReinstated", "PenaltyGiven",
                    "ResultEntered", "ResultConfirmed", "ResultCorrected", "RoundPaired",
                    "RoundClosed", "TopCutStarted", "CutAdvanced", "CutFinished",
                    "TablesRoundSeated", "TablesTableReported", "TablesRoundClosed",
                    "TablesFinalStarted", "TablesFinalSeated", "TablesFinalReported",
                    "TournamentFinished"})
_KEY = "(judges' records index)"


def index(ctx: Context) -> dict[str, list[Recorded]]:
    """Events of the ``WANTED`` types, by type, each type in log order."""
    found = ctx._finals.get(_KEY)
    if found is None:
        found = {}
        for events in ctx.log.streams.values():
            for e in events:
                if e.type in WANTED:
                    found.setdefault(e.type, []).append(e)
        ctx._finals[_KEY] = found
    return found


def of(ctx: Context, *types: str) -> list[Recorded]:
    table = index(ctx)
    return [e for t in types for e in table.get(t, [])]


def when(value: Any) -> datetime | None:
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return moment.replace(tzinfo=UTC) if moment is not None and moment.tzinfo is None \
        else moment


def before(first: Any, second: Any) -> bool:
    """``first`` (ISO) is strictly earlier than ``second``; False when either is unknown."""
    a, b = when(first), when(second)
    return a is not None and b is not None and a < b


def penalty(ctx: Context, penalty_id: Any) -> Recorded | None:
    return next((e for e in of(ctx, "PenaltyGiven")
                 if e.data.get("penalty_id") == penalty_id), None)


def registered(ctx: Context) -> set[Any]:
    return {e.data.get("player_id") for e in of(ctx, "PlayerRegistered")}


def table_reports(ctx: Context, number: Any, table: Any) -> list[Recorded]:
    """Every report of table ``table`` of round ``number`` (its own stream's or the
    round's), in the order written."""
    reports = [e for e in of(ctx, "TablesTableReported")
               if e.data.get("round") == number and e.data.get("table") == table]
    return sorted(reports, key=lambda e: e.recorded_at or "")


def match_results(ctx: Context, match_id: Any) -> list[Recorded]:
    return [e for e in of(ctx, "ResultEntered", "ResultConfirmed", "ResultCorrected")
            if e.data.get("match") == match_id]
