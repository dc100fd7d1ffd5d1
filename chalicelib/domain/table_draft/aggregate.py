"""The aggregates of this package (TABLE_DRAFT, TABLE_DRAFT_ROSTER, MIXED_DRAFT_ROSTER):
each decider bound to the builder of its streams (domain/decider.py). One roster decider
serves both drafts' rosters, bound once per roster stream."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from .decide import decide
from .evolve import evolve
from .roster import decide as roster_decide
from .roster import evolve as roster_evolve
from .roster import state as roster_state
from .state import TableDraftState

TABLE_DRAFT = FunctionDecider("tabledraft", TableDraftState, decide, evolve,
                              stream=streams.table_draft_pod)
# one roster decider, bound to each draft's roster stream
TABLE_DRAFT_ROSTER = FunctionDecider("table-draft-roster", roster_state.RosterState,
                                     roster_decide.decide, roster_evolve.evolve,
                                     stream=streams.table_draft)
MIXED_DRAFT_ROSTER = FunctionDecider("mixed-draft-roster", roster_state.RosterState,
                                     roster_decide.decide, roster_evolve.evolve,
                                     stream=streams.mixed_draft)
