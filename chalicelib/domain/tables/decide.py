"""The tables aggregate (stream ``tables-<tid>``): preliminary rounds at tables of
four and five, their results, the cut to five and the final (V:EKN 3.1-3.7)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from ..decider import unknown_command
from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from ..profiles.tables import TablesSettings
from ..rng import derive
from . import events as ev
from . import final as finals
from .commands import (
    CloseRound,
    DropPlayer,
    PlaceCard,
    ReportFinal,
    ReportTable,
    SeatRound,
    StartFinal,
    SwapPlayers,
)
from .drops import decide_drop, dropped_at
from .groups import equal_games_plan, equal_games_rounds, round_size, table_sizes
from .migration import refuse_unmigrated
from .ranking import FINALISTS, standings, totals
from .scoring import score, validate
from .seating import seat_round
from .state import Round, TablesState

NO_FINAL_LIMIT = 8   # V:EKN 3.1.6: fewer than 8 players
MULTIDECK_LIMIT = 12  # V:EKN 3.1.5: fewer than 12 players


class TablesRules(TablesSettings):
    """The tables section plus the facts of other sections the seating rules need."""

    multideck: bool = False    # V:EKN 3.1.5, from the deck section's ``multi_deck``


def _settings(data: dict[str, Any]) -> TablesRules:
    try:
        return TablesRules.model_validate(data or {})
    except ValidationError as exc:
        raise Invalid("invalid tables settings", [
            {"loc": ".".join(str(p) for p in e["loc"]), "msg": e["msg"]}
            for e in exc.errors(include_url=False)], code="invalid_settings") from None


def player_limits(settings: TablesRules, count: int) -> list[dict[str, Any]]:
    """The V:EKN 3.1.5 / 3.1.6 player limits ``count`` players would break."""
    problems = []
    if settings.final != "final" and count >= NO_FINAL_LIMIT:
        problems.append({"rule": "V:EKN 3.1.6", "msg": f"a tournament without final "
                         f"needs fewer than {NO_FINAL_LIMIT} players", "players": count})
    if settings.multideck and count >= MULTIDECK_LIMIT:
        problems.append({"rule": "V:EKN 3.1.5", "msg": f"the multi-deck system needs "
                         f"fewer than {MULTIDECK_LIMIT} players", "players": count})
    return problems


def admission_problems(state: TablesState, count: int) -> list[dict[str, Any]]:
    """Once round 1 fixed the settings, the limits a field of ``count`` would break."""
    if not state.rounds:
        return []
    return player_limits(_settings(state.settings), count)


def _unique(players: list[str]) -> list[str]:
    return sorted(set(players))


def decide_seat_round(cmd: SeatRound, state: TablesState) -> list[Event]:
    if state.final_started:
        raise Conflict("the final has started: no more preliminary rounds", code="final_started")
    current = state.current
    if current is not None and not current.complete:
        missing = [n for n in range(1, len(current.tables) + 1) if n not in current.results]
        raise Conflict(f"round {current.number} still has tables without a result",
                       {"round": current.number, "tables": missing}, code="round_open")
    first = current is None
    settings = _settings(cmd.settings if first else state.settings)
    number = len(state.rounds) + 1
    planned = settings.preliminary_rounds()
    if number > planned:
        raise Conflict(f"all {planned} preliminary rounds have been seated",
                       {"rounds": planned}, code="rounds_complete")
    players = _unique(cmd.players)
    count = len(players)
    problems = player_limits(settings, count)
    if count < 4:
        problems.append({"rule": "V:EKN 3.1.2", "msg": "a table needs at least four players",
                         "players": count})
    if first and count >= 4 and equal_games_plan(count, planned) is None:
        # V:EKN 3.1: every player plays the same number of preliminary rounds; with 6, 7
        # or 11 players some round counts (e.g. 7 players, 3 rounds + 3.1.6's extra
        # round) have no sit-out schedule that achieves it.
        possible = [r for r in equal_games_rounds(count) if r >= 2]
        problems.append({"rule": "V:EKN 3.1", "msg": f"{count} players cannot all play the "
                         f"same number of games in {planned} preliminary rounds",
                         "players": count, "rounds": planned, "possible_rounds": possible})
    if problems:
        if first:
            raise Invalid("these settings do not fit the players", problems,
                          code="invalid_settings")
        raise Conflict("cannot admit more players under the settings announced before "
                       "round 1" if count >= 4 else "too few players left to seat a table",
                       problems, code="players_limit")
    seated_count = round_size(count, planned, number)
    sitting_out: list[str] = []
    if seated_count < count:
        # Sit out whoever has played most (every player plays as many games).
        games = state.games()
        pool = list(players)
        derive(cmd.seed, "tables-sit-out", number).shuffle(pool)
        pool.sort(key=lambda p: -games.get(p, 0))
        sitting_out = sorted(pool[:count - seated_count])
    out = set(sitting_out)
    playing = [p for p in players if p not in out]
    tables = seat_round(playing, table_sizes(len(playing)), state.history(),
                        derive(cmd.seed, "tables-seating", number))
    return [ev.TablesRoundSeated(round=number, tables=tables, sitting_out=sitting_out,
                              results_in="table",
                              settings=settings.model_dump(mode="json") if first else None)]


def _round(state: TablesState, number: int) -> Round:
    if not isinstance(number, int) or not 1 <= number <= len(state.rounds):
        raise NotFound(f"round {number} has not been seated", code="round_not_found")
    return state.rounds[number - 1]


def decide_swap(cmd: SwapPlayers, state: TablesState) -> list[Event]:
    rnd = _round(state, cmd.round)
    if rnd is not state.current or state.final_started:
        raise Conflict("only the current round can be reseated", code="round_closed")
    a, b = cmd.players
    if a == b:
        raise Invalid("swap two different players", code="invalid_swap")
    known = {p for t in rnd.tables for p in t} | set(rnd.sitting_out)
    unknown = [p for p in (a, b) if p not in known]
    if unknown:
        # V:EKN 3.3.1: players may not be added to games already in progress.
        raise Conflict("players not in this round cannot be swapped in",
                       {"players": unknown}, code="not_in_round")
    if a in rnd.sitting_out and b in rnd.sitting_out:
        raise Invalid("both players sit out this round: nothing to swap", code="invalid_swap")
    dropped = rnd.drop_losses if cmd.dropped is None else cmd.dropped
    gone = [p for p in (a, b) if p in dropped]
    if gone:
        raise Conflict("a player who dropped after the seating keeps their seat and a Loss "
                       "(V:EKN 3.1.4)", {"players": gone}, code="player_dropped")
    with_result = set(rnd.results) | set(cmd.reported or ())
    reported = sorted({t for t in (rnd.table_of(a), rnd.table_of(b))
                       if t is not None and t in with_result})
    if reported:
        raise Conflict("a table with a reported result cannot be reseated",
                       {"tables": reported}, code="table_reported")
    return [ev.TablesSeatsSwapped(round=rnd.number, players=[a, b])]


def decide_report(cmd: ReportTable, state: TablesState) -> list[Event]:
    rnd = _round(state, cmd.round)
    if state.final_started:
        raise Conflict("the final has started: preliminary results are closed",
                       code="final_started")
    if not isinstance(cmd.table, int) or not 1 <= cmd.table <= len(rnd.tables):
        raise NotFound(f"round {rnd.number} has no table {cmd.table}", code="table_not_found")
    table = rnd.tables[cmd.table - 1] if cmd.seats is None else cmd.seats
    dropped = dropped_at(rnd, cmd.table) if cmd.dropped is None else cmd.dropped
    vp = validate(table, cmd.vp_halves, dropped)
    return [ev.TablesTableReported(round=rnd.number, table=cmd.table,
                                results=score(table, vp, dropped))]


def decide_close(cmd: CloseRound, state: TablesState) -> list[Event]:
    """TablesRoundClosed with every table's final seats, drops and result, in table
    order; a result reported again here wins over the table's own. Nothing when closed."""
    rnd = _round(state, cmd.round)
    if rnd.closed:
        return []
    tables = []
    missing = []
    for k in range(1, len(rnd.tables) + 1):
        seats, dropped, result = cmd.tables.get(k, (rnd.tables[k - 1], (), None))
        result = rnd.results.get(k, result)
        if result is None:
            missing.append(k)
        tables.append({"seats": list(seats), "dropped": list(dropped), "results": result})
    if missing:
        raise Conflict(f"round {rnd.number} still has tables without a result",
                       {"round": rnd.number, "tables": missing}, code="round_open")
    return [ev.TablesRoundClosed(round=rnd.number, tables=tables)]


