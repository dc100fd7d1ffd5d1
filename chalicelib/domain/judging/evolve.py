"""Fold the judges' records' events (see ``decide.py`` for their shapes)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .state import OVERTURNED, JudgingState, Penalty


def evolve(state: JudgingState, event: Event) -> JudgingState:
    d = event.data
    if event.type == "OfficialsNamed":
        return replace(state, head_judge=d["head_judge"],
                       panel=tuple(dict(o) for o in d["panel"]))
    if event.type == "PenaltyGiven":
        penalty = Penalty(d["penalty_id"], d["player_id"], d["kind"], d["reason"],
                          d["infraction"], dict(d["judge"]), d["at"], d["round"], d["table"],
                          d["match_id"], d["applied"], d["by_head_judge"])
        return replace(state, penalties=state.penalties.set(penalty.id, penalty))
    if event.type == "AppealFiled":
        penalty = state.penalties[d["penalty_id"]]
        appeal = {"appeal_id": d["appeal_id"], "statement": d["statement"],
                  "filed_at": d["at"], "decision": None, "note": None, "decided_by": None,
                  "decided_at": None}
        return replace(state, penalties=state.penalties.set(
            penalty.id, replace(penalty, appeal=appeal)))
    if event.type == "AppealDecided":
        penalty = state.penalties[d["penalty_id"]]
        appeal = {**(penalty.appeal or {}), "decision": d["decision"], "note": d["note"],
                  "decided_by": d["by"], "decided_at": d["at"]}
        status = OVERTURNED if d["decision"] == "overturned" else penalty.status
        return replace(state, penalties=state.penalties.set(
            penalty.id, replace(penalty, appeal=appeal, status=status)))
    if event.type == "DisqualificationReviewed":
        penalty = state.penalties[d["penalty_id"]]
        review = {"decision": d["decision"], "note": d["note"], "decided_by": d["by"],
                  "decided_at": d["at"]}
        status = OVERTURNED if d["decision"] == "overturned" else penalty.status
        return replace(state, penalties=state.penalties.set(
            penalty.id, replace(penalty, review=review, status=status)))
    if event.type == "RoundStartAnnounced":
        return replace(state, starts=state.starts.set(d["round"], d["starts_at"]))
    if event.type == "PlayerMarkedPresent":
        seen = state.present.get(d["round"], frozenset())
        return replace(state, present=state.present.set(d["round"], seen | {d["player_id"]}))
    return state
