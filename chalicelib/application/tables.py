"""V:EKN multiplayer tables (3.1-3.7): seat rounds, swap players, report tables, drops
after the seating, the round closing at its last result, the final's seat choice and
result, and what is left to play. Where each result is recorded (the table's own stream
or the tables stream) is decided in ``domain/tables/recording.py``."""
from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from ..auth import Principal, is_staff, require_tournament_staff
from ..domain import streams
from ..domain.errors import Conflict, Forbidden
from ..domain.tables import commands as c
from ..domain.tables import recording
from ..domain.tables.aggregate import TABLE, TABLES
from ..domain.tables.completion import open_play as tables_open_play
from ..domain.tables.criteria import report as violations
from ..domain.tables.decide import admission_problems
from ..domain.tables.events import TablesTableReported
from ..domain.tables.state import TablesState
from ..domain.tables.table.state import TableState
from ..domain.tournament import TournamentState
from ..domain.tournament import state as tstate
from ..service import UnitOfWork
from . import game_losses, tournament
from .product_phase import require_product_ready

log = logging.getLogger(__name__)


def seating_rules(t: TournamentState) -> dict[str, Any]:
    """The tables section, with the multi-deck choice (3.1.5) owned by the deck section."""
    return {**t.section("tables"), "multideck": t.section("deck").get("multi_deck", False)}


def _running(t: TournamentState) -> None:
    if t.structure != "multiplayer-tables":
        raise Conflict("this tournament is not played as multiplayer-tables",
                       {"structure": t.structure}, code="wrong_structure")
    if t.status != tstate.RUNNING:
        raise Conflict("the tournament is not running", {"status": t.status},
                       code="not_running")


def _tables(uow: UnitOfWork, tid: str, guard: bool = False) -> TablesState:
    return uow.load(TABLES, tid, guard=guard)


def _own(uow: UnitOfWork, tid: str, number: int, table: int) -> TableState:
    """A table's own stream (guarded: what this unit decides rests on it)."""
    return uow.load(TABLE, (tid, number, table))


def _write(uow: UnitOfWork, tid: str, number: int, recorded: recording.Recorded) -> None:
    for table, events in recorded.own.items():
        uow.record(TABLE, (tid, number, table), events)
    if recorded.tables:
        uow.load(TABLES, tid)       # guard what it writes
        uow.record(TABLES, tid, recorded.tables)
    if recorded.counted is not None:
        uow.count(streams.tables_round_tally(tid, number), recorded.counted[1])


def seating_document(tid: str, state: TablesState, number: int) -> dict[str, Any]:
    """A round's seating with the violations that remain through it."""
    rnd = state.rounds[number - 1]
    return {"tournament_id": tid, "round": number,
            "tables": [list(t) for t in rnd.tables], "sitting_out": list(rnd.sitting_out),
            "violations": violations(state.history()[:number])}


def check_admission(uow: UnitOfWork, tid: str, count: int) -> None:
    """409 ``players_limit`` when a field of ``count`` active players would break the
    no-final (3.1.6) or multi-deck (3.1.5) limit fixed at round 1: a late arrival is
    refused at registration rather than blocking the next seating."""
    problems = admission_problems(_tables(uow, tid, guard=True), count)
    if problems:
        raise Conflict("cannot admit more players under the settings announced before "
                       "round 1 (V:EKN 3.1.5, 3.1.6)", problems, code="players_limit")


# -- rounds -----------------------------------------------------------------------

def open_tables(uow: UnitOfWork, tid: str, state: TablesState) -> list[int]:
    """The current round's tables without a result."""
    rnd = state.current
    if rnd is None or rnd.complete:
        return []
    if not rnd.per_table:
        return [k for k in range(1, len(rnd.tables) + 1) if k not in rnd.results]
    ids = {(tid, rnd.number, k): k for k in range(1, len(rnd.tables) + 1)}
    owns = uow.peek_many(TABLE, list(ids))
    return [k for sid, k in ids.items() if owns[sid].result is None and k not in rnd.results]


