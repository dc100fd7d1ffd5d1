"""Which judge rules at a table (V:EKN 2.9, the Multi-Judge System): the head judge,
unless seated at that table as a player; then the secondary judge, unless seated there
too; and so on down to the sixth judge."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any


def ruling_judge(head_judge: str, panel: Sequence[dict[str, Any]],
                 seats: Collection[str]) -> str | None:
    """The judge who rules at a table seating ``seats``; None when all six are seated
    there (impossible at a table of five)."""
    if not panel:
        return head_judge
    for official in panel:
        if official.get("player_id") not in seats:
            return str(official["judge_id"])
    return None
