"""Cheating allegations (V:EKN 5.1): "The head judge reviews all cheating allegations, and
if he or she determines that a player cheated, the head judge will issue the appropriate
penalty". Any judge (or the organizer) reports one; only the head judge decides it, once:
a penalty (given through the judges' records, infraction ``cheating``) or dismissed.

Events: ``CheatingReported`` {allegation_id, player_id, statement, round, by, at};
``AllegationDecided`` {allegation_id, decision, note, penalty_id, by, at}."""
from .aggregate import ALLEGATIONS as ALLEGATIONS  # noqa: F401
from .commands import DecideAllegation as DecideAllegation
from .commands import ReportCheating as ReportCheating
from .decide import DECISIONS as DECISIONS
from .decide import MAX_OPEN as MAX_OPEN
from .decide import decide as decide
from .evolve import evolve as evolve
from .state import AllegationsState as AllegationsState