def close_round(uow: UnitOfWork, tid: str, number: int) -> bool:
    """Close per-table round ``number`` once every table has its result: their seats,
    drops and results go into the tables stream (guarded: a result reported again or a
    swap committed meanwhile re-runs this). False when closed already or still open."""
    state = _tables(uow, tid, guard=True)
    if not 1 <= number <= len(state.rounds):
        return False
    rnd = state.rounds[number - 1]
    if not recording.complete(rnd, uow.tally(streams.tables_round_tally(tid, number))):
        return False
    tables = range(1, len(rnd.tables) + 1)
    states = uow.peek_many(TABLE, [(tid, number, k) for k in tables])
    owns = {k: states[(tid, number, k)] for k in tables}
    uow.decide(TABLES, tid, recording.close_command(rnd, owns))
    return True


def _require_round_closed(uow: UnitOfWork, t: TournamentState, what: str) -> None:
    state = _tables(uow, t.id)
    if state.current is not None and state.current.per_table:
        close_round(uow, t.id, state.current.number)
        state = _tables(uow, t.id)
    missing = open_tables(uow, t.id, state)
    if missing:
        assert state.current is not None          # open tables: a round is seated
        number = state.current.number
        raise Conflict(f"round {number} still has tables without a result ({what})",
                       {"round": number, "tables": missing}, code="round_open")


def seat_round(uow: UnitOfWork, actor: Principal, tid: str) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    _running(t)
    state = _tables(uow, tid, guard=True)
    if not state.rounds:
        require_product_ready(uow, t, "seating the first round")
    elif not state.final_started:
        _require_round_closed(uow, t, "seating the next round")
    state, _ = uow.decide(TABLES, tid, c.SeatRound(
        [p.id for p in t.active_players()], t.seed, seating_rules(t), uow.now.isoformat()))
    assert state.current is not None              # the round just seated
    return seating_document(tid, state, state.current.number)


def swap(uow: UnitOfWork, actor: Principal, tid: str, number: int,
         players: tuple[str, str]) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    state = _tables(uow, tid)
    owns = {k: _own(uow, tid, number, k)
            for k in (recording.swap_tables(state, number, players)
                      if 1 <= number <= len(state.rounds) else [])}
    _write(uow, tid, number, recording.record_swap(state, owns, number, players,
                                                    uow.now.isoformat()))
    return seating_document(tid, _tables(uow, tid), number)


def report(uow: UnitOfWork, actor: Principal, tid: str, number: int, table: int,
           vp_halves: dict[str, Any]) -> dict[str, Any]:
    """A table's result from the staff, or from one of its players where the organizer
    allows it (``players_report``)."""
    t = tournament.load(uow, tid)
    state = _tables(uow, tid)
    if not is_staff(actor, t):
        seated = (actor.role == "player" and actor.tournament_id == tid
                  and 1 <= number <= len(state.rounds)
                  and 1 <= table <= len(state.rounds[number - 1].tables)
                  and actor.player_id in state.rounds[number - 1].tables[table - 1])
        if not (t.section("tables").get("players_report") and seated):
            raise Forbidden("only the tournament's staff (or, if the organizer allows it, "
                            "the table's players) may report this result")
    _running(t)
    in_own = 1 <= number <= len(state.rounds) and recording.per_table(state, number) and \
        1 <= table <= len(state.rounds[number - 1].tables)
    own = _own(uow, tid, number, table) if in_own else TABLE.initial()
    vp_halves = game_losses.zero_vp(uow, tid, number, table, vp_halves)
    recorded = recording.record_report(state, own, number, table, vp_halves,
                                       uow.now.isoformat())
    _write(uow, tid, number, recorded)
    event = (recorded.own.get(table) or recorded.tables)[0]
    seats = [p for p in (_own(uow, tid, number, table).seating(
        recording.facts(state.rounds[number - 1], table, True)) if in_own
        else state.rounds[number - 1].tables[table - 1])]
    results = event.data["results"]
    return {"tournament_id": tid, "round": number, "table": table,
            "result": [{"player_id": p, **results[p]} for p in seats if p in results]}


