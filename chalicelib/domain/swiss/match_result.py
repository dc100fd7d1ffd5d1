"""The rules of one match's result, wherever it is recorded (a Swiss match's own stream,
or the top cut inside the Swiss stream): a player reports, the opponent confirms (or
reports the same score), a judge enters a result or corrects a final one."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import Conflict, Forbidden, Invalid
from ..events import Event
from .events import (
    FINAL,
    ResultConfirmed,
    ResultCorrected,
    ResultEntered,
    ResultReported,
)
from .results import Score, validate
from .state import Pending

FINAL_TYPES = frozenset(cls.type for cls in FINAL)     # their names, as stored


@dataclass(frozen=True)
class MatchFacts:
    """What the pairing fixed about a match (from the Swiss aggregate)."""

    id: str
    round: int
    table: int
    a: str | None          # None: a cut match waiting for an earlier winner
    b: str | None
    best_of: int
    decisive: bool         # top cut: the match needs a winner
    draws_allowed: bool

    def need(self) -> int:
        return self.best_of // 2 + 1


@dataclass(frozen=True)
class MatchRecord:
    """What has been recorded for one match."""

    pending: Pending | None = None
    score: Score | None = None            # final
    corrected: bool = False
    loss_by_drop: str | None = None       # the player who lost it by dropping

    @property
    def final(self) -> bool:
        return self.score is not None


def _score(facts: MatchFacts, a: int, b: int, draws: int) -> Score:
    return validate(Score(a, b, draws), facts.best_of, facts.draws_allowed, facts.decisive)


def _ready(facts: MatchFacts, record: MatchRecord) -> None:
    if facts.a is None or facts.b is None:
        raise Conflict(f"match {facts.id} is waiting for the winners of earlier matches")
    if record.final:
        raise Conflict(f"match {facts.id} already has a result; a judge can correct it")


def _player(facts: MatchFacts, player: str) -> None:
    if player not in (facts.a, facts.b):
        raise Forbidden(f"player {player} does not play match {facts.id}")


def report(facts: MatchFacts, record: MatchRecord, player: str, a: int, b: int,
           draws: int, now: str) -> list[Event]:
    """A player's report; the same score from the opponent confirms it."""
    _ready(facts, record)
    _player(facts, player)
    score = _score(facts, a, b, draws)
    pending = record.pending
    kind: type[ResultReported | ResultConfirmed] = ResultReported
    if pending is not None and pending.reported_by != player:
        if pending.score != score:
            raise Conflict("your opponent reported a different result; confirm theirs or "
                           "call a judge", {"reported": pending.score.as_dict(),
                                            "reported_by": pending.reported_by})
        kind = ResultConfirmed
    return [kind(match=facts.id, by=player, score=score.as_dict(), at=now)]


def confirm(facts: MatchFacts, record: MatchRecord, player: str, now: str) -> list[Event]:
    _ready(facts, record)
    _player(facts, player)
    if record.pending is None:
        raise Conflict(f"no result has been reported for match {facts.id}")
    if record.pending.reported_by == player:
        raise Forbidden("the opponent of the reporting player confirms the result")
    return [ResultConfirmed(match=facts.id, by=player, score=record.pending.score.as_dict(),
                            at=now)]


def enter(facts: MatchFacts, record: MatchRecord, judge: str, a: int, b: int, draws: int,
          now: str) -> list[Event]:
    _ready(facts, record)
    score = _score(facts, a, b, draws)
    return [ResultEntered(match=facts.id, by=judge, score=score.as_dict(), at=now)]


def loss_by_drop(facts: MatchFacts, record: MatchRecord, player: str, by: str,
                 now: str) -> list[ResultEntered]:
    """The match of a player who dropped after the pairing, without a final result: a loss
    (MTR: the opponent wins by the games a match needs, the points of a win)."""
    if record.final or facts.a is None or facts.b is None:
        return []
    need = facts.need()
    score = Score(0, need) if facts.a == player else Score(need, 0)
    return [ResultEntered(match=facts.id, by=by, score=score.as_dict(), at=now,
                          loss_by_drop=player)]


def correct(facts: MatchFacts, record: MatchRecord, judge: str, a: int, b: int, draws: int,
            now: str, reason: str, later_rounds_paired: bool) -> list[ResultCorrected]:
    if record.score is None:
        raise Conflict(f"match {facts.id} has no result to correct; enter it instead")
    score = _score(facts, a, b, draws)
    if score == record.score:
        raise Invalid("the corrected result equals the recorded one",
                      {"score": score.as_dict()})
    return [ResultCorrected(match=facts.id, by=judge, score=score.as_dict(), at=now,
                            previous=record.score.as_dict(), reason=reason,
                            later_rounds_paired=later_rounds_paired)]


def recorded(record: MatchRecord, event: Event) -> MatchRecord:
    """``record`` with one result event folded in (a new value; the input is untouched)."""
    match event:
        case ResultReported():
            return MatchRecord(Pending(event.by, Score.from_dict(event.score), event.at),
                               record.score, record.corrected, record.loss_by_drop)
        case ResultConfirmed():
            return MatchRecord(None, Score.from_dict(event.score), record.corrected, None)
        case ResultEntered():
            return MatchRecord(None, Score.from_dict(event.score), record.corrected,
                               event.loss_by_drop)
        case ResultCorrected():
            return MatchRecord(None, Score.from_dict(event.score), True, None)
    return record
