"""Events of a tournament's report stream (``report-<tid>``)."""
from __future__ import annotations

from ..events import Event, event


@event
class ReportReceived(Event):
    federation_id: str
    at: str
