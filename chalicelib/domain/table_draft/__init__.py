"""Table (Rochester) draft, V:EKN 7.7: one decider per pod, stream ``tdraft-<tid>-<n>``."""
from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from .commands import ExpirePick, Pick, PickFor, ReplacePack, StartTableDraft
from .decide import decide
from .evolve import evolve
from .state import TableDraftState
from .view import view

TABLE_DRAFT = FunctionDecider("tabledraft", TableDraftState, decide, evolve,
                              stream=streams.table_draft_pod)
stream_id = streams.table_draft_pod


__all__ = ["TABLE_DRAFT", "TableDraftState", "StartTableDraft", "Pick", "ExpirePick",
           "PickFor", "ReplacePack", "view", "stream_id"]
