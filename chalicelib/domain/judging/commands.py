"""Commands of the judges' records (stream ``judging-<tid>``). Each carries the facts
decide needs from the tournament (its status, players, judges) and the time: decide
reads no clock and no store."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actor import ActorRef

KINDS = ("warning", "game_loss", "match_loss", "disqualification")
INFRACTIONS = ("procedural", "tardiness", "slow_play", "unsporting_conduct", "cheating",
               "marked_cards", "other")
DECISIONS = ("upheld", "overturned")


@dataclass(frozen=True)
class Official:
    """One judge of the Multi-Judge System (V:EKN 2.9): the tournament's judge or
    organizer ``judge_id``, playing in the event as ``player_id`` (or not playing)."""
    judge_id: str
    player_id: str | None = None


@dataclass(frozen=True)
class NameOfficials:
    """The organizer names the head judge and, for the Multi-Judge System, the six
    ordered judges (the first is the head judge), before the tournament begins."""
    head_judge: str
    panel: tuple[Official, ...]
    started: bool                      # fact: the tournament has begun
    staff: frozenset[str]              # fact: the organizer's and the judges' ids
    players: frozenset[str]            # fact: the registered players
    by: ActorRef
    now: str


@dataclass(frozen=True)
class GivePenalty:
    """A judge records a penalty. ``applied`` is its consequence in play, decided and
    written by the application in the same unit of work (a match or table result, a
    drop), recorded here as it was applied."""
    penalty_id: str
    player: str
    kind: str
    reason: str
    judge: dict[str, Any]              # {"role", "id"}
    now: str
    infraction: str = "other"
    round: int | None = None
    table: int | None = None
    match_id: str | None = None
    by_head_judge: bool = False        # fact: the judge is the head judge
    applied: dict[str, Any] | None = None


@dataclass(frozen=True)
class FileAppeal:
    """A penalized player appeals the penalty to the head judge (V:EKN 2.7)."""

    appeal_id: str
    penalty_id: str
    player: str                        # the caller: the penalized player
    statement: str
    now: str


@dataclass(frozen=True)
class DecideAppeal:
    """The head judge upholds or overturns an appealed penalty (V:EKN 2.7)."""

    penalty_id: str
    decision: str
    note: str
    by: ActorRef
    by_head_judge: bool                # fact: the caller is the head judge
    now: str


@dataclass(frozen=True)
class ReviewDisqualification:
    """V:EKN 5.1: "All disqualifications are subject to later V:EKN review": the
    federation upholds or overturns one (the head judge's decision binds the event, the
    federation's review binds the head judge)."""

    penalty_id: str
    decision: str
    note: str
    by: ActorRef
    now: str


@dataclass(frozen=True)
class AnnounceRoundStart:
    """The time a round begins (V:EKN Appendix B, "Round Begins": the time posted or
    announced by the head judge or organizer), from which tardiness counts."""
    round: int
    starts_at: str
    by: ActorRef


@dataclass(frozen=True)
class MarkPresent:
    """Staff mark a player present for a round (tardiness, V:EKN 3.3)."""

    round: int
    player: str
    by: ActorRef
    now: str

