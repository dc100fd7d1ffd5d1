"""Round deadlines from the command's ``now`` (no clock is read here)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Optional, Union


def deadline(now: Union[str, int, float], minutes: Optional[int]) -> Optional[str]:
    if minutes is None:
        return None
    if isinstance(now, (int, float)):
        start = datetime.fromtimestamp(now, tz=timezone.utc)
    else:
        try:
            start = datetime.fromisoformat(now.replace("Z", "+00:00"))
        except ValueError:
            return None
    return (start + timedelta(minutes=minutes)).isoformat()
