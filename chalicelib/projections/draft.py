"""Views of the product and draft capability: uploaded card sets (kind ``cardset``), each
tournament's draft summary (pods and seats, late arrivals, pod status) and the list of
drafts still running (kind ``draft-active``, read by the scheduled timer sweep)."""
from __future__ import annotations

from typing import Any

from ..domain.draft.events import DraftFinished, DraftStarted, LateArrivalProvided, PodOpened
from ..domain.product.cards import CardSet
from ..domain.product.catalog.decide import set_summary
from ..domain.product.events import CardSetUploaded
from .queries.draft import ACTIVE_KIND, SET_KIND, draft_view_id, pod_status_kind
from .registry import Projection, Stored, ViewTx
from .stream_ids import pod_of, tid_of

projection = Projection("draft")


def set_view_id(set_id: str) -> str:
    return f"cardset:{set_id}"


def _pod_of_stream(stream_id: str) -> tuple[str, int]:
    return tid_of(stream_id), pod_of(stream_id)


@projection.on(CardSetUploaded)
def _set_uploaded(event: Stored[CardSetUploaded], tx: ViewTx) -> None:
    card_set = CardSet.model_validate(event.event.set)
    tx.put(set_view_id(card_set.id), set_summary(card_set, "uploaded"), kind=SET_KIND,
           sort=card_set.id)


@projection.on(DraftStarted)
def _draft_started(event: Stored[DraftStarted], tx: ViewTx) -> None:
    tid = tid_of(event.stream_id)
    d = event.event
    pods = [{"pod": n, "seats": [{"seat": s, "player_id": p} for s, p in enumerate(pod, start=1)]}
            for n, pod in enumerate(d.pods, start=1)]
    tx.put(draft_view_id(tid), {"tournament_id": tid, "rounds": d.rounds,
                                "started_at": d.at, "pods": pods, "late_arrivals": []},
           kind="draft", sort=tid)


@projection.on(LateArrivalProvided)
def _late(event: Stored[LateArrivalProvided], tx: ViewTx) -> None:
    tid = tid_of(event.stream_id)
    doc: dict[str, Any] | None = tx.get(draft_view_id(tid))
    if doc is None:
        return
    late = [p for p in doc["late_arrivals"] if p["player_id"] != event.event.player]
    late.append({"player_id": event.event.player, "product": "sealed",
                 "at": event.event.at})
    tx.put(draft_view_id(tid), {**doc, "late_arrivals": late}, kind="draft", sort=tid)


# Each pod's status and its entry in the list of running drafts belong to the pod's own
# stream: two pods finishing at once must not read-modify-write one shared document.

def pod_status_id(tid: str, n: int) -> str:
    return f"draft-pod:{tid}:{n}"


def active_pod_id(tid: str, n: int) -> str:
    return f"draft-active:{tid}:{n}"


@projection.on(PodOpened)
def _pod_opened(event: Stored[PodOpened], tx: ViewTx) -> None:
    tid, n = _pod_of_stream(event.stream_id)
    tx.put(pod_status_id(tid, n), {"pod": n, "status": "drafting", "finished_at": None},
           kind=pod_status_kind(tid), sort=f"{n:05d}")
    tx.put(active_pod_id(tid, n), {"tournament_id": tid, "pod": n}, kind=ACTIVE_KIND,
           sort=f"{tid}:{n:05d}")


@projection.on(DraftFinished)
def _pod_finished(event: Stored[DraftFinished], tx: ViewTx) -> None:
    tid, n = _pod_of_stream(event.stream_id)
    tx.put(pod_status_id(tid, n), {"pod": n, "status": "finished",
                                   "finished_at": event.event.at},
           kind=pod_status_kind(tid), sort=f"{n:05d}")
    tx.delete(active_pod_id(tid, n))


