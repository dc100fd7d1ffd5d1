"""The Swiss aggregate (stream ``swiss-<tid>``) as a decider."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict
from ..events import Event
from .commands import (
    CloseRound,
    ConfirmResult,
    CorrectResult,
    DropPlayer,
    EnterResult,
    PairRound,
    ReinstatePlayer,
    ReportResult,
    SetStructure,
    StartTopCut,
)
from .decide_pairing import decide_pair_round, decide_set_structure, decide_top_cut
from .decide_results import (
    decide_close,
    decide_confirm,
    decide_correct,
    decide_enter,
    decide_report,
)
from .drops import decide_drop, decide_reinstate
from .migration import refuse_unmigrated
from .state import SwissState

_HANDLERS: dict[type, Callable[[Any, SwissState], list[Event]]] = {
    PairRound: decide_pair_round,
    ReportResult: decide_report,
    ConfirmResult: decide_confirm,
    EnterResult: decide_enter,
    CorrectResult: decide_correct,
    DropPlayer: decide_drop,
    ReinstatePlayer: decide_reinstate,
    SetStructure: decide_set_structure,
    StartTopCut: decide_top_cut,
    CloseRound: decide_close,
}


def decide(command: Any, state: SwissState) -> list[Event]:
    handler = _HANDLERS.get(type(command))
    if handler is None:
        unknown_command("swiss", command)
    if not state.started and not isinstance(command, (PairRound, SetStructure)):
        raise Conflict("no Swiss round has been paired yet")
    refuse_unmigrated(state)
    return handler(command, state)
