"""V:EKN 2.7: "The head judge has the right to overrule other judges' decisions". A game
or match loss overturned after it rewrote its table's or match's result gives the result
back by itself: the compensating event is the result as it was before the loss (a table's
result reported again, a Swiss match's score corrected), written in the appeal decision's
unit of work, so the standings follow. A loss given before the result was reported zeroed
the player's VP as the result came in: the VP they scored were never recorded, so the
staff re-enter that table (``needs_result``)."""
from __future__ import annotations

from typing import Any

from ..auth import Principal
from ..domain.judging.state import OVERTURNED
from ..domain.swiss.results import Score
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import swiss_results, tables


def compensate(uow: UnitOfWork, actor: Principal, t: TournamentState,
               penalty: Any) -> dict[str, Any] | None:
    """Undo an overturned loss's rewrite of a result (None: nothing to undo)."""
    applied = penalty.applied or {}
    if penalty.status != OVERTURNED or penalty.kind not in ("game_loss", "match_loss"):
        return None
    if "table" in applied:
        done = applied["table"]
        if done.get("when") != "corrected" or "before" not in done:
            return {"needs_result": {"round": done["round"], "table": done["table"]}}
        tables.report(uow, actor, t.id, done["round"], done["table"], dict(done["before"]))
        return {"table": {"round": done["round"], "table": done["table"],
                          "vp_halves": done["before"]}}
    if "swiss" in applied:
        done = applied["swiss"]
        before = done.get("before")
        if before is None:
            return {"needs_result": {"match_id": done["match_id"]}}
        score = Score.from_dict(before)
        doc = swiss_results.correct(uow, actor, t.id, done["match_id"], score.a, score.b,
                                    score.draws, f"penalty {penalty.id} overturned (2.7)")
        return {"swiss": {"match_id": done["match_id"], "score": doc["score"]}}
    return None
