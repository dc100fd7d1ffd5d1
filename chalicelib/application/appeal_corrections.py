"""V:EKN 2.7: "The head judge has the right to overrule other judges' decisions". A game
or match loss overturned after it rewrote its table's or match's result gives the result
back by itself: the compensating event is the result as it was before the loss (a table's
result reported again, a Swiss match's score corrected), written in the appeal decision's
unit of work, so the standings follow. A loss given before the result was reported zeroed
the player's VP as the result came in: the VP they scored were never recorded, so the
staff re-enter that table (``needs_result``). An overturned disqualification restores
the player: active again and paired or seated from the next round (the loss its drop
gave in a round already paired or seated stays until the staff correct it:
``needs_result``)."""
from __future__ import annotations

from typing import Any

from ..auth import Principal
from ..domain.judging.state import OVERTURNED
from ..domain.swiss.aggregate import SWISS
from ..domain.swiss.commands import ReinstatePlayer as SwissReinstate
from ..domain.swiss.results import Score
from ..domain.tournament import TOURNAMENT, ReinstatePlayer, TournamentState
from ..service import UnitOfWork
from . import swiss_results, tables


def compensate(uow: UnitOfWork, actor: Principal, t: TournamentState,
               penalty: Any) -> dict[str, Any] | None:
    """Undo an overturned loss's rewrite of a result (None: nothing to undo)."""
    applied = penalty.applied or {}
    if penalty.status == OVERTURNED and penalty.kind == "disqualification":
        return _reinstated(uow, actor, t, penalty)
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


def _reinstated(uow: UnitOfWork, actor: Principal, t: TournamentState,
                penalty: Any) -> dict[str, Any] | None:
    drop = (penalty.applied or {}).get("drop") or {}
    player = penalty.player
    if not drop.get("dropped") or t.players[player].status != "dropped":
        return None
    reason = f"penalty {penalty.id} overturned (2.7)"
    uow.decide(TOURNAMENT, t.id,
               ReinstatePlayer(player, reason, uow.now.isoformat()))
    if t.structure == "swiss":
        swiss = uow.load(SWISS, t.id)
        if swiss.started and player in swiss.dropped:
            uow.decide(SWISS, t.id, SwissReinstate(player, actor.id))
    out: dict[str, Any] = {"reinstated": {"player_id": player}}
    if drop.get("round_result"):
        out["needs_result"] = {k: v for k, v in drop["round_result"].items()
                               if k in ("round", "table", "match_id") and v is not None}
    return out
