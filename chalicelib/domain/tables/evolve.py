"""The evolve function of the V:EKN rounds aggregate (stream ``tables-<tid>``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..events import Event
from . import events as ev
from .drops import evolve_drop
from .state import Round, TablesState


def swapped(tables: tuple[tuple[str, ...], ...], sitting_out: tuple[str, ...],
            a: str, b: str) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Exchange a and b (seat for seat, or a seat for the sit-out list)."""
    def sub(p: str) -> str:
        return b if p == a else a if p == b else p
    tables2 = tuple(tuple(sub(p) for p in t) for t in tables)
    out2 = tuple(sorted(sub(p) for p in sitting_out))
    return tables2, out2


def _with_round(state: TablesState, number: int,
                change: Callable[[Any], Any]) -> TablesState:
    rounds = list(state.rounds)
    rounds[number - 1] = change(rounds[number - 1])
    return replace(state, rounds=tuple(rounds))


def _reported(rnd: Round, event: ev.TablesTableReported) -> Round:
    return replace(rnd, results={**rnd.results, event.table: event.results})


def _kept_for_migration(state: TablesState, number: int, event: Event) -> TablesState:
    if state.rounds[number - 1].results_in == "table":
        return state
    return _with_round(state, number, lambda r: replace(r, unmoved=r.unmoved + (event,)))


def migrated(rnd: Round, event: ev.TablesRoundMigrated) -> Round:
    moved = replace(rnd, results_in="table", unmoved=())
    if event.tables is not None:          # every table has its result: closed
        return _closed(moved, event.tables)
    return replace(moved, results={}, drop_losses=())   # the tables' own streams hold them


def _closed(rnd: Round, tables: list[dict[str, Any]]) -> Round:
    """The round closed with each table's {seats, dropped, results}, in table order."""
    return replace(rnd, closed=True, tables=tuple(tuple(t["seats"]) for t in tables),
                   results={k: t["results"] for k, t in enumerate(tables, start=1)},
                   drop_losses=tuple(p for t in tables for p in t["dropped"]))


def evolve(state: TablesState, event: Event) -> TablesState:
    match event:
        case ev.TablesRoundSeated():
            rnd = Round(number=event.round, tables=tuple(tuple(t) for t in event.tables),
                        sitting_out=tuple(event.sitting_out), results_in=event.results_in)
            settings = state.settings if event.settings is None else event.settings
            return replace(state, rounds=state.rounds + (rnd,), settings=settings)
        case ev.TablesSeatsSwapped(round=number, players=players):
            return _with_round(state, number, lambda rnd: replace(rnd, **dict(zip(
                ("tables", "sitting_out"), swapped(rnd.tables, rnd.sitting_out, *players),
                strict=True))))
        case ev.TablesTableReported(round=number):
            state = _kept_for_migration(state, number, event)
            return _with_round(state, number, lambda rnd: _reported(rnd, event))
        case ev.TablesPlayerDropped(round=number):
            return evolve_drop(_kept_for_migration(state, number, event), event)
        case ev.TablesRoundMigrated(round=number):
            return _with_round(state, number, lambda rnd: migrated(rnd, event))
        case ev.TablesRoundClosed(round=number):
            return _with_round(state, number, lambda rnd: _closed(rnd, event.tables))
        case ev.TablesFinalStarted(qualifiers=qualifiers):
            return replace(state, qualifiers=tuple(qualifiers))
        case ev.TablesFinalCardPlaced(row=row):
            return replace(state, row=tuple(row))
        case ev.TablesFinalSeated():
            return replace(state, final_seating=tuple(event.seating),
                           first_player=event.first_player)
        case ev.TablesFinalReported(vp_halves=vp):
            return replace(state, final_result=dict(vp))
    return state
