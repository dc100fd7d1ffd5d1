"""Table (Rochester) draft, V:EKN 7.7: one decider per pod, stream ``tdraft-<tid>-<n>``."""
from __future__ import annotations

from .. import streams
from .commands import ExpirePick, Pick, PickFor, ReplacePack, StartTableDraft
from .state import TableDraftState
from .view import view

stream_id = streams.table_draft_pod


__all__ = ["TABLE_DRAFT", "TableDraftState", "StartTableDraft", "Pick", "ExpirePick",
           "PickFor", "ReplacePack", "view", "stream_id"]

from .aggregate import TABLE_DRAFT as TABLE_DRAFT  # noqa: E402, F401  (declared once, in aggregate.py)
