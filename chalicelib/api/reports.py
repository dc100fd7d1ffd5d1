"""Federation reports (V:EKN 9): the pull feed of finished tournaments, each report in
JSON, CSV and the V:EKN archon layout, the federation's receipt, and the organizer's
reporting status per tournament."""
from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from chalice import Blueprint, Response

from ..auth import authenticate, require_role, require_tournament_staff
from ..auth.principal import Principal
from ..domain import reports as rp
from ..domain.accounts import ACCOUNT
from ..domain.errors import Conflict
from ..domain.reports import pages
from ..domain.reports.assemble import Sources
from ..domain.tournament import state as tstate
from ..projections.reports import FEED_KIND, org_kind, receipt_id
from ..projections.tournaments import all_players, summary_id
from ..runtime import Runtime, runtime
from ..service import Reply
from .http import (
    ApiError,
    cursor_at,
    cursor_param,
    encode_cursor,
    idempotency_from,
    json_route,
    page_param,
    query_int,
    query_param,
    respond,
)
from .tournaments import load_tournament

bp = Blueprint(__name__)
DATE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
REPORT_ENTRIES = 20_000        # a page of a report: ~3 MB at most, one page up to ~4,000 players
FEED_REPORT_ENTRIES = 1_000    # each report's first page in the feed (20 reports a page)


def optional_projection(name: str) -> Any:
    """Another capability's projection module, or None while it does not exist."""
    try:
        return importlib.import_module(f"chalicelib.projections.{name}")
    except ImportError:
        return None


def _now(rt: Runtime) -> str:
    return _clock().isoformat()


def _tables_docs(rt: Runtime, tid: str) -> tuple[Any, list, Any]:
    tables = optional_projection("tables")
    if tables is None:
        return None, [], None
    index = rt.views.get(tables.index_id(tid))
    rounds = []
    for entry in (index or {}).get("rounds", []):
        doc = tables.full_round(rt.views, tid, entry["round"])
        if doc is not None:
            rounds.append(doc)
    ffa = rt.views.get(tables.ffa_id(tid)) if hasattr(tables, "ffa_id") else None
    return index, rounds, ffa


def _swiss_docs(rt: Runtime, tid: str) -> tuple[Any, list, Any, Any]:
    swiss = optional_projection("swiss")
    if swiss is None:
        return None, [], None, None
    overview = rt.views.get(swiss.overview_id(tid))
    if overview is None:
        return None, [], None, None
    paired = overview.get("rounds_paired", 0)
    rounds = [doc for n in range(1, paired + 1)
              if (doc := swiss.full_round(rt.views, tid, n)) is not None]
    standings = None
    for n in range(paired, 0, -1):
        standings = swiss.full_standings(rt.views, tid, n)
        if standings is not None:
            break
    return overview, rounds, standings, rt.views.get(swiss.bracket_id(tid))


def _decks_doc(rt: Runtime, tid: str) -> Any:
    decks = optional_projection("decks")
    if decks is None:
        return None
    return decks.public_view(rt.views, tid, [p["player_id"] for p in all_players(rt.views, tid)])


def build_report(rt: Runtime, tid: str, now: str) -> dict[str, Any] | None:
    summary = rt.views.get(summary_id(tid))
    if summary is None or summary["status"] != "finished":
        return None
    players = {"tournament_id": tid, "players": all_players(rt.views, tid)}
    receipt = rt.views.get(receipt_id(tid))
    index, table_rounds, ffa = _tables_docs(rt, tid)
    overview, swiss_rounds, standings, bracket = _swiss_docs(rt, tid)
    return rp.assemble(Sources(
        summary=summary, players=players, now=now,
        organizer_name=_organizer_name(rt, summary["organizer_id"]),
        received_at=receipt["received_at"] if receipt else None,
        tables_index=index, tables_rounds=table_rounds, ffa=ffa,
        swiss_overview=overview, swiss_rounds=swiss_rounds, swiss_standings=standings,
        swiss_bracket=bracket, decks=_decks_doc(rt, tid)))


STREAM_MARGIN_SECONDS = 900   # projector timeout, contention retries and clock skew
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


def _clock() -> datetime:
    return datetime.now(UTC)


def _organizer_name(rt: Runtime, organizer_id: str) -> str | None:
    account, _ = rt.service.read(ACCOUNT, f"account-{organizer_id}")
    return account.name if account.exists else None


@json_route(bp, "/reports/feed", methods=["GET"])
def feed():
    rt = runtime()
    request = bp.current_request
    require_role(authenticate(request, rt), "federation")
    since = cursor_param(request, "since")
    game = query_param(request, "game", pattern=r"vtes|hack|munchkin|mtg")
    start = query_param(request, "from", pattern=DATE)
    end = query_param(request, "to", pattern=DATE)
    limit = query_int(request, "limit", 20, 1, 100)
    now = _clock()
    cutoff = (now - timedelta(seconds=settle_seconds(rt.config.projection, os.environ))
              ).isoformat()
    items: list[dict[str, Any]] = []
    cursor, more, pending = since, False, None
    while True:
        page = rt.views.list(FEED_KIND, after=cursor, limit=200)
        for view in page:
            if view.sort.split("|", 1)[0] > cutoff:
                page = []
                break
            if len(items) == limit:
                more = True
                break
            entry = view.doc
            # the report's date (the day it started) is what from/to filter on
            day = entry.get("date") or entry["finished_at"][:10]
            if (game is None or entry["game"] == game) and (start is None or day >= start) \
                    and (end is None or day <= end):
                report = build_report(rt, entry["tournament_id"], now.isoformat())
                if report is None:
                    # its views are not all there yet (e.g. a rebuild is re-filling them):
                    # stop before it so that the next call delivers it
                    pending = entry["tournament_id"]
                    page = []
                    break
                first, following = pages.page(report, 0, FEED_REPORT_ENTRIES)
                items.append({**first, "next": cursor_at(following),
                              "cursor": encode_cursor(view.sort)})
            cursor = view.sort
        if more or len(page) < 200:
            break
    return {"items": items, "next": encode_cursor(cursor) if cursor else None, "more": more,
            "pending": pending}


