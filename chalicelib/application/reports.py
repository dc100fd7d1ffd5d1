"""Federation reports (V:EKN 9): the pull feed of finished tournaments, one tournament's
report (JSON pages, CSV, the V:EKN archon layout), the federation's receipt, and the
organizer's reporting status per tournament. Reports are assembled from the read views
(``domain/reports/assemble.py``)."""
from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from datetime import timedelta
from typing import Any

from ..auth import Principal, require_role, require_tournament_staff
from ..domain import reports as rp
from ..domain.accounts import ACCOUNT
from ..domain.errors import BadRequest, Conflict, Forbidden
from ..domain.reports import pages
from ..domain.reports.assemble import Sources
from ..domain.tournament import state as tstate
from ..projections.queries import decks, judging, swiss
from ..projections.queries.reports import FEED_KIND, org_kind, receipt_id
from ..projections.queries.tournaments import all_players, summary_id
from ..service import UnitOfWork
from ..store.ports import ViewDoc
from . import clock, judge_calls, play_views, tournament
from .card_facts import lists_cards
from .reads import Reads
from .sources import each_view

REPORT_ENTRIES = 20_000        # a page of a report: ~3 MB at most, one page up to ~4,000 players
FEED_REPORT_ENTRIES = 1_000    # each report's first page in the feed (20 reports a page)
ORGANIZER_ID = re.compile(r"o[0-9a-f]{12}")
FEED_SCAN = 200                # feed entries read from the views at a time
STREAM_MARGIN_SECONDS = 900    # projector timeout, contention retries and clock skew
DEFAULT_MAX_RECORD_AGE = 86400  # infra/resources.json ProjectorMaxRecordAgeSeconds default


def settle_seconds(projection: str, env: Mapping[str, str]) -> float:
    """How long the feed holds back a finish before handing out a cursor past it.

    The cursor is the recorded finish time, so an entry projected after a newer cursor
    was handed out would never be delivered. With stream projection, a record the
    mapping still delivers is younger than its ``MaximumRecordAgeInSeconds`` (older ones
    go to the failure queue): holding back that long, plus a margin, means every finish
    that can still be projected lands before its cursor is handed out. Inline projection
    projects in the request that appended."""
    raw = env.get("PODIUM_REPORT_FEED_SETTLE_SECONDS")
    if raw is not None:
        return float(raw)
    if projection == "inline":
        return 0.0
    age = float(env.get("PODIUM_PROJECTOR_MAX_RECORD_AGE_SECONDS") or DEFAULT_MAX_RECORD_AGE)
    return age + STREAM_MARGIN_SECONDS


def _organizer_name(reads: Reads, organizer_id: str) -> str | None:
    account = reads.state(ACCOUNT, organizer_id)
    return account.name if account.exists else None


def _swiss_docs(views: Any, tid: str) -> tuple[Any, list[Any], Any, Any]:
    overview = play_views.swiss_overview(views, tid)
    if overview is None:
        return None, [], None, None
    paired = overview.get("rounds_paired", 0)
    rounds = [doc for n in range(1, paired + 1)
              if (doc := swiss.full_round(views, tid, n)) is not None]
    return (overview, rounds, play_views.latest_standings(views, tid, paired),
            views.get(swiss.bracket_id(tid)))


def build_report(reads: Reads, tid: str, now: str) -> dict[str, Any] | None:
    """The report of finished tournament ``tid``; None while its views are not there."""
    views = reads.views
    summary = views.get(summary_id(tid))
    if summary is None or summary["status"] != "finished":
        return None
    players = all_players(views, tid)
    receipt = views.get(receipt_id(tid))
    index, table_rounds = play_views.tables_rounds(views, tid)
    overview, swiss_rounds, standings, bracket = _swiss_docs(views, tid)
    assembled = rp.assemble(Sources(
        summary=summary, players={"tournament_id": tid, "players": players}, now=now,
        organizer_name=_organizer_name(reads, summary["organizer_id"]),
        received_at=receipt["received_at"] if receipt else None,
        tables_index=index, tables_rounds=table_rounds, ffa=play_views.ffa(views, tid),
        swiss_overview=overview, swiss_rounds=swiss_rounds, swiss_standings=standings,
        swiss_bracket=bracket,
        decks=decks.public_view(views, tid, [p["player_id"] for p in players]),
        penalties=[v.doc for v in each_view(views, judging.penalties_kind(tid), 1000)],
        time_extensions=clock.all_extensions(views, tid)))
    # how quickly judges answered the players' calls (issue 24)
    return {**assembled, "judge_calls": judge_calls.response_times(reads, tid)}


def settled(reads: Reads, kind: str, since: str | None, scan: int,
            projection: str) -> Iterator[ViewDoc]:
    """The views of ``kind`` after the cursor ``since``, in sort order (sort keys start
    with their time), up to the first one too recent to hand a cursor past
    (:func:`settle_seconds`): what a federation's feed may deliver now."""
    now = reads.service.clock()
    cutoff = (now - timedelta(seconds=settle_seconds(projection, os.environ))).isoformat()
    cursor = since
    while True:
        page = reads.views.list(kind, after=cursor, limit=scan)
        for view in page:
            if view.sort.split("|", 1)[0] > cutoff:
                return
            yield view
            cursor = view.sort
        if len(page) < scan:
            return


def _wanted(entry: dict[str, Any], game: str | None, start: str | None,
            end: str | None) -> bool:
    # the report's date (the day it started) is what from/to filter on
    day = entry.get("date") or entry["finished_at"][:10]
    return (game is None or entry["game"] == game) and (start is None or day >= start) \
        and (end is None or day <= end)


