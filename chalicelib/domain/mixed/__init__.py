"""Mixed (Elder) draft, V:EKN 7.8: one decider per pod, stream ``mixed-<tid>-<n>``."""
from __future__ import annotations

from ..decider import FunctionDecider
from .commands import (
    ExpireLibraryPicks,
    LibraryPick,
    ReplaceProduct,
    StartMixedDraft,
    TakePickFor,
)
from .decide import decide
from .evolve import evolve
from .state import MixedDraftState
from .view import view

MIXED_DRAFT = FunctionDecider("mixed", MixedDraftState, decide, evolve)


def stream_id(tournament_id: str, pod: int) -> str:
    return f"mixed-{tournament_id}-{pod}"


__all__ = ["MIXED_DRAFT", "MixedDraftState", "StartMixedDraft", "LibraryPick",
           "ExpireLibraryPicks", "ReplaceProduct", "TakePickFor", "view", "stream_id"]
