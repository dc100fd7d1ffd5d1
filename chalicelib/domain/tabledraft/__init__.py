"""Table (Rochester) draft, V:EKN 7.7: one decider per pod, stream ``tdraft-<tid>-<n>``."""
from __future__ import annotations

from ..decider import FunctionDecider
from .commands import ExpirePick, Pick, PickFor, ReplacePack, StartTableDraft
from .decide import decide
from .evolve import evolve
from .state import TableDraftState
from .view import view

TABLE_DRAFT = FunctionDecider("tabledraft", TableDraftState, decide, evolve)


def stream_id(tournament_id: str, pod: int) -> str:
    return f"tdraft-{tournament_id}-{pod}"


__all__ = ["TABLE_DRAFT", "TableDraftState", "StartTableDraft", "Pick", "ExpirePick",
           "PickFor", "ReplacePack", "view", "stream_id"]
