"""Judge calls (stream ``calls-<tid>``): called to a table or match, acknowledged and
resolved, with the times of each step (the event report's response times)."""
from .aggregate import CALLS
from .decider import (
           ACKNOWLEDGED,
           OPEN,
           RESOLVED,
           AcknowledgeCall,
           Call,
           CallJudge,
           CallsState,
           ResolveCall,
)
from .events import JudgeCallAcknowledged, JudgeCalled, JudgeCallResolved

__all__ = ["ACKNOWLEDGED", "CALLS", "OPEN", "RESOLVED", "AcknowledgeCall", "Call",
           "CallJudge", "CallsState", "JudgeCallAcknowledged", "JudgeCallResolved",
           "JudgeCalled", "ResolveCall"]
