"""The event's clock: staff extend one match's or table's time (V:EKN 2.8 lengthy
rulings, 3.3.3 in-game breaks), recorded in ``clock-<tid>``; and, for the round views,
the live view and the report, each round's extensions with the deadlines they move."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain import clock
from ..domain.clock import CLOCK, ExtendTime
from ..domain.errors import NotFound
from ..domain.profiles import TournamentSettings
from ..domain.profiles.clock import clock_section
from ..domain.swiss import SWISS
from ..domain.swiss.aggregate import MATCH
from ..domain.swiss.decide_results import current_record, locate
from ..domain.swiss.recording import in_match_stream
from ..domain.swiss.state import Cut
from ..domain.tables.aggregate import TABLE, TABLES
from ..domain.tournament import TournamentState
from ..projections.queries import clock as views_of
from ..service import UnitOfWork
from . import seated_judges, tournament


def section(t: TournamentState) -> dict[str, Any]:
    """The clock's settings section in force, the profile's defaults filling keys that
    settings recorded before them lack."""
    name = clock_section(t.structure)
    defaults = TournamentSettings.for_game(t.game).model_dump(mode="json")[name]
    return {**defaults, **t.section(name)}


def extend_target(uow: UnitOfWork, actor: Principal, t: TournamentState, target: str,
                  minutes: int, reason: str, playing: str,
                  final: bool = False) -> dict[str, Any]:
    limit = clock.limit_minutes(section(t), target, final)
    state, events = uow.decide(CLOCK, t.id, ExtendTime(
        target, minutes, reason, actor.id, uow.now.isoformat(), playing, limit))
    return {"tournament_id": t.id, "target": target, **events[0].data,
            "limit_minutes": limit, "total_minutes": state.minutes[target]}


def extend_match(uow: UnitOfWork, actor: Principal, tid: str, match_id: str, minutes: int,
                 reason: str) -> dict[str, Any]:
    """A Swiss or top-cut match still being played gets ``minutes`` more."""
    t = tournament.running_swiss(uow, tid)
    require_tournament_staff(actor, t)
    swiss = uow.load(SWISS, tid)
    match, holder = locate(swiss, match_id)
    seated_judges.refuse_if_seated(uow, actor, t, (match.a, match.b))
    own = None
    if in_match_stream(swiss, match.id):
        state = uow.load(MATCH, (tid, match.id))
        own = state.record if state.touched else None
    record = current_record(holder, match.id, own)
    playing = "finished" if record.final else "waiting" if None in (match.a, match.b) \
        else "open"
    if not isinstance(holder, Cut) and holder.closed:
        playing = "finished"
    final = isinstance(holder, Cut) and match.round == len(holder.rounds)
    return extend_target(uow, actor, t, clock.match_target(match.id), minutes, reason, playing,
                   final)


def _running_tables(uow: UnitOfWork, tid: str) -> TournamentState:
    t = tournament.load(uow, tid)
    tournament.require_running(t, structure="multiplayer-tables",
                               message="the tournament is not running")
    return t


def extend_table(uow: UnitOfWork, actor: Principal, tid: str, number: int, table: int,
                 minutes: int, reason: str) -> dict[str, Any]:
    """A table of the current preliminary round still playing gets ``minutes`` more
    (3.3.3: "extending the time limit for that table")."""
    t = _running_tables(uow, tid)
    require_tournament_staff(actor, t)
    state = uow.load(TABLES, tid)
    if not 1 <= number <= len(state.rounds):
        raise NotFound(f"round {number} has not been seated", code="round_not_found")
    rnd = state.rounds[number - 1]
    if not 1 <= table <= len(rnd.tables):
        raise NotFound(f"round {number} has no table {table}", code="table_not_found")
    seated_judges.refuse_if_seated(uow, actor, t, rnd.tables[table - 1])
    done = table in rnd.results or rnd.complete
    if not done and rnd.per_table:
        done = uow.load(TABLE, (tid, number, table)).result is not None
    playing = "finished" if done or rnd is not state.current or state.final_started \
        else "open"
    return extend_target(uow, actor, t, clock.table_target(number, table), minutes, reason,
                   playing)


def extend_final(uow: UnitOfWork, actor: Principal, tid: str, minutes: int,
                 reason: str) -> dict[str, Any]:
    """The final table (3.1.3), once seated and until its result, gets ``minutes`` more."""
    t = _running_tables(uow, tid)
    require_tournament_staff(actor, t)
    state = uow.load(TABLES, tid)
    seated_judges.refuse_if_seated(uow, actor, t, state.final_seating)
    playing = "finished" if state.final_result is not None else \
        "open" if state.final_seating else "waiting"
    return extend_target(uow, actor, t, clock.FINAL, minutes, reason, playing)


# -- reads ------------------------------------------------------------------------------

def round_extensions(views: Any, tid: str, key: str,
                     deadline: Callable[[str], str | None]) -> list[dict[str, Any]]:
    """The extended matches or tables of round ``key`` (``R3``, ``C1``, ``T2``, ``F``):
    target, minutes added, the deadline that moves to (``deadline(target)``: the target's
    own deadline without extensions, None when untimed or not begun; a round-wide
    extension, target ``key`` itself, moves every target's) and each extension."""
    extended = views_of.extended(views, tid, key)
    wide = extended.get(key, {}).get("minutes", 0)
    return [{"target": target, "minutes": entry["minutes"],
             "ends_at": clock.plus_minutes(deadline(target), entry["minutes"]
                                           + (0 if target == key else wide)),
             "extensions": entry["extensions"]}
            for target, entry in extended.items()]


def round_wide(views: Any, tid: str, key: str) -> int:
    """Minutes the whole round ``key`` was extended by (every table or match of it)."""
    minutes: int = views_of.extended(views, tid, key).get(key, {}).get("minutes", 0)
    return minutes


def swiss_round_ends(views: Any, tid: str, number: int, ends_at: str | None) -> str | None:
    """Swiss round ``number``'s deadline with its round-wide extensions."""
    return clock.plus_minutes(ends_at, round_wide(views, tid, f"R{number}"))


def all_extensions(views: Any, tid: str) -> list[dict[str, Any]]:
    """Every extension of the event (the report's ``time_extensions``)."""
    return views_of.all_extended(views, tid)


def swiss_round_extensions(views: Any, tid: str, number: int,
                           ends_at: str | None) -> list[dict[str, Any]]:
    """Swiss round ``number``'s extended matches (the round ends at ``ends_at``)."""
    return round_extensions(views, tid, f"R{number}", lambda _: ends_at)


def tables_clock(views: Any, t: TournamentState, number: int | None) -> dict[str, Any]:
    """Round ``number`` of multiplayer tables (None: the final): when it was seated, when
    its time is up and its extended tables."""
    key = clock.FINAL if number is None else f"T{number}"
    started = views_of.tables_starts(views, t.id).get(key)
    base = clock.plus_minutes(started, clock.limit_minutes(section(t), key))
    return {"started_at": started, "ends_at": clock.plus_minutes(base, round_wide(
        views, t.id, key)), "extensions": round_extensions(views, t.id, key, lambda _: base)}


def cut_clock(views: Any, t: TournamentState, number: int) -> dict[str, Any]:
    """Top-cut round ``number``: each begun match's deadline (extensions included), the
    round's (its last match's, once all began) and its extended matches."""
    cut = views_of.cut_starts(views, t.id)
    limit = clock.limit_minutes(section(t), f"C{number}", number == cut["rounds"])
    extended = views_of.extended(views, t.id, f"C{number}")

    def base(match_id: str) -> str | None:
        return clock.plus_minutes(cut["started"].get(match_id), limit)

    ends = {mid: clock.plus_minutes(base(mid), extended.get(mid, {}).get("minutes", 0))
            for mid in cut["started"] if views_of.cut_round(mid) == number}
    begun = [datetime.fromisoformat(e) for e in ends.values() if e is not None]
    return {"limit_minutes": limit, "matches": ends,
            "ends_at": max(begun).isoformat() if begun else None,
            "extensions": round_extensions(views, t.id, f"C{number}", base)}
