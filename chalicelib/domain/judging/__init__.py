"""The judges' records of a tournament (V:EKN 2.5-2.9, 3.3, 5): the head judge and the
Multi-Judge System, warnings and penalties, appeals to the head judge, and the round
start and presence from which tardiness counts. Stream ``judging-<tid>``."""
from .commands import (
    DECISIONS,
    INFRACTIONS,
    KINDS,
    AnnounceRoundStart,
    DecideAppeal,
    FileAppeal,
    GivePenalty,
    MarkPresent,
    NameOfficials,
    Official,
    ReviewDisqualification,
)
from .decide import late_from
from .panel import ruling_judge
from .state import OVERTURNED, STANDING, JudgingState, Penalty

__all__ = [
    "DECISIONS", "INFRACTIONS", "JUDGING", "KINDS", "OVERTURNED", "STANDING",
    "AnnounceRoundStart", "DecideAppeal", "FileAppeal", "GivePenalty", "JudgingState",
    "MarkPresent", "NameOfficials", "Official", "Penalty", "ReviewDisqualification",
    "late_from", "ruling_judge",
]

from .aggregate import JUDGING as JUDGING  # noqa: E402, F401  (declared once, in aggregate.py)
