"""V:EKN tables: every round's seating and sit-outs (re-seated by the domain's decider from
the state before), each table's TP, GW and places from its VP, the standings and
coin tosses that make the final, the final's first player and its ranking."""
from __future__ import annotations

from typing import Any

from ..domain import streams
from ..domain.tables import decide as tables
from ..domain.tables import final as finals
from ..domain.tables import migration
from ..domain.tables.commands import SeatRound, StartFinal
from ..domain.tables.events import TablesRoundMigrated
from ..domain.tables.scoring import score
from ..domain.tables.state import TablesState
from .context import Context
from .findings import Difference, Finding, Recorded, differences
from .rederive import decided, guarded


def seated(ctx: Context, state: TablesState, event: Recorded) -> list[Finding]:
    d = event.data
    players = [p for table in d.get("tables", []) for p in table] + list(d.get("sitting_out", []))
    settings = d.get("settings", state.settings) or {}
    command = SeatRound(players=players, seed=ctx.seed or "", settings=dict(settings))
    return guarded(event, lambda: decided(
        event, lambda: tables.decide_seat_round(command, state),
        ["round", "tables", "sitting_out"]))


def _table_score(event: Recorded, path: str, seats: list[str], results: dict[str, Any],
                 dropped: list[str]) -> list[Finding]:
    vp = {p: r["vp_halves"] for p, r in results.items()}
    return differences(event, path, results, score(seats, vp, dropped))


def table_reported(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """A table's TP, GW and places follow from its VP (V:EKN 3.7)."""
    results = event.data.get("results") or {}
    dropped = [p for p, r in results.items() if r.get("dropped")]
    return guarded(event, lambda: _table_score(event, "results", list(results), results,
                                               dropped))


def round_closed(ctx: Context, state: TablesState, event: Recorded) -> list[Finding]:
    """Each table's TP, GW and places from its VP, and each table's results the ones its
    own stream recorded last (a close may not rewrite what the table reported)."""
    def work() -> list[Finding]:
        out: list[Finding] = []
        number: Any = event.data.get("round")    # as recorded (guarded)
        for k, table in enumerate(event.data.get("tables", []), start=1):
            path = f"tables[{k - 1}].results"
            out += _table_score(event, path, list(table["seats"]), table["results"],
                                list(table.get("dropped", [])))
            reported = _reports(ctx, event, number, k)
            if reported:
                out += differences(event, path, table["results"],
                                   reported[-1].data.get("results"))
        return out
    return guarded(event, work)


def _reports(ctx: Context, close: Recorded, number: Any, k: int) -> list[Recorded]:
    """The table's reports before the close, in the order written: its own stream's and
    a correction the round's stream recorded (a judge's game loss, V:EKN 2.7)."""
    own = ctx.log.streams.get(streams.table_result(ctx.log.tournament_id, number, k)) or []
    here = [e for e in ctx.log.streams.get(close.stream, []) if e.version < close.version
            and e.data.get("round") == number and e.data.get("table") == k]
    return sorted((e for e in own + here if e.type == "TablesTableReported"),
                  key=lambda e: e.recorded_at or "")


def final_started(ctx: Context, state: TablesState, event: Recorded) -> list[Finding]:
    rows = event.data.get("standings") or []
    eligible = [r["player"] for r in rows if r.get("eligible", True)]
    command = StartFinal(players=eligible, seed=ctx.seed or "")
    return guarded(event, lambda: decided(
        event, lambda: tables.decide_start_final(command, state), ["qualifiers", "standings"]))


def final_seated(ctx: Context, state: TablesState, event: Recorded) -> list[Finding]:
    def work() -> list[Finding]:
        row = list(state.row)
        out = differences(event, "row", event.data.get("row"), row)
        seating, first = finals.seat_final(row, ctx.seed or "")
        return out + differences(event, "first_player", event.data.get("first_player"),
                                 first) + differences(event, "seating",
                                                      event.data.get("seating"), seating)
    return guarded(event, work)


def final_reported(ctx: Context, state: TablesState, event: Recorded) -> list[Finding]:
    def work() -> list[Finding]:
        vp = event.data.get("vp_halves") or {}
        if set(vp) != set(state.final_seating):
            return [Difference(event, "vp_halves", sorted(vp), sorted(state.final_seating))]
        return differences(event, "standings", event.data.get("standings"),
                           finals.final_standings(state.qualifiers, vp))
    return guarded(event, work)


def migrated(ctx: Context, state: TablesState, event: Recorded) -> list[Finding]:
    """A round moved to today's layout: what it records is what the migration derives from
    the state before it, and each table stream it copied to begins with exactly the
    reports and drops this stream recorded for that table."""
    number = int(event.data.get("round") or 0)

    def work() -> list[Finding]:
        moved = {int(k): v for k, v in (event.data.get("moved") or {}).items()}
        rnd = state.rounds[number - 1]
        touched = frozenset((number, k) for k in range(1, len(rnd.tables) + 1)
                            if k not in moved)
        plan = migration.plan(state, touched)
        found = decided(event, lambda: [e for e in plan.tables if isinstance(
            e, TablesRoundMigrated) and e.round == number],
                        ["moved", "tables"])
        for table, count in moved.items():
            stream = streams.table_result(ctx.log.tournament_id, number, table)
            recorded = ctx.log.streams.get(stream, [])[:count]
            expected = [(e.type, e.data) for e in plan.copies.get((number, table), [])]
            if [(r.type, r.data) for r in recorded] != expected:
                found.append(Difference(event, f"moved.{table}", [r.type for r in recorded],
                                        [t for t, _ in expected]))
        return found
    return guarded(event, work)
