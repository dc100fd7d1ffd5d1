"""Swiss results: a player reports their match and the opponent confirms, judges enter
and correct results, a drop concedes the dropping player's open match, and a round
closes once its last match has a final result. Where each is recorded (the match's
own stream or the Swiss stream) is decided in ``domain/swiss/recording.py``."""
from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

from ..auth import Principal, is_staff, require_player, require_tournament_staff
from ..domain import streams
from ..domain.errors import Conflict, Forbidden, NotFound
from ..domain.swiss import (
    SWISS,
    CloseRound,
    ConfirmResult,
    CorrectResult,
    DropPlayer,
    EnterResult,
    ReportResult,
    SwissState,
    recording,
)
from ..domain.swiss.aggregate import MATCH
from ..domain.swiss.decide_results import current_record, facts_of, locate
from ..domain.swiss.documents import match_document
from ..domain.swiss.match.state import MatchState
from ..domain.swiss.match_result import FINAL_TYPES
from ..domain.swiss.recording import Recorded, complete, dropped_match, in_match_stream
from ..domain.swiss.state import parse_match_id
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import tournament

log = logging.getLogger(__name__)
MATCH_ID = re.compile(r"^[RC][0-9]{1,3}-[0-9]{1,5}$")


def checked_match(match_id: str) -> str:
    """A Swiss (``R3-12``) or top-cut (``C1-2``) match id, else 404."""
    if not MATCH_ID.match(match_id):
        raise NotFound(f"no match {match_id!r}: ids look like R3-12 (Swiss) or C1-2 (top cut)")
    return match_id


def _swiss(uow: UnitOfWork, tid: str) -> SwissState:
    return uow.load(SWISS, tid, guard=False)


def _write(uow: UnitOfWork, tid: str, recorded: Recorded) -> None:
    if recorded.match:
        assert recorded.match_id is not None      # set with the match's events
        uow.record(MATCH, (tid, recorded.match_id), recorded.match)
    if recorded.swiss:
        uow.load(SWISS, tid)             # guard what it writes
        uow.record(SWISS, tid, recorded.swiss)
    if recorded.counted is not None:
        number, table = recorded.counted
        uow.count(streams.swiss_round_tally(tid, number), table)


def _match_state(uow: UnitOfWork, tid: str, swiss: SwissState, match_id: str) -> MatchState:
    """The match's own stream (guarded) while its round is open; else unused."""
    if in_match_stream(swiss, match_id):
        return uow.load(MATCH, (tid, match_id))
    return MATCH.initial()


def document(uow: UnitOfWork, tid: str, match_id: str) -> dict[str, Any]:
    """The match as the round's view shows it, from this unit's current states."""
    swiss = _swiss(uow, tid)
    match, holder = locate(swiss, match_id)
    own = None
    if in_match_stream(swiss, match_id):
        state = uow.load(MATCH, (tid, match_id), guard=False)
        own = state.record if state.touched else None
    return match_document(facts_of(swiss, match, holder), current_record(holder, match_id, own))


def _recorded(uow: UnitOfWork, tid: str, command: Any) -> dict[str, Any]:
    swiss = _swiss(uow, tid)
    _write(uow, tid, recording.record_result(
        swiss, _match_state(uow, tid, swiss, command.match), command))
    return document(uow, tid, command.match)


def report(uow: UnitOfWork, actor: Principal, tid: str, match_id: str, a: int, b: int,
           draws: int) -> dict[str, Any]:
    """A player reports their own match (the same score from the opponent confirms it);
    a judge's report is the result."""
    checked_match(match_id)
    t = tournament.running_swiss(uow, tid)
    now = uow.now.isoformat()
    if actor.role == "player":
        require_player(actor, t, actor.player_id or "")
        return _recorded(uow, tid, ReportResult(match_id, actor.player_id or "", a, b, now, draws))
    if is_staff(actor, t):
        return _recorded(uow, tid, EnterResult(match_id, actor.id, a, b, now, draws))
    raise Forbidden("players report their own matches; judges enter any result")


def confirm(uow: UnitOfWork, actor: Principal, tid: str, match_id: str) -> dict[str, Any]:
    checked_match(match_id)
    t = tournament.running_swiss(uow, tid)
    if actor.role != "player":
        raise Forbidden("the opponent confirms a reported result; judges enter results")
    require_player(actor, t, actor.player_id or "")
    return _recorded(uow, tid, ConfirmResult(match_id, actor.player_id or "", uow.now.isoformat()))


