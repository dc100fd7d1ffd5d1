"""The public JSON of a Swiss match: one shape for the reply to a result and for the
round's view. Its pairing part comes from the Swiss stream, its result part from wherever
the result is recorded (the match's own stream, or the Swiss stream once closed)."""
from __future__ import annotations

from typing import Any

from .match_result import MatchFacts, MatchRecord
from .results import Score
from .state import Pending


def pairing_part(facts: MatchFacts) -> dict[str, Any]:
    return {"match_id": facts.id, "round": facts.round, "table": facts.table,
            "a": facts.a, "b": facts.b, "best_of": facts.best_of}


def result_part(record: MatchRecord, ready: bool) -> dict[str, Any]:
    """``ready``: both players are known (a cut match may wait for earlier winners)."""
    pending = record.pending
    status = ("final" if record.score else "reported" if pending else
              "open" if ready else "waiting")
    return {"status": status, "score": record.score.as_dict() if record.score else None,
            "reported": {"by": pending.reported_by, "score": pending.score.as_dict(),
                         "at": pending.at} if pending else None,
            "corrected": record.corrected, "loss_by_drop": record.loss_by_drop}


def match_document(facts: MatchFacts, record: MatchRecord) -> dict[str, Any]:
    return {**pairing_part(facts),
            **result_part(record, facts.a is not None and facts.b is not None)}


def record_of_part(part: dict[str, Any]) -> MatchRecord:
    """The record a result part shows (the inverse of :func:`result_part`)."""
    reported = part.get("reported")
    return MatchRecord(
        Pending(reported["by"], Score.from_dict(reported["score"]), reported.get("at"))
        if reported else None,
        Score.from_dict(part["score"]) if part.get("score") else None,
        bool(part.get("corrected")), part.get("loss_by_drop"))
