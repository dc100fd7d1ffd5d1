"""Mixed (Elder) draft, V:EKN 7.8: one decider per pod, stream ``mixed-<tid>-<n>``."""
from __future__ import annotations

from .. import streams
from .commands import (
    ExpireLibraryPicks,
    LibraryPick,
    ReplaceProduct,
    StartMixedDraft,
    TakePickFor,
)
from .state import MixedDraftState
from .view import view

stream_id = streams.mixed_draft_pod


__all__ = ["MIXED_DRAFT", "MixedDraftState", "StartMixedDraft", "LibraryPick",
           "ExpireLibraryPicks", "ReplaceProduct", "TakePickFor", "view", "stream_id"]

from .aggregate import MIXED_DRAFT as MIXED_DRAFT  # noqa: E402, F401  (declared once, in aggregate.py)
