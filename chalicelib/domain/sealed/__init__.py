"""Sealed product, V:EKN 7.3 / 7.3.2 / 7.2.4: one decider per tournament, stream
``sealed-<tid>``."""
from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from .commands import (
    AddLatePlayer,
    AnswerStarterTrade,
    DealSwap,
    OpenProduct,
    ProposeStarterTrade,
    RegisterProduct,
    StartSealed,
)
from .decide import decide
from .evolve import evolve
from .state import SealedState
from .view import view

SEALED = FunctionDecider("sealed", SealedState, decide, evolve)


def stream_id(tournament_id: str) -> str:
    return streams.sealed(tournament_id)


__all__ = ["SEALED", "SealedState", "StartSealed", "ProposeStarterTrade",
           "AnswerStarterTrade", "OpenProduct", "RegisterProduct", "DealSwap",
           "AddLatePlayer", "view", "stream_id"]
