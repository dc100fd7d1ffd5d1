"""Mixed (Elder) draft, V:EKN 7.8: one decider per pod, stream ``mixed-<tid>-<n>``."""
from __future__ import annotations

from .. import streams
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

MIXED_DRAFT = FunctionDecider("mixed", MixedDraftState, decide, evolve,
                              stream=streams.mixed_draft_pod)
stream_id = streams.mixed_draft_pod


__all__ = ["MIXED_DRAFT", "MixedDraftState", "StartMixedDraft", "LibraryPick",
           "ExpireLibraryPicks", "ReplaceProduct", "TakePickFor", "view", "stream_id"]