def _readable(rt: Runtime, principal: Principal, tid: str) -> dict[str, Any]:
    state = load_tournament(rt, tid)
    if principal.role not in ("admin", "federation"):
        require_tournament_staff(principal, state, organizer_only=True)
    if state.status != tstate.FINISHED:
        raise Conflict("the tournament has not finished: there is no report yet",
                       {"status": state.status}, code="not_finished")
    report = build_report(rt, tid, _now(rt))
    if report is None:
        raise Conflict("the report is not ready yet; retry in a moment",
                       code="report_pending")
    return report


def _csv(text: str, filename: str, report: dict[str, Any]) -> Response:
    return Response(text, status_code=200, headers={
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": f'attachment; filename="{filename}"',
        # the archon layout has no column for it: an event ended early says so here too
        "X-Podium-Incomplete": "yes" if report.get("incomplete") else "no"})


@json_route(bp, "/tournaments/{tid}/report", methods=["GET"])
def get_report(tid):
    """The report, a page at a time (``domain/reports/pages.py``): every field on every
    page, the lists' entries of the page."""
    rt = runtime()
    request = bp.current_request
    report = _readable(rt, authenticate(request, rt), tid)
    position, limit = page_param(request, REPORT_ENTRIES, REPORT_ENTRIES)
    shown, following = pages.page(report, position, limit)
    return {**shown, "next": cursor_at(following)}


@json_route(bp, "/tournaments/{tid}/report/csv", methods=["GET"])
def get_report_csv(tid):
    rt = runtime()
    report = _readable(rt, authenticate(bp.current_request, rt), tid)
    return _csv(rp.standings_csv(report), f"podium-{tid}.csv", report)


@json_route(bp, "/tournaments/{tid}/report/archon", methods=["GET"])
def get_report_archon(tid):
    rt = runtime()
    report = _readable(rt, authenticate(bp.current_request, rt), tid)
    if report["game"] != "vtes":
        raise Conflict("the archon layout is for V:TES tournaments only",
                       {"game": report["game"]}, code="not_vtes")
    return _csv(rp.archon_csv(report), f"archon-{tid}.csv", report)


@json_route(bp, "/tournaments/{tid}/report/receipt", methods=["POST"])
def receive_report(tid):
    rt = runtime()
    request = bp.current_request
    principal = require_role(authenticate(request, rt), "federation")
    if request.raw_body and request.raw_body.strip() not in (b"", b"{}"):
        raise ApiError(422, "invalid_request", "this request takes no body")

    def work(uow):
        state = load_tournament(uow, tid)
        receipt, _ = uow.decide(rp.REPORTS, f"report-{tid}", rp.ReceiveReport(
            principal.id, state.status == tstate.FINISHED, uow.now.isoformat()))
        return Reply(200, {"tournament_id": tid, "received_at": receipt.received_at,
                           "federation_id": receipt.federation_id,
                           "reporting": rp.reporting_status(state.finished_at,
                                                            receipt.received_at,
                                                            uow.now.isoformat())})
    idem = idempotency_from(request, principal.id)
    return respond(rt.service.run(work, idempotency=idem, meta={"actor": principal.ref()}))


@json_route(bp, "/reports/status", methods=["GET"])
def reporting_status():
    """The caller's tournaments (an organizer's own; the admin names one with
    ``organizer_id``) with their reporting status against the V:EKN deadlines."""
    rt = runtime()
    request = bp.current_request
    principal = require_role(authenticate(request, rt), "organizer")
    organizer = principal.id
    if principal.role == "admin":
        organizer = query_param(request, "organizer_id", pattern=r"o[0-9a-f]{12}")
        if organizer is None:
            raise ApiError(400, "invalid_query", "the admin must name an organizer_id")
    elif query_param(request, "organizer_id") not in (None, principal.id):
        raise ApiError(403, "forbidden", "organizers see only their own tournaments")
    after = cursor_param(request)
    limit = query_int(request, "limit", 100, 1, 500)
    page = rt.views.list(org_kind(organizer), after=after, limit=limit + 1)
    now = _now(rt)
    items = []
    for view in page[:limit]:
        doc = view.doc
        receipt = rt.views.get(receipt_id(doc["tournament_id"]))
        items.append({**doc, "reporting": rp.reporting_status(
            doc["finished_at"], receipt["received_at"] if receipt else None, now)})
    more = len(page) > limit
    return {"organizer_id": organizer, "items": items,
            "next": encode_cursor(page[limit - 1].sort) if more else None}
