"""The federation's ledger across events (V:EKN Appendix A, 9): which events count,
rating points per event and player, ratings over the preceding 18 months (best 8),
rankings, qualifications for continental championships. Pure functions and one
decider; the application feeds it reports."""
from __future__ import annotations

from .aggregate import LEDGER
from .commands import InvalidateEvent, RecordEvent
from .state import LedgerState

__all__ = ["LEDGER", "InvalidateEvent", "LedgerState", "RecordEvent"]