def feed(reads: Reads, actor: Principal, projection: str, since: str | None,
         game: str | None, start: str | None, end: str | None,
         limit: int) -> dict[str, Any]:
    """Finished tournaments' reports (their first pages) after the cursor ``since`` (a
    feed sort key), oldest first. ``projection``: how views are projected, which fixes
    how long a finish is held back (:func:`settle_seconds`). Each item's ``cursor`` and
    the reply's ``next`` are sort keys; ``next_position`` a report's next page."""
    require_role(actor, "federation")
    now = reads.service.clock().isoformat()
    items: list[dict[str, Any]] = []
    cursor, more, pending = since, False, None
    for view in settled(reads, FEED_KIND, since, FEED_SCAN, projection):
        if len(items) == limit:
            more = True
            break
        if _wanted(view.doc, game, start, end):
            report = build_report(reads, view.doc["tournament_id"], now)
            if report is None:
                # its views are not all there yet (e.g. a rebuild is re-filling them):
                # stop before it so that the next call delivers it
                pending = view.doc["tournament_id"]
                break
            first, following = pages.page(report, 0, FEED_REPORT_ENTRIES)
            items.append({**first, "next_position": following, "cursor": view.sort})
        cursor = view.sort
    return {"items": items, "next": cursor, "more": more, "pending": pending}


def report(reads: Reads, actor: Principal, tid: str) -> dict[str, Any]:
    """The whole report, for the federations and the tournament's organizer (409
    ``not_finished`` before the finish, ``report_pending`` while its views catch up)."""
    state = tournament.load(reads, tid)
    if actor.role not in ("admin", "federation"):
        require_tournament_staff(actor, state, organizer_only=True)
    if state.status != tstate.FINISHED:
        raise Conflict("the tournament has not finished: there is no report yet",
                       {"status": state.status}, code="not_finished")
    found = build_report(reads, tid, reads.service.clock().isoformat())
    if found is None:
        raise Conflict("the report is not ready yet; retry in a moment",
                       code="report_pending")
    return found


@lists_cards
def report_page(reads: Reads, actor: Principal, tid: str, position: int,
                limit: int) -> dict[str, Any]:
    """A page of the report (``domain/reports/pages.py``): every field, the lists'
    entries of the page; ``next_position`` where the next page starts (None: last)."""
    shown, following = pages.page(report(reads, actor, tid), position, limit)
    return {**shown, "next_position": following}


def standings_csv(reads: Reads, actor: Principal, tid: str) -> tuple[str, bool]:
    """The standings as CSV, and whether the event ended early (``incomplete``)."""
    found = report(reads, actor, tid)
    return rp.standings_csv(found), bool(found.get("incomplete"))


def archon_csv(reads: Reads, actor: Principal, tid: str) -> tuple[str, bool]:
    """The V:EKN archon layout (V:TES only: 409 ``not_vtes``), and ``incomplete``."""
    found = report(reads, actor, tid)
    if found["game"] != "vtes":
        raise Conflict("the archon layout is for V:TES tournaments only",
                       {"game": found["game"]}, code="not_vtes")
    return rp.archon_csv(found), bool(found.get("incomplete"))


def receipt_document(tid: str, received_at: str | None, federation_id: str | None,
                     finished_at: str | None, now: str) -> dict[str, Any]:
    """A report's receipt with the tournament's reporting status at ``now``."""
    return {"tournament_id": tid, "received_at": received_at, "federation_id": federation_id,
            "reporting": rp.reporting_status(finished_at, received_at, now)}


def receive(uow: UnitOfWork, actor: Principal, tid: str) -> dict[str, Any]:
    """A federation acknowledges the report (the first receipt counts)."""
    require_role(actor, "federation")
    state = tournament.load(uow, tid)
    receipt, _ = uow.decide(rp.REPORTS, tid, rp.ReceiveReport(
        actor.id, state.status == tstate.FINISHED, uow.now.isoformat()))
    return receipt_document(tid, receipt.received_at, receipt.federation_id,
                            state.finished_at, uow.now.isoformat())


def reporting_status(reads: Reads, actor: Principal, organizer_id: str | None,
                     after: str | None, limit: int) -> dict[str, Any]:
    """An organizer's tournaments (the admin names the organizer: 400 ``invalid_query``
    without one) with their reporting status against the V:EKN deadlines."""
    require_role(actor, "organizer")
    if actor.role == "admin":
        if organizer_id is None:
            raise BadRequest("the admin must name an organizer_id", code="invalid_query")
        if not ORGANIZER_ID.fullmatch(organizer_id):
            raise BadRequest("query parameter 'organizer_id' is malformed",
                             {"parameter": "organizer_id", "pattern": ORGANIZER_ID.pattern},
                             code="invalid_query")
    elif organizer_id not in (None, actor.id):
        raise Forbidden("organizers see only their own tournaments")
    organizer = organizer_id or actor.id
    page = reads.views.list(org_kind(organizer), after=after, limit=limit + 1)
    now = reads.service.clock().isoformat()
    items = []
    for view in page[:limit]:
        receipt = reads.views.get(receipt_id(view.doc["tournament_id"])) or {}
        items.append({**view.doc, "reporting": rp.reporting_status(
            view.doc["finished_at"], receipt.get("received_at"), now)})
    return {"organizer_id": organizer, "items": items,
            "next": page[limit - 1].sort if len(page) > limit else None}
