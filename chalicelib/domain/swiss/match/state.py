"""The state of the Swiss match aggregate (stream ``match-<tid>-r<n>-<t>``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..match_result import MatchRecord


@dataclass(frozen=True)
class MatchState:
    record: MatchRecord = MatchRecord()
    touched: bool = False       # the stream has events
