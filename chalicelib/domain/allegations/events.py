"""Events of a tournament's cheating allegations (stream ``allegations-<tid>``)."""
from __future__ import annotations

from ..actor import ActorRef
from ..events import Event, event, optional


@event
class CheatingReported(Event):
    allegation_id: str
    player_id: str
    statement: str
    round: int | None
    by: ActorRef
    at: str


@event
class AllegationDecided(Event):
    """The head judge's decision (V:EKN 5.1): ``penalized`` (with the penalty given) or
    ``dismissed``."""
    allegation_id: str
    decision: str
    note: str
    by: ActorRef
    at: str
    penalty_id: str | None = optional()
