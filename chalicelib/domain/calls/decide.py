"""The judge-call aggregate: a player (for their own table) or a staff member calls a
judge with a short reason; a judge acknowledges (on the way) and resolves it. A player has
at most one call open; the number of calls of an event is bounded."""
from __future__ import annotations

from typing import Any

from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from .commands import AcknowledgeCall, CallJudge, ResolveCall
from .events import JudgeCallAcknowledged, JudgeCalled, JudgeCallResolved
from .state import OPEN, RESOLVED, Call, CallsState

MAX_REASON = 200
MAX_NOTE = 500
MAX_CALLS = 5000


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
