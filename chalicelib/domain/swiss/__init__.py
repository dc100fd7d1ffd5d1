"""Swiss rounds, byes, results, standings with tiebreak chains, and the top cut."""
from .commands import (
                       CloseRound,
                       ConfirmResult,
                       CorrectResult,
                       DropPlayer,
                       EnterResult,
                       PairRound,
                       ReportResult,
                       SetStructure,
                       StartTopCut,
)
from .decider import SWISS
from .state import SwissState

__all__ = [
                       "SWISS",
                       "CloseRound",
                       "ConfirmResult",
                       "CorrectResult",
                       "DropPlayer",
                       "EnterResult",
                       "PairRound",
                       "ReportResult",
                       "SetStructure",
                       "StartTopCut",
                       "SwissState",
]
