"""Federation report views.

``report-feed:<tid>`` (kind ``report-feed``, sort ``<finished_at>|<tid>``): one entry per
finished tournament, the feed's index; ``report-org:<tid>`` (kind ``report-org|<org>``):
each organizer's tournaments for the reporting-status view; both from the tournament's
own stream. ``report-receipt:<tid>`` from the ``report-<tid>`` stream."""
from __future__ import annotations

from ..domain.events import Event
from ..domain.reports.events import ReportReceived
from ..domain.tournament.events import TournamentCreated, TournamentFinished, TournamentStarted
from .queries.reports import FEED_KIND, org_kind, receipt_id
from .registry import Projection, Stored, ViewTx, keyed

projection = Projection("reports")


feed_id = keyed("report-feed:")             # by tournament id
org_id = keyed("report-org:")               # by tournament id


def feed_sort(finished_at: str, tid: str) -> str:
    return f"{finished_at}|{tid}"


def _tid(event: Stored[Event]) -> str:
    return event.stream_id.split("-", 1)[1]


def _put_org(tx: ViewTx, doc: dict) -> None:
    tx.put(org_id(doc["tournament_id"]), doc, kind=org_kind(doc["organizer_id"]),
           sort=f"{doc['created_at']}|{doc['tournament_id']}")


@projection.on(TournamentCreated)
def _created(stored: Stored[TournamentCreated], tx: ViewTx) -> None:
    e = stored.event
    _put_org(tx, {"tournament_id": e.tournament_id, "name": e.name, "game": e.game,
                  "format": e.format, "organizer_id": e.organizer_id,
                  "status": "registration", "created_at": e.created_at,
                  "finished_at": None})


@projection.on(TournamentStarted)
def _started(stored: Stored[TournamentStarted], tx: ViewTx) -> None:
    doc = tx.get(org_id(_tid(stored)))
    if doc is not None:
        _put_org(tx, {**doc, "status": "running", "started_at": stored.event.at})


@projection.on(TournamentFinished)
def _finished(stored: Stored[TournamentFinished], tx: ViewTx) -> None:
    tid, at = _tid(stored), stored.event.at
    doc = tx.get(org_id(tid))
    if doc is None:
        return
    _put_org(tx, {**doc, "status": "finished", "finished_at": at})
    # ``date`` is the report's date (the start day, as in the report) for from/to
    date = (doc.get("started_at") or at)[:10]
    tx.put(feed_id(tid), {"tournament_id": tid, "game": doc["game"],
                          "organizer_id": doc["organizer_id"], "finished_at": at,
                          "date": date},
           kind=FEED_KIND, sort=feed_sort(at, tid))


@projection.on(ReportReceived)
def _received(stored: Stored[ReportReceived], tx: ViewTx) -> None:
    e = stored.event
    tid = _tid(stored)
    tx.put(receipt_id(tid), {"tournament_id": tid, "received_at": e.at,
                             "federation_id": e.federation_id}, kind="report-receipt")
