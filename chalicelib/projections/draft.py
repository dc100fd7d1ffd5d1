"""Views of the product and draft capability: uploaded card sets (kind ``cardset``), each
tournament's draft summary (pods and seats, late arrivals, pod status) and the list of
drafts still running (kind ``draft-active``, read by the scheduled timer sweep)."""
from __future__ import annotations

from typing import Any

from ..domain.product.catalog import set_summary
from ..domain.product.cards import CardSet
from ..store.ports import StoredEvent
from .registry import Projection, ViewTx

projection = Projection("draft")

SET_KIND = "cardset"
ACTIVE_KIND = "draft-active"


def set_view_id(set_id: str) -> str:
    return f"cardset:{set_id}"


def draft_view_id(tid: str) -> str:
    return f"draft:{tid}"


def active_view_id(tid: str) -> str:
    return f"draft-active:{tid}"


def _pod_of_stream(stream_id: str) -> tuple[str, int]:
    _, tid, n = stream_id.split("-")
    return tid, int(n)


@projection.on("CardSetUploaded")
def _set_uploaded(event: StoredEvent, tx: ViewTx) -> None:
    card_set = CardSet.model_validate(event.data["set"])
    tx.put(set_view_id(card_set.id), set_summary(card_set, "uploaded"), kind=SET_KIND,
           sort=card_set.id)


@projection.on("DraftStarted")
def _draft_started(event: StoredEvent, tx: ViewTx) -> None:
    tid = event.stream_id.split("-", 1)[1]
    d = event.data
    pods = [{"pod": n, "status": "drafting", "finished_at": None,
             "seats": [{"seat": s, "player_id": p} for s, p in enumerate(pod, start=1)]}
            for n, pod in enumerate(d["pods"], start=1)]
    tx.put(draft_view_id(tid), {"tournament_id": tid, "status": "drafting",
                                "rounds": d["rounds"], "started_at": d["at"], "pods": pods,
                                "late_arrivals": []}, kind="draft", sort=tid)
    tx.put(active_view_id(tid), {"tournament_id": tid, "pods": len(pods)},
           kind=ACTIVE_KIND, sort=tid)


@projection.on("LateArrivalProvided")
def _late(event: StoredEvent, tx: ViewTx) -> None:
    tid = event.stream_id.split("-", 1)[1]
    doc: dict[str, Any] | None = tx.get(draft_view_id(tid))
    if doc is None:
        return
    late = [p for p in doc["late_arrivals"] if p["player_id"] != event.data["player"]]
    late.append({"player_id": event.data["player"], "product": "sealed",
                 "at": event.data["at"]})
    tx.put(draft_view_id(tid), {**doc, "late_arrivals": late}, kind="draft", sort=tid)


@projection.on("DraftFinished")
def _pod_finished(event: StoredEvent, tx: ViewTx) -> None:
    tid, n = _pod_of_stream(event.stream_id)
    doc = tx.get(draft_view_id(tid))
    if doc is None:
        return
    pods = [{**p, "status": "finished", "finished_at": event.data["at"]} if p["pod"] == n
            else p for p in doc["pods"]]
    done = all(p["status"] == "finished" for p in pods)
    tx.put(draft_view_id(tid), {**doc, "pods": pods,
                                "status": "finished" if done else doc["status"]},
           kind="draft", sort=tid)
    if done:
        tx.delete(active_view_id(tid))
