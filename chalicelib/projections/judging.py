"""The judges' records as read views, from the ``judging-<tid>`` stream only:

* ``judging:<tid>``: the officials (head judge, Multi-Judge System) and the counts of
  standing warnings and penalties, and the disqualified players;
* ``penalty:<tid>:<penalty id>`` (kind ``penalties|<tid>``, sort ``<given at>|<id>``):
  each penalty with its appeal, for the staff's list and the report;
* ``penalty-of:<tid>:<penalty id>`` (kind ``penalties|<tid>|<player>``): the same
  document in the penalized player's own list.

Presence and round starts are not projected: the tardiness query reads the stream's
state."""
from __future__ import annotations

from typing import Any

from ..domain.judging.events import (
    AppealDecided,
    AppealFiled,
    DisqualificationReviewed,
    OfficialsNamed,
    PenaltyGiven,
)
from .queries.judging import mine_id, penalties_kind, penalty_id, summary_id
from .registry import Projection, Stored, ViewTx
from .stream_ids import tid_of

projection = Projection("judging")


def _summary(tx: ViewTx, tid: str) -> dict[str, Any]:
    return dict(tx.get(summary_id(tid)) or {
        "tournament_id": tid, "head_judge": None, "panel": [], "warnings": 0,
        "penalties": 0, "overturned": 0, "disqualified": []})


def _counted(summary: dict[str, Any], penalty: dict[str, Any], sign: int) -> dict[str, Any]:
    """The summary with ``penalty`` counted (sign 1) or no longer counted (-1)."""
    out = dict(summary)
    key = "warnings" if penalty["kind"] == "warning" else "penalties"
    out[key] += sign
    if penalty["kind"] == "disqualification":
        gone = [p for p in out["disqualified"] if p != penalty["player_id"]]
        out["disqualified"] = gone + [penalty["player_id"]] if sign > 0 else gone
    return out


def _put_penalty(tx: ViewTx, tid: str, doc: dict[str, Any]) -> None:
    sort = f"{doc['given_at']}|{doc['penalty_id']}"
    tx.put(penalty_id(tid, doc["penalty_id"]), doc, kind=penalties_kind(tid), sort=sort)
    tx.put(mine_id(tid, doc["penalty_id"]), doc,
           kind=penalties_kind(tid, doc["player_id"]), sort=sort)


@projection.on(OfficialsNamed)
def _officials(event: Stored[OfficialsNamed], tx: ViewTx) -> None:
    tid = tid_of(event.stream_id)
    tx.put(summary_id(tid), {**_summary(tx, tid), "head_judge": event.data["head_judge"],
                             "panel": list(event.data["panel"])}, kind="judging")


@projection.on(PenaltyGiven)
def _given(event: Stored[PenaltyGiven], tx: ViewTx) -> None:
    tid, d = tid_of(event.stream_id), event.data
    doc = {"tournament_id": tid, "penalty_id": d["penalty_id"], "player_id": d["player_id"],
           "kind": d["kind"], "reason": d["reason"], "infraction": d["infraction"],
           "judge": d["judge"], "given_at": d["at"], "round": d["round"],
           "table": d["table"], "match_id": d["match_id"], "applied": d["applied"],
           "status": "standing", "appeal": None}
    _put_penalty(tx, tid, doc)
    tx.put(summary_id(tid), _counted(_summary(tx, tid), doc, 1), kind="judging")


@projection.on(DisqualificationReviewed)
def _reviewed(event: Stored[DisqualificationReviewed], tx: ViewTx) -> None:
    tid, d = tid_of(event.stream_id), event.data
    doc = tx.get(penalty_id(tid, d["penalty_id"]))
    if doc is None:
        return
    review = {"decision": d["decision"], "note": d["note"], "decided_by": d["by"],
              "decided_at": d["at"]}
    _decided(tx, tid, doc, "review", review, d["decision"])


@projection.on(AppealFiled, AppealDecided)
def _appeal(event: Stored[AppealFiled | AppealDecided], tx: ViewTx) -> None:
    tid, d = tid_of(event.stream_id), event.data
    doc = tx.get(penalty_id(tid, d["penalty_id"]))
    if doc is None:
        return
    if event.type == "AppealFiled":
        appeal = {"appeal_id": d["appeal_id"], "statement": d["statement"],
                  "filed_at": d["at"], "decision": None, "note": None, "decided_by": None,
                  "decided_at": None}
        _put_penalty(tx, tid, {**doc, "appeal": appeal})
        return
    appeal = {**doc["appeal"], "decision": d["decision"], "note": d["note"],
              "decided_by": d["by"], "decided_at": d["at"]}
    _decided(tx, tid, doc, "appeal", appeal, d["decision"])


def _decided(tx: ViewTx, tid: str, doc: dict[str, Any], key: str, decided: dict[str, Any],
             decision: str) -> None:
    """A ruling decided on appeal (``appeal``) or by the federation's review (``review``):
    an overturned one stops counting."""
    overturned = decision == "overturned" and doc["status"] == "standing"
    _put_penalty(tx, tid, {**doc, key: decided,
                           "status": "overturned" if overturned else doc["status"]})
    if overturned:
        summary = _counted(_summary(tx, tid), doc, -1)
        tx.put(summary_id(tid), {**summary, "overturned": summary["overturned"] + 1},
               kind="judging")

