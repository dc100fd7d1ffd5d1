"""The evolve function of the judge-call aggregate (stream ``calls-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import JudgeCallAcknowledged, JudgeCalled, JudgeCallResolved
from .state import ACKNOWLEDGED, RESOLVED, Call, CallsState


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
