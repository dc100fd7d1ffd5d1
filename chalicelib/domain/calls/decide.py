"""The judge-call aggregate: a player (for their own table) or a staff member calls a
judge with a short reason; a judge acknowledges (on the way) and resolves it. A player has
at most one call open; the number of calls of an event is bounded."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from .events import JudgeCallAcknowledged, JudgeCalled, JudgeCallResolved

MAX_REASON = 200
MAX_NOTE = 500
MAX_CALLS = 5000
OPEN, ACKNOWLEDGED, RESOLVED = "open", "acknowledged", "resolved"


@dataclass(frozen=True)
class Call:
    call_id: str
    caller: dict[str, Any]
    player_id: str | None
    round: int | None
    table: int | None
    match: str | None
    reason: str
    suggested: str | None
    called_at: str
    status: str = OPEN
    acknowledged_by: dict[str, Any] | None = None
    acknowledged_at: str | None = None
    resolved_by: dict[str, Any] | None = None
    resolved_at: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class CallsState:
    calls: dict[str, Call] = field(default_factory=dict)
    order: tuple[str, ...] = ()                       # call ids, oldest first
    open_by_player: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CallJudge:
    call_id: str
    caller: dict[str, Any]
    player_id: str | None
    round: int | None
    table: int | None
    match: str | None
    reason: str
    suggested: str | None
    now: str


@dataclass(frozen=True)
class AcknowledgeCall:
    call_id: str
    by: dict[str, Any]
    now: str


@dataclass(frozen=True)
class ResolveCall:
    call_id: str
    by: dict[str, Any]
    note: str | None
    now: str


def _call(state: CallsState, call_id: str) -> Call:
    call = state.calls.get(call_id)
    if call is None:
        raise NotFound(f"no judge call {call_id!r}", code="call_not_found")
    return call


def decide(command: Any, state: CallsState) -> list[Event]:
    if isinstance(command, CallJudge):
        reason = command.reason.strip()
        if not reason or len(reason) > MAX_REASON:
            raise Invalid(f"say why in 1 to {MAX_REASON} characters", {"field": "reason"},
                          code="invalid_call")
        if command.player_id and command.player_id in state.open_by_player:
            raise Conflict("you have called a judge already: wait for them",
                           {"call_id": state.open_by_player[command.player_id]},
                           code="call_open")
        if len(state.order) >= MAX_CALLS:
            raise Conflict(f"{MAX_CALLS} judge calls in one event", code="too_many_calls")
        return [JudgeCalled(call_id=command.call_id, caller=command.caller,
                            player_id=command.player_id, round=command.round,
                            table=command.table, match=command.match, reason=reason,
                            suggested=command.suggested, at=command.now)]
    if isinstance(command, AcknowledgeCall):
        call = _call(state, command.call_id)
        if call.status != OPEN:
            raise Conflict(f"this call is {call.status}", {"status": call.status},
                           code="call_not_open")
        return [JudgeCallAcknowledged(call_id=call.call_id, by=command.by, at=command.now)]
    if isinstance(command, ResolveCall):
        call = _call(state, command.call_id)
        if call.status == RESOLVED:
            raise Conflict("this call is resolved", code="call_resolved")
        note = (command.note or "").strip() or None
        if note and len(note) > MAX_NOTE:
            raise Invalid(f"a note has at most {MAX_NOTE} characters", {"field": "note"},
                          code="invalid_call")
        return [JudgeCallResolved(call_id=call.call_id, by=command.by, note=note,
                                  at=command.now)]
    raise Invalid(f"unknown judge-call command {type(command).__name__}")


def evolve(state: CallsState, event: Event) -> CallsState:
    if isinstance(event, JudgeCalled):
        call = Call(event.call_id, event.caller, event.player_id, event.round, event.table,
                    event.match, event.reason, event.suggested, event.at)
        open_by = dict(state.open_by_player)
        if event.player_id:
            open_by[event.player_id] = event.call_id
        return CallsState({**state.calls, call.call_id: call}, state.order + (call.call_id,),
                          open_by)
    if isinstance(event, JudgeCallAcknowledged):
        call = replace(state.calls[event.call_id], status=ACKNOWLEDGED,
                       acknowledged_by=event.by, acknowledged_at=event.at)
        return replace(state, calls={**state.calls, call.call_id: call})
    if isinstance(event, JudgeCallResolved):
        call = replace(state.calls[event.call_id], status=RESOLVED, resolved_by=event.by,
                       resolved_at=event.at, note=event.note)
        open_by = {p: c for p, c in state.open_by_player.items() if c != call.call_id}
        return replace(state, calls={**state.calls, call.call_id: call},
                       open_by_player=open_by)
    return state
