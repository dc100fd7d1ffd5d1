"""Judges' records (V:EKN 2.5-2.9, 3.3, 5; the same in every game): the head judge and
the Multi-Judge System, warnings and penalties with their consequence in play, appeals
to the head judge, and tardiness counted from the round's announced start.

Who sees what: a player sees their own penalties, the staff all of them; nobody else
does while the tournament runs; the federation report carries them once it finishes.
Consequences, each written by its own aggregate in the penalty's unit of work: a game
or match loss is the Swiss match's result in that round (entered by the staff, or a
correction of a final one) or 0 VP at the V:EKN table (a correction of a reported table;
an unreported one counts it when reported); a disqualification is the tournament's drop
with the Loss of a round already seated or paired (3.1.4). An appeal the head judge
overturns stops the penalty counting (in the records, the report and a table not yet
reported); a result already entered for it is left to the staff's correction."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from ..auth import Principal, is_staff, require_player, require_tournament_staff
from ..domain import judging as j
from ..domain.errors import Conflict, Forbidden, Invalid, NotFound
from ..domain.judging.losses import swiss_loss
from ..domain.swiss import SWISS
from ..domain.swiss.results import Score
from ..domain.tables.aggregate import TABLE, TABLES
from ..domain.tournament import TournamentState
from ..domain.tournament import state as tstate
from ..projections.queries import judging as views
from ..service import UnitOfWork
from . import (
    registration,
    round_arrivals,
    seated_judges,
    sources,
    swiss_results,
    tables,
    tournament,
)
from .appeal_corrections import compensate
from .event_tiers import allow_multi_judge
from .reads import Reads

LOSSES = ("game_loss", "match_loss")



def head_judge(state: j.JudgingState, t: TournamentState) -> str:
    """The named head judge; the organizer is the head judge until one is named (2.6:
    they may be the same person)."""
    return state.head_judge or t.organizer_id


def _is_head_judge(actor: Principal, state: j.JudgingState, t: TournamentState) -> bool:
    return actor.role == "admin" or (is_staff(actor, t) and actor.id == head_judge(state, t))


def _officials(tid: str, state: j.JudgingState, t: TournamentState) -> dict[str, Any]:
    return {"tournament_id": tid, "head_judge": head_judge(state, t),
            "named": state.head_judge is not None,
            "multi_judge": [dict(o) for o in state.panel] or None}


# -- officials --------------------------------------------------------------------

def name_officials(uow: UnitOfWork, actor: Principal, tid: str, head: str,
                   panel: list[dict[str, Any]]) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t, organizer_only=True)
    allow_multi_judge(t, panel)
    state, _ = uow.decide(j.JUDGING, tid, j.NameOfficials(
        head, tuple(j.Official(o["judge_id"], o.get("player_id")) for o in panel),
        t.status != tstate.REGISTRATION, frozenset([t.organizer_id, *t.judges]),
        frozenset(t.players.keys()), actor.ref(), uow.now.isoformat()))
    return _officials(tid, state, t)


def officials(reads: Reads, tid: str) -> dict[str, Any]:
    t = tournament.load(reads, tid)
    return _officials(tid, reads.state(j.JUDGING, tid), t)


# -- where a player plays a round ------------------------------------------------------

def _swiss_match(uow: UnitOfWork, tid: str, number: int, player: str) -> Any:
    swiss = uow.load(SWISS, tid, guard=False)
    if not 1 <= number <= len(swiss.rounds):
        raise NotFound(f"no Swiss round {number}", code="round_not_found")
    rnd = swiss.rounds[number - 1]
    for match in rnd.matches:
        if player in (match.a, match.b):
            return match
    raise Conflict(f"the player has no match in round {number}"
                   + (" (a bye)" if rnd.bye == player else ""),
                   {"round": number, "player_id": player}, code="not_playing")


def _table(uow: UnitOfWork, tid: str, number: int, player: str) -> int:
    state = uow.load(TABLES, tid, guard=False)
    if not 1 <= number <= len(state.rounds):
        raise NotFound(f"round {number} has not been seated", code="round_not_found")
    table = state.rounds[number - 1].table_of(player)
    if table is None:
        raise Conflict(f"the player is not seated in round {number}",
                       {"round": number, "player_id": player}, code="not_playing")
    return table


def _where(uow: UnitOfWork, t: TournamentState, number: int | None,
           player: str) -> tuple[int | None, str | None]:
    """(table, match id) of ``player`` in round ``number``."""
    if number is None:
        return None, None
    if t.structure == "swiss":
        match = _swiss_match(uow, t.id, number, player)
        return match.table, match.id
    if t.structure == "multiplayer-tables":
        return _table(uow, t.id, number, player), None
    raise Conflict(f"rounds of a {t.structure} tournament are not recorded here",
                   {"structure": t.structure}, code="wrong_structure")


# -- consequences -----------------------------------------------------------------

def _swiss_loss(uow: UnitOfWork, actor: Principal, tid: str, match_id: str, kind: str,
                player: str, reason: str) -> dict[str, Any]:
    match = swiss_results.document(uow, tid, match_id)
    current = Score.from_dict(match["score"]) if match["score"] else None
    side = "a" if match["a"] == player else "b"
    score = swiss_loss(kind, side, match["best_of"], current)
    if current is None:
        doc = swiss_results.report(uow, actor, tid, match_id, score.a, score.b, score.draws)
    else:
        doc = swiss_results.correct(uow, actor, tid, match_id, score.a, score.b,
                                    score.draws, f"{kind.replace('_', ' ')}: {reason}")
    return {"match_id": match_id, "score": doc["score"], "corrected": current is not None,
            **({"before": match["score"]} if current is not None else {})}


def _table_loss(uow: UnitOfWork, actor: Principal, tid: str, number: int, table: int,
                player: str) -> dict[str, Any]:
    state = uow.load(TABLES, tid, guard=False)
    rnd = state.rounds[number - 1]
    result = rnd.results.get(table)
    if result is None and rnd.per_table:
        result = uow.load(TABLE, (tid, number, table),
                          guard=False).result
    if result is None:
        return {"round": number, "table": table, "vp": 0, "when": "reported"}
    vp = {p: row["vp_halves"] for p, row in result.items()}
    tables.report(uow, actor, tid, number, table, {**vp, player: 0})
    return {"round": number, "table": table, "vp": 0, "when": "corrected", "before": vp}


def _disqualify(uow: UnitOfWork, actor: Principal, t: TournamentState, player: str,
                reason: str, penalty_id: str) -> dict[str, Any]:
    """The tournament's drop (V:EKN 3.1.4: out of the next rounds, a Loss in the round
    already seated or paired), its reason marked as a disqualification."""
    if t.players[player].status != "active":
        return {"dropped": False, "round_result": None}
    dropped = registration.drop(uow, actor, t.id, player, f"disqualified: {reason}"[:500],
                                None, penalty_id)
    return {"dropped": True, "round_result": dropped["round_result"]}


# -- penalties --------------------------------------------------------------------

def give_penalty(uow: UnitOfWork, actor: Principal, tid: str, player: str, kind: str,
                 reason: str, infraction: str = "other",
                 number: int | None = None) -> dict[str, Any]:
    """A judge (or the organizer) records a penalty against a player of the tournament,
    with its consequence in play, in one unit of work."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    tournament.registered(t, player)
    if t.status == tstate.FINISHED or (kind != "warning" and t.status != tstate.RUNNING):
        raise Conflict("penalties are recorded while the tournament runs (warnings also "
                       "before it starts)", {"status": t.status}, code="not_running")
    state = uow.load(j.JUDGING, tid)
    table, match_id = _where(uow, t, number, player)
    seated_judges.refuse_if_seated(uow, actor, t, seated_judges.seats_of(uow, t, number, player))
    command = j.GivePenalty(uow.new_id("pen"), player, kind, reason, actor.ref(),
                            uow.now.isoformat(), infraction, number, table, match_id,
                            _is_head_judge(actor, state, t))
    j.JUDGING.decide(command, state)          # refuse before any consequence is written
    applied = None
    if kind in LOSSES and match_id is not None:
        applied = {"swiss": _swiss_loss(uow, actor, tid, match_id, kind, player, reason)}
    elif kind in LOSSES:
        assert number is not None and table is not None   # the decider wants a round
        applied = {"table": _table_loss(uow, actor, tid, number, table, player)}
    elif kind == "disqualification":
        applied = {"drop": _disqualify(uow, actor, t, player, reason, command.penalty_id)}
    state, _ = uow.decide(j.JUDGING, tid, replace(command, applied=applied))
    return _penalty_doc(tid, state.penalties[command.penalty_id])


