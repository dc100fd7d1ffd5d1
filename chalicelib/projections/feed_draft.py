"""Booster-draft messages of the players' feeds: "a pack is waiting for you" with its pick
deadline, when a round opens and whenever a pack reaches a seat that was waiting for none
(or the picker's next pack starts its clock). Each pod stream keeps a small document of
its passing queues (``feed-pod:<tid>:<n>``: what is in front of each seat, card counts
only, never the cards) folded with the domain's own passing rule (V:EKN 7.6)."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ..domain import streams
from ..domain.draft.events import CardPicked, DraftFinished, PodOpened, RoundOpened
from ..domain.draft.passing import direction, pass_on
from ..domain.draft.state import PodState
from ..domain.events import Event
from .feed_entries import Emitter
from .registry import Stored, ViewTx, keyed
from .tournaments import tournament_of_stream

queues_id = keyed("feed-pod:")       # by "<tid>:<pod>"


def _doc_id(stored: Stored[Event]) -> str:
    return queues_id(f"{tournament_of_stream(stored.stream_id)}:"
                     f"{streams.pod_number_of(stored.stream_id)}")


def _deadline(doc: dict[str, Any], since: int | None, cards: int) -> str | None:
    seconds = PodState(timer=doc["timer"]).seconds_for(cards)
    if since is None or seconds <= 0:
        return None
    return datetime.fromtimestamp((since + seconds * 1000) / 1000, UTC).isoformat()


def _waiting(out: Emitter, doc: dict[str, Any], seat: int) -> None:
    front = doc["queues"][seat][0]
    out.private(doc["seats"][seat], "pack.waiting", {
        "pod": doc["pod"], "round": doc["round"], "cards": front[1],
        "deadline": _deadline(doc, doc["since"][seat], front[1])})


def register(projection) -> None:
    """Add the draft handlers to the feeds projection."""

    @projection.on(PodOpened)
    def _opened(stored: Stored[PodOpened], tx: ViewTx) -> None:
        e = stored.event
        if streams.kind_of(stored.stream_id) != "pod":
            return
        tx.put(_doc_id(stored), {
            "pod": e.pod, "seats": list(e.seats), "timer": dict(e.timer),
            "sizes": [[len(pack) for pack in rnd] for rnd in e.packs], "round": 0,
            "queues": [[] for _ in e.seats], "since": [None for _ in e.seats]},
            kind="feed-pod")

    @projection.on(RoundOpened)
    def _round(stored: Stored[RoundOpened], tx: ViewTx) -> None:
        doc, out = _context(stored, tx)
        if doc is None:
            return
        e = stored.event
        sizes = doc["sizes"][e.round - 1]
        doc = {**doc, "round": e.round, "since": [e.at for _ in doc["seats"]],
               "queues": [[[seat, sizes[seat]]] for seat in range(len(doc["seats"]))]}
        tx.put(_doc_id(stored), doc, kind="feed-pod")
        for seat in range(len(doc["seats"])):
            _waiting(out, doc, seat)

    @projection.on(CardPicked)
    def _picked(stored: Stored[CardPicked], tx: ViewTx) -> None:
        doc, out = _context(stored, tx)
        if doc is None or not doc["queues"][stored.event.seat]:
            return
        e = stored.event
        n, seat = len(doc["seats"]), e.seat
        origin, cards = doc["queues"][seat][0]
        to = (seat + direction(doc["round"])) % n
        rest = (origin, cards - 1) if cards > 1 else None
        queues, since = pass_on(tuple(tuple(tuple(p) for p in q) for q in doc["queues"]),
                                tuple(doc["since"]), seat, to, rest, e.at)
        before = [len(q) for q in doc["queues"]]
        doc = {**doc, "queues": [[list(p) for p in q] for q in queues], "since": list(since)}
        tx.put(_doc_id(stored), doc, kind="feed-pod")
        if doc["queues"][seat]:
            _waiting(out, doc, seat)
        if rest is not None and to != seat and before[to] == 0:
            _waiting(out, doc, to)

    @projection.on(DraftFinished)
    def _finished(stored: Stored[DraftFinished], tx: ViewTx) -> None:
        if streams.kind_of(stored.stream_id) == "pod" and tx.get(_doc_id(stored)) is not None:
            tx.delete(_doc_id(stored))


def _context(stored: Stored[Event], tx: ViewTx) -> tuple[dict[str, Any] | None, Emitter]:
    tid = tournament_of_stream(stored.stream_id)
    doc = tx.get(_doc_id(stored)) if streams.kind_of(stored.stream_id) == "pod" else None
    return doc, Emitter(stored, tx, tid or "")
