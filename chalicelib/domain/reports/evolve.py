"""The evolve function of the report aggregate (stream ``report-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import ReportReceived
from .state import ReceiptState


def evolve(state: ReceiptState, event: Event) -> ReceiptState:
    if isinstance(event, ReportReceived):
        return replace(state, received_at=event.at, federation_id=event.federation_id)
    return state
