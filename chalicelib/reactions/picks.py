"""Counts the picks the server made for a player, once, when their events are committed:
a booster, table or mixed draft pick recorded with ``auto`` (the timer expired, or staff
took the pick of an absent player, recorded with ``by``)."""
from __future__ import annotations

from collections.abc import Iterable

from ..store.ports import StoredEvent
from ..telemetry import metrics

PICK_EVENTS = frozenset({"CardPicked", "TableCardPicked", "MixedLibraryCardPicked"})


def count_auto_picks(ctx, stored: Iterable[StoredEvent]) -> None:
    """Counted when the picks' views commit (once per event)."""
    auto = [e for e in stored if e.type in PICK_EVENTS and e.data.get("auto")]
    if auto:
        metrics.count("AutoPicks", len(auto))
        by_staff = sum(1 for e in auto if e.data.get("by"))
        if by_staff:
            metrics.count("AutoPicksByStaff", by_staff)