def _penalty_doc(tid: str, penalty: j.Penalty) -> dict[str, Any]:
    return {"tournament_id": tid, **penalty.as_dict()}


def _page(reads: Reads, kind: str, after: str | None, limit: int) -> dict[str, Any]:
    page = reads.views.list(kind, after=after, limit=limit + 1)
    more = len(page) > limit
    return {"penalties": [v.doc for v in page[:limit]],
            "next": page[limit - 1].sort if more else None}


def penalties(reads: Reads, actor: Principal, tid: str, player: str | None,
              after: str | None, limit: int) -> dict[str, Any]:
    """Every penalty of the tournament (its staff), or one player's (that player too),
    in the order given; ``next`` is the sort key to continue after."""
    t = tournament.load(reads, tid)
    if player is None:
        require_tournament_staff(actor, t)
    else:
        tournament.registered(t, player)
        require_player(actor, t, player)
    return {"tournament_id": tid, "player_id": player,
            **_page(reads, views.penalties_kind(tid, player), after, limit)}


def my_penalties(reads: Reads, actor: Principal, tid: str, after: str | None,
                 limit: int) -> dict[str, Any]:
    if actor.role != "player" or actor.tournament_id != tid:
        raise Forbidden("this is a player's own list; the staff read all penalties")
    return penalties(reads, actor, tid, actor.player_id, after, limit)


