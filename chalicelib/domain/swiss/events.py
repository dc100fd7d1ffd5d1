"""Events of the Swiss stream (``swiss-<tid>``) and of each match's own stream
(``match-<tid>-r3-12``), which records the same result events (``match_result.py``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import Event, Payload, event, optional, upcaster


@event
class SwissStarted(Event):
    seed_key: str
    settings: dict[str, Any]       # the swiss section, fixed for the event
    planned_rounds: int
    planned_cut: int


@event(version=2)
class RoundPaired(Event):
    """Round ``round``'s pairs in table order: match ``R<round>-<t>`` is the t-th pair.
    The players joining (first seen here) are derived, not recorded."""

    round: int
    pairs: list[list[str]]
    bye: str | None
    left: list[str]                # left the tournament's list since the last round
    pods: dict[str, int]           # pods given or changed by this pairing
    ends_at: str | None
    method: str
    quality: dict[str, Any]
    optimal: bool                  # proven optimal (the cost equals the lower bound)
    bound: int
    gap: int
    by: str
    results_in: str                # "match": each match's own stream; "swiss": this one

    def matches(self) -> list[dict[str, Any]]:
        """``[{id, table, a, b}]`` in table order."""
        return [{"id": f"R{self.round}-{t}", "table": t, "a": a, "b": b}
                for t, (a, b) in enumerate(self.pairs, start=1)]

    def players(self) -> list[str]:
        """Everyone the round paired or gave the bye, in table order (the bye last)."""
        return [p for pair in self.pairs for p in pair] + ([self.bye] if self.bye else [])


@upcaster(RoundPaired, 1)
def _pairs_and_bound(data: Payload) -> Payload:
    """Version 1 has had every shape of the round before it had versions: ``matches``
    ({id, table, a, b} in table order) and the players ``joined`` before rounds of
    thousands of players were recorded as ``pairs``; no ``left`` before drops were
    derived from the player list, no ``results_in`` before matches had streams of their
    own (results then went to this stream), no ``optimal``, ``bound`` and ``gap`` before
    the pairing proved its bound (every round was solved to optimality: its bound is its
    own squared gap)."""
    lifted = {k: v for k, v in data.items() if k not in ("matches", "joined")}
    if "matches" in data:
        lifted["pairs"] = [[m["a"], m["b"]] for m in data["matches"]]
    lifted.setdefault("left", [])
    lifted.setdefault("results_in", "swiss")
    lifted.setdefault("optimal", True)
    if "bound" not in data:
        lifted["bound"] = data["quality"]["squared_gap"]
    lifted.setdefault("gap", 0)
    return lifted


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchResult(Event):
    """What every result event of a match records (a base, not an event of its own)."""

    match: str
    by: str
    score: dict[str, int]          # {a, b, draws}
    at: str


@event
class ResultReported(MatchResult):
    """A player's report, waiting for the opponent's confirmation."""


@event
class ResultConfirmed(MatchResult):
    """The opponent confirms the report (or reports the same score): final."""


@event
class ResultEntered(MatchResult):
    """A judge's result (final), or the loss of a player who dropped (``loss_by_drop``)."""

    loss_by_drop: str | None = optional()


@event
class ResultCorrected(MatchResult):
    """A judge replaces a final result (``previous``)."""

    previous: dict[str, int]
    reason: str
    later_rounds_paired: bool


FINAL = (ResultConfirmed, ResultEntered)     # a result that stands until corrected


@event(version=2)
class RoundClosed(Event):
    round: int
    # the matches' final results in table order, [a, b, draws] each, with losses by drop
    # and corrections, as their own streams recorded them; None for a round whose results
    # this stream recorded (paired before matches had streams of their own)
    results: list[list[int]] | None
    drop_losses: dict[str, str]        # match id -> the player who dropped
    corrected: list[str]


@upcaster(RoundClosed, 1)
def _results_here(data: Payload) -> Payload:
    """Before matches had streams of their own a round closed with its number only."""
    if "results" in data:
        return dict(data)
    return {"round": data["round"], "results": None, "drop_losses": {}, "corrected": []}


@event
class RoundResultsMigrated(Event):
    """A round paired before each match had a stream of its own, brought to today's layout
    by a one-off migration (the events it derives from stay where they are; the verifier
    derives the migration again): an open round's results recorded in this stream are
    copied, in order, to each match's own stream (``moved``: match id -> events copied);
    a closed round's final results are recorded as a RoundClosed records them today."""

    round: int
    moved: dict[str, int]
    results: list[list[int]] | None    # closed round: [a, b, draws] in table order
    drop_losses: dict[str, str]
    corrected: list[str]


@event(stored_as={"PlayerDropped": "swiss"})
class SwissPlayerDropped(Event):
    """The player leaves the Swiss event after ``after_round`` rounds were paired (stored
    as ``PlayerDropped`` until the tournament's drop of the same name kept that name)."""

    player: str
    after_round: int
    by: str


@event
class SwissPlayerReinstated(Event):
    """A dropped player plays on: paired again from the next round."""

    player: str
    by: str


@event
class StructureSet(Event):
    rounds: int | None
    top_cut: int | None
    by: str


@event
class TopCutStarted(Event):
    size: int
    seeds: list[str]
    by: str
    rounds: list[list[dict[str, Any]]]      # per cut round: {id, table, a, b}
    ends_at: str | None


@event
class CutAdvanced(Event):
    match: str
    winner: str
    to: str                        # the next match
    slot: str                      # "a" or "b"


@event
class CutFinished(Event):
    champion: str