def correct(uow: UnitOfWork, actor: Principal, tid: str, match_id: str, a: int, b: int,
            draws: int, reason: str) -> dict[str, Any]:
    checked_match(match_id)
    t = tournament.running_swiss(uow, tid)
    require_tournament_staff(actor, t)
    return _recorded(uow, tid, CorrectResult(match_id, actor.id, a, b, uow.now.isoformat(),
                                             draws, reason))


def record_drop(uow: UnitOfWork, tid: str, player: str, by: str) -> dict[str, Any] | None:
    """The Swiss side of a tournament drop, in the drop's unit of work: the player is not
    paired again, and their match of the open round (or their ready top-cut match)
    without a final result is a loss. Returns that loss, or None."""
    swiss = _swiss(uow, tid)
    if not swiss.started or player not in swiss.joined or player in swiss.dropped:
        return None     # never paired: the next pairing leaves them out
    target = dropped_match(swiss, player)
    match = _match_state(uow, tid, swiss, target) if target else None
    recorded = recording.record_drop(swiss, match, DropPlayer(player, by, uow.now.isoformat()))
    _write(uow, tid, recorded)
    loss = next((e.data for e in recorded.match + recorded.swiss
                 if e.data.get("loss_by_drop")), None)
    if loss is None:
        return None
    _, number, _ = parse_match_id(loss["match"])
    return {"round": number, "table": None, "match_id": loss["match"], "result": "loss"}


def close_round(uow: UnitOfWork, tid: str, number: int) -> bool:
    """Close round ``number`` if every match has a final result: its results, read from
    the matches' own streams, go into the Swiss stream (guarded: a correction committed
    meanwhile re-runs this). False when it is closed already or still open."""
    swiss = uow.load(SWISS, tid)
    if not 1 <= number <= len(swiss.rounds):
        return False
    rnd = swiss.rounds[number - 1]
    if not complete(rnd, uow.tally(streams.swiss_round_tally(tid, number))):
        return False
    states = uow.peek_many(MATCH, [(tid, m.id) for m in rnd.matches])
    results = {key[1]: s.record for key, s in states.items() if s.touched}
    uow.decide(SWISS, tid, CloseRound(number, results))
    return True


def close_open_round(uow: UnitOfWork, t: TournamentState) -> None:
    """Before a pairing, a top cut or a finish: close the current round if its last
    result was recorded but the round did not close yet (the closing after that result
    failed or has not run)."""
    swiss = _swiss(uow, t.id)
    if swiss.current is not None and not swiss.current.closed:
        close_round(uow, t.id, swiss.current.number)


def open_matches(uow: UnitOfWork, tid: str, swiss: SwissState) -> dict[str, str]:
    """The current round's matches without a final result: match id -> "open" or
    "reported" (a report waits for the opponent's confirmation)."""
    rnd = swiss.current
    if rnd is None or rnd.closed:
        return {}
    ids = {(tid, m.id): m.id for m in rnd.matches}
    states = uow.peek_many(MATCH, list(ids))
    found = {}
    for sid, match_id in ids.items():
        own = states[sid].record if states[sid].touched else None
        record = current_record(rnd, match_id, own)
        if not record.final:
            found[match_id] = "reported" if record.pending else "open"
    return found


def require_round_closed(uow: UnitOfWork, t: TournamentState) -> None:
    """409 ``round_open`` (listing the matches) unless the current round is closed;
    closes it first if its last result is in."""
    close_open_round(uow, t)
    swiss = _swiss(uow, t.id)
    missing = open_matches(uow, t.id, swiss)
    if missing:
        assert swiss.current is not None          # open matches: a round is paired
        number = swiss.current.number
        raise Conflict(f"round {number} still has matches without a result",
                       {"round": number, "open_matches": list(missing)[:50],
                        "count": len(missing)}, code="round_open")


def rounds_to_close(stored: Iterable[Any]) -> set[tuple[str, int]]:
    """(tournament, round) of every final Swiss result among committed events."""
    found: set[tuple[str, int]] = set()
    for event in stored:
        match_id = streams.match_id_of(event.stream_id)
        if match_id is not None and event.type in FINAL_TYPES:
            tid = streams.tournament_of(event.stream_id) or ""
            found.add((tid, parse_match_id(match_id)[1]))
    return found