def penalty(reads: Reads, actor: Principal, tid: str, penalty_id: str) -> dict[str, Any]:
    t = tournament.load(reads, tid)
    doc = reads.views.get(views.penalty_id(tid, penalty_id))
    if doc is None:
        if not (is_staff(actor, t) or actor.tournament_id == tid):
            require_tournament_staff(actor, t)
        raise NotFound(f"no penalty {penalty_id!r}", code="penalty_not_found")
    require_player(actor, t, doc["player_id"])
    return doc


# -- appeals ----------------------------------------------------------------------

def file_appeal(uow: UnitOfWork, actor: Principal, tid: str, penalty_id: str,
                statement: str) -> dict[str, Any]:
    """V:EKN 2.7: the penalized player appeals the judge's ruling to the head judge."""
    t = tournament.load(uow, tid, guard=False)
    if actor.role != "player" or actor.tournament_id != tid:
        raise Forbidden("the penalized player appeals their own ruling")
    if t.status == tstate.FINISHED:
        raise Conflict("the tournament is finished", {"status": t.status},
                       code="not_running")
    state, _ = uow.decide(j.JUDGING, tid, j.FileAppeal(
        uow.new_id("apl"), penalty_id, actor.player_id or "", statement, uow.now.isoformat()))
    return _penalty_doc(tid, state.penalties[penalty_id])


def decide_appeal(uow: UnitOfWork, actor: Principal, tid: str, penalty_id: str,
                  decision: str, note: str) -> dict[str, Any]:
    """V:EKN 2.7: the head judge upholds or overturns the ruling; the decision is final."""
    t = tournament.load(uow, tid, guard=False)
    require_tournament_staff(actor, t)
    state = uow.load(j.JUDGING, tid)
    state, _ = uow.decide(j.JUDGING, tid, j.DecideAppeal(
        penalty_id, decision, note, actor.ref(), _is_head_judge(actor, state, t),
        uow.now.isoformat()))
    return {**_penalty_doc(tid, state.penalties[penalty_id]),
            "compensation": compensate(uow, actor, t, state.penalties[penalty_id])}


# -- the ruling judge of each table (2.9) -----------------------------------------------

def round_judges(reads: Reads, tid: str, number: int) -> dict[str, Any]:
    t = tournament.load(reads, tid)
    state = reads.state(j.JUDGING, tid)
    head = head_judge(state, t)
    if t.structure == "swiss":
        swiss = reads.state(SWISS, tid)
        if not 1 <= number <= len(swiss.rounds):
            raise NotFound(f"no Swiss round {number}", code="round_not_found")
        where: list[tuple[int, str | None, tuple[str | None, ...]]] = [
            (m.table, m.id, (m.a, m.b)) for m in swiss.rounds[number - 1].matches]
    elif t.structure == "multiplayer-tables":
        tables_state = reads.state(TABLES, tid)
        if not 1 <= number <= len(tables_state.rounds):
            raise NotFound(f"round {number} has not been seated", code="round_not_found")
        where = [(k, None, seats) for k, seats in
                 enumerate(tables_state.rounds[number - 1].tables, start=1)]
    else:
        raise Conflict(f"rounds of a {t.structure} tournament are not recorded here",
                       {"structure": t.structure}, code="wrong_structure")
    return {"tournament_id": tid, "round": number, "head_judge": head,
            "multi_judge": bool(state.panel),
            "tables": [{"table": k, **({"match_id": m} if m else {}),
                        "judge_id": j.ruling_judge(head, state.panel,
                                                   [s for s in seats if s is not None])}
                       for k, m, seats in where]}


# -- tardiness (3.3) ----------------------------------------------------------------

