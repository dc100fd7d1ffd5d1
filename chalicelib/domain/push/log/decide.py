"""The decide function of the push log aggregate (stream ``pushlog-<tid>``)."""
from __future__ import annotations

from typing import Any

from ...decider import unknown_command
from ...errors import Invalid
from ...events import Event
from ..events import PushBatchAttempted
from .commands import RecordBatch

MAX_RESULTS = 1000                # per batch event


def decide(command: Any, state: int) -> list[Event]:
    if not isinstance(command, RecordBatch):
        unknown_command("push log", command)
    if not 1 <= len(command.results) <= MAX_RESULTS:
        raise Invalid("a batch records 1 to 1000 results")
    return [PushBatchAttempted(results=list(command.results), at=command.now)]
