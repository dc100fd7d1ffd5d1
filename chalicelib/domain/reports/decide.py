"""The federation's receipt of a finished tournament's report (stream ``report-<tid>``).

Events: ``ReportReceived`` {federation_id, at}. A second receipt changes nothing."""
from __future__ import annotations

from typing import Any

from ..decider import unknown_command
from ..errors import Conflict
from ..events import Event
from .commands import ReceiveReport
from .events import ReportReceived
from .state import ReceiptState


def decide(cmd: Any, state: ReceiptState) -> list[Event]:
    if not isinstance(cmd, ReceiveReport):
        unknown_command("report", cmd)
    if not cmd.tournament_finished:
        raise Conflict("the tournament has not finished: there is no report yet",
                       code="not_finished")
    if state.received_at is not None:
        return []
    return [ReportReceived(federation_id=cmd.federation_id, at=cmd.now)]