def _seated(uow_or_reads: Any, t: TournamentState, number: int) -> list[str]:
    """The players of round ``number`` (not the bye, not sitting out), in seat order."""
    load = sources.reader(uow_or_reads)
    if t.structure == "swiss":
        swiss = load(SWISS, t.id)
        if not 1 <= number <= len(swiss.rounds):
            raise NotFound(f"no Swiss round {number}", code="round_not_found")
        return [p for m in swiss.rounds[number - 1].matches for p in (m.a, m.b) if p]
    if t.structure == "multiplayer-tables":
        state = load(TABLES, t.id)
        if not 1 <= number <= len(state.rounds):
            raise NotFound(f"round {number} has not been seated", code="round_not_found")
        return [p for seats in state.rounds[number - 1].tables for p in seats]
    raise Conflict(f"rounds of a {t.structure} tournament are not recorded here",
                   {"structure": t.structure}, code="wrong_structure")


def announce_start(uow: UnitOfWork, actor: Principal, tid: str, number: int,
                   starts_at: str | None) -> dict[str, Any]:
    t = tournament.load(uow, tid, guard=False)
    require_tournament_staff(actor, t)
    tournament.require_running(t)
    _seated(uow, t, number)
    state, _ = uow.decide(j.JUDGING, tid, j.AnnounceRoundStart(
        number, starts_at or uow.now.isoformat(), actor.ref()))
    start = state.starts[number]
    return {"tournament_id": tid, "round": number, "starts_at": start,
            "late_from": j.late_from(start)}


def mark_present(uow: UnitOfWork, actor: Principal, tid: str, number: int,
                 player: str | None) -> dict[str, Any]:
    """The player is in their seat: they check in themselves (``player`` None), or the
    staff mark them."""
    player = player or actor.player_id
    if player is None:
        raise Invalid("name the player_id to mark present", {"loc": "player_id"})
    t = tournament.load(uow, tid, guard=False)
    require_player(actor, t, player)
    tournament.require_running(t)
    if player not in _seated(uow, t, number):
        raise Conflict(f"the player does not play in round {number}",
                       {"round": number, "player_id": player}, code="not_playing")
    uow.decide(j.JUDGING, tid, j.MarkPresent(number, player, actor.ref(),
                                                       uow.now.isoformat()))
    return {"tournament_id": tid, "round": number, "player_id": player, "present": True}


def tardy(reads: Reads, actor: Principal, tid: str, number: int, now: str) -> dict[str, Any]:
    """The players of round ``number`` not marked present, and whether the 15 minutes
    after its announced start have passed (then the staff may record their Loss)."""
    t = tournament.load(reads, tid)
    require_tournament_staff(actor, t)
    seated = _seated(reads, t, number)
    state = reads.state(j.JUDGING, tid)
    start = state.starts.get(number)
    late_from = j.late_from(start) if start else None
    penalized = {p.player for p in state.standing() if p.round == number
                 and p.infraction == "tardiness" and p.kind in LOSSES}
    # V:EKN 3.3: the round's check-in counts as arriving at the seat
    arrived = round_arrivals.checked_in(reads, tid, number)
    present = {p for p in seated if state.is_present(number, p)}
    absent = [p for p in seated if p not in present and p not in penalized
              and not round_arrivals.in_time(arrived.get(p), late_from)]
    late = round_arrivals.late([p for p in seated if p not in penalized], present, arrived,
                               start, now)
    return {"tournament_id": tid, "round": number, "starts_at": start,
            "late_from": late_from, "offered": late_from is not None
            and datetime.fromisoformat(now) >= datetime.fromisoformat(late_from),
            "absent": absent, "late": late, "penalized": sorted(penalized)}


def record_tardy(uow: UnitOfWork, actor: Principal, tid: str, number: int,
                 player: str) -> dict[str, Any]:
    """V:EKN 3.3: the Loss of a player not seated 15 minutes after the round began: the
    match lost in Swiss, 0 VP at their table (a round's game) in V:EKN."""
    t = tournament.load(uow, tid, guard=False)
    kind = "match_loss" if t.structure == "swiss" else "game_loss"
    start = uow.load(j.JUDGING, tid).starts.get(number)
    arrived = round_arrivals.checked_in(uow, tid, number).get(player)
    if start is not None and round_arrivals.in_time(arrived, j.late_from(start)):
        raise Conflict("the player checked in for the round within 15 minutes of its start "
                       "(V:EKN 3.3)", {"round": number, "player_id": player,
                                       "checked_in_at": arrived}, code="player_present")
    return give_penalty(uow, actor, tid, player, kind,
                        "not seated 15 minutes after the round began", "tardiness", number)