def record_drop(uow: UnitOfWork, t: TournamentState, player: str,
                loss: bool) -> dict[str, Any] | None:
    """The tables side of a tournament drop, in the drop's unit of work. Seated at a table
    of the current round without a result, the player receives a Loss there (V:EKN 3.1.4)
    or, at the judge's choice (3.3.2, ``loss=False``), leaves a table of five. Returns
    that consequence, or None (a drop before the seating: the next one leaves them out)."""
    state = _tables(uow, t.id)
    table = recording.dropped_table(state, player)
    own = _own(uow, t.id, state.current.number, table) \
        if table is not None and state.current is not None else None
    recorded = recording.record_drop(state, own, player, loss, t.limited, uow.now.isoformat())
    if state.current is not None:
        _write(uow, t.id, state.current.number, recorded)
    events = [e for evs in recorded.own.values() for e in evs] + recorded.tables
    if not events:
        return None
    d = events[0].data
    return {"round": d["round"], "table": d["table"], "match_id": None,
            "result": "loss" if d["loss"] else "unseated"}


def rounds_to_close(stored: Iterable[Any]) -> set[tuple[str, int]]:
    """(tournament, round) of every table's first result among committed events."""
    found: set[tuple[str, int]] = set()
    for event in stored:
        where = streams.table_of(event.stream_id)
        if where is not None and event.type == TablesTableReported.type:
            found.add((streams.tournament_of(event.stream_id) or "", where[0]))
    return found


# -- the final --------------------------------------------------------------------

def start_final(uow: UnitOfWork, actor: Principal, tid: str) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    _running(t)
    state = _tables(uow, tid)
    if state.current is not None and state.current.per_table:
        close_round(uow, tid, state.current.number)
    state, _ = uow.decide(TABLES, tid, c.StartFinal(
        [p.id for p in t.active_players()], t.seed, uow.now.isoformat()))
    return {"tournament_id": tid, "qualifiers": list(state.qualifiers),
            "next": state.qualifiers[-1]}


def place_card(uow: UnitOfWork, actor: Principal, tid: str, position: int,
               player_id: str | None) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    current = _tables(uow, tid, guard=True)
    if is_staff(actor, t):
        # Staff place a card on behalf of the finalist whose turn it is.
        q, row = current.qualifiers, current.row
        player = player_id or (q[len(q) - 1 - len(row)] if q and len(row) < len(q) else "")
    elif actor.role == "player" and actor.tournament_id == tid:
        if player_id not in (None, actor.player_id):
            raise Forbidden("players place only their own card")
        player = actor.player_id or ""
    else:
        raise Forbidden("only the finalists and the tournament's staff may place cards")
    _running(t)
    state, _ = uow.decide(TABLES, tid, c.PlaceCard(
        player, position, t.seed, uow.now.isoformat()))
    q = state.qualifiers
    done = len(state.row) == len(q)
    return {"tournament_id": tid, "row": list(state.row),
            "next": None if done else q[len(q) - 1 - len(state.row)],
            "seating": list(state.final_seating) if done else None,
            "first_player": state.first_player}


def report_final(uow: UnitOfWork, actor: Principal, tid: str,
                 vp_halves: dict[str, Any]) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    _running(t)
    _, events = uow.decide(TABLES, tid, c.ReportFinal(
        vp_halves, uow.now.isoformat()))
    return {"tournament_id": tid, "standings": events[0].data["standings"]}


def open_play(uow: UnitOfWork, t: TournamentState) -> list[dict[str, Any]]:
    """The tables side of a tournament finish, in its unit of work: what is left to play
    (the tables stream is guarded: a result or a seating committed meanwhile re-runs the
    finish)."""
    state = _tables(uow, t.id, guard=True)
    if state.current is not None and state.current.per_table:
        close_round(uow, t.id, state.current.number)
        state = _tables(uow, t.id)
    items = tables_open_play(state, seating_rules(t))
    missing = open_tables(uow, t.id, state)
    for item in items:
        if item["kind"] == "round_open" and state.current and item["round"] == state.current.number:
            item["tables"] = missing
            item["message"] = (f"round {item['round']}: table(s) "
                               f"{', '.join(map(str, missing))} without a result")
    return items
