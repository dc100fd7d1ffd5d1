"""The evolve function of the allegations aggregate (stream ``allegations-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import AllegationDecided, CheatingReported
from .state import AllegationsState


def evolve(state: AllegationsState, event: Event) -> AllegationsState:
    if isinstance(event, CheatingReported):
        doc = {"allegation_id": event.allegation_id, "player_id": event.player_id,
               "statement": event.statement, "round": event.round, "reported_by": event.by,
               "reported_at": event.at, "decision": None, "note": None, "penalty_id": None,
               "decided_by": None, "decided_at": None}
        return replace(state, allegations={**state.allegations, event.allegation_id: doc})
    if isinstance(event, AllegationDecided):
        doc = {**state.allegations[event.allegation_id], "decision": event.decision,
               "note": event.note, "penalty_id": event.penalty_id, "decided_by": event.by,
               "decided_at": event.at}
        return replace(state, allegations={**state.allegations, event.allegation_id: doc})
    return state
