"""Events of a tournament's clock (``clock-<tid>``)."""
from __future__ import annotations

from ..events import Event, event


@event
class TimeExtended(Event):
    """Staff gave ``target`` (``R3-12``, ``C2-1``, ``T2-7`` or ``F``: see ``targets``)
    ``minutes`` more, for ``reason`` (V:EKN 2.8, 3.3.3)."""

    target: str
    minutes: int
    reason: str
    by: str
    at: str
