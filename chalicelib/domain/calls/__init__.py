"""Judge calls (stream ``calls-<tid>``): called to a table or match, acknowledged and
resolved, with the times of each step (the event report's response times)."""
from .aggregate import CALLS
from .commands import AcknowledgeCall, CallJudge, ResolveCall
from .events import JudgeCallAcknowledged, JudgeCalled, JudgeCallResolved
from .state import ACKNOWLEDGED, OPEN, RESOLVED, Call, CallsState

__all__ = ["ACKNOWLEDGED", "CALLS", "OPEN", "RESOLVED", "AcknowledgeCall", "Call",
           "CallJudge", "CallsState", "JudgeCallAcknowledged", "JudgeCallResolved",
           "JudgeCalled", "ResolveCall"]