def decide_start_final(cmd: StartFinal, state: TablesState) -> list[Event]:
    settings = _settings(state.settings)
    if not state.rounds:
        raise Conflict("no round has been played", code="no_rounds")
    if settings.final != "final":
        raise Conflict("this tournament has no final (V:EKN 3.1.6)", code="no_final")
    if state.final_started:
        raise Conflict("the final has already started", code="final_started")
    planned = settings.preliminary_rounds()
    open_rounds = [r.number for r in state.rounds if not r.complete]
    if len(state.rounds) < planned or open_rounds:
        raise Conflict("the preliminary rounds are not finished",
                       {"planned": planned, "seated": len(state.rounds),
                        "open": open_rounds}, code="rounds_open")
    rows = standings(totals(state.scores()), cmd.seed, eligible=cmd.players)
    qualifiers = [r["player"] for r in rows if r["eligible"]][:FINALISTS]
    if len(qualifiers) < 4:
        raise Conflict("a final needs at least four players", {"eligible": qualifiers},
                       code="too_few_finalists")
    return [ev.TablesFinalStarted(qualifiers=qualifiers, standings=rows)]


def decide_place(cmd: PlaceCard, state: TablesState) -> list[Event]:
    if not state.final_started:
        raise Conflict("the final has not started", code="final_not_started")
    row = finals.place_card(state.qualifiers, state.row, cmd.player, cmd.position)
    events: list[Event] = [ev.TablesFinalCardPlaced(player=cmd.player, position=cmd.position,
                                                 row=row)]
    if len(row) == len(state.qualifiers):
        seating, first = finals.seat_final(row, cmd.seed)
        events.append(ev.TablesFinalSeated(row=row, seating=seating, first_player=first))
    return events


def decide_final_result(cmd: ReportFinal, state: TablesState) -> list[Event]:
    if not state.final_seating:
        raise Conflict("the final is not seated yet", code="final_not_seated")
    vp = validate(state.final_seating, cmd.vp_halves)
    return [ev.TablesFinalReported(vp_halves=vp,
                                standings=finals.final_standings(state.qualifiers, vp))]


HANDLERS: dict[type, Callable[[Any, TablesState], list[Event]]] = {
            SeatRound: decide_seat_round, SwapPlayers: decide_swap,
            ReportTable: decide_report, StartFinal: decide_start_final,
            PlaceCard: decide_place, ReportFinal: decide_final_result,
            DropPlayer: decide_drop, CloseRound: decide_close}


def decide(command: Any, state: TablesState) -> list[Event]:
    handler = HANDLERS.get(type(command))
    if handler is None:
        unknown_command("tables", command)
    refuse_unmigrated(state)
    return handler(command, state)
