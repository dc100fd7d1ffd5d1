"""The state of the match aggregate."""
from __future__ import annotations

from dataclasses import dataclass

from ..match_result import MatchRecord


@dataclass(frozen=True)
class MatchState:
    record: MatchRecord = MatchRecord()
    touched: bool = False       # the stream has events
