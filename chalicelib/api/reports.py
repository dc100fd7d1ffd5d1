"""Federation reports (V:EKN 9) over HTTP: the pull feed of finished tournaments, each
report in JSON, CSV and the V:EKN archon layout, the federation's receipt, and the
organizer's reporting status per tournament. The use cases are in
``application/reports.py``."""
from __future__ import annotations

from chalice import Blueprint, Response

from ..application import announced, archon_xlsx, reports, winner_deck
from ..auth import optional_principal
from ..runtime import runtime
from .bodies import Body
from .common import caller, command_route, reads
from .http import (
    cursor_at,
    cursor_param,
    encode_cursor,
    json_route,
    next_cursor,
    page_param,
    query_int,
    query_param,
)

bp = Blueprint(__name__)
DATE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"


def _csv(text: str, filename: str, incomplete: bool) -> Response:
    return Response(text, status_code=200, headers={
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": f'attachment; filename="{filename}"',
        # the archon layout has no column for it: an event ended early says so here too
        "X-Podium-Incomplete": "yes" if incomplete else "no"})


@json_route(bp, "/reports/feed", methods=["GET"])
def feed():
    request = bp.current_request
    principal = caller(request)
    doc = reports.feed(
        reads(), principal, runtime().config.projection, cursor_param(request, "since"),
        query_param(request, "game", pattern=r"vtes|hack|munchkin|mtg"),
        query_param(request, "from", pattern=DATE), query_param(request, "to", pattern=DATE),
        query_int(request, "limit", 20, 1, 100))
    items = [{**{k: v for k, v in item.items() if k != "next_position"},
              "next": cursor_at(item["next_position"]), "cursor": encode_cursor(item["cursor"])}
             for item in doc["items"]]
    return {**doc, "items": items, "next": next_cursor(doc["next"])}


@json_route(bp, "/reports/announced", methods=["GET"])
def announced_feed():
    """Every tournament from its creation with its seed commitment (federation)."""
    request = bp.current_request
    doc = announced.announced(
        reads(), caller(request), runtime().config.projection, cursor_param(request, "since"),
        query_param(request, "game", pattern=r"vtes|hack|munchkin|mtg"),
        query_int(request, "limit", 20, 1, 100))
    return {"items": [{**item, "cursor": encode_cursor(item["cursor"])}
                      for item in doc["items"]],
            "next": next_cursor(doc["next"]), "more": doc["more"]}


@json_route(bp, "/tournaments/{tid}/report", methods=["GET"])
def get_report(tid):
    """The report, a page at a time (``domain/reports/pages.py``): every field on every
    page, the lists' entries of the page."""
    request = bp.current_request
    position, limit = page_param(request, reports.REPORT_ENTRIES, reports.REPORT_ENTRIES)
    page = reports.report_page(reads(), caller(request), tid, position, limit)
    return {**{k: v for k, v in page.items() if k != "next_position"},
            "next": cursor_at(page["next_position"])}


@json_route(bp, "/tournaments/{tid}/report/csv", methods=["GET"])
def get_report_csv(tid):
    text, incomplete = reports.standings_csv(reads(), caller(bp.current_request), tid)
    return _csv(text, f"podium-{tid}.csv", incomplete)


@json_route(bp, "/tournaments/{tid}/report/archon", methods=["GET"])
def get_report_archon(tid):
    text, incomplete = reports.archon_csv(reads(), caller(bp.current_request), tid)
    return _csv(text, f"archon-{tid}.csv", incomplete)


@json_route(bp, "/tournaments/{tid}/report/winner-deck", methods=["GET"])
def get_winner_deck(tid):
    """The V:TES winner's deck in the deck archive's text layout, once published."""
    viewer = optional_principal(bp.current_request, runtime())
    text = winner_deck.winner_deck(reads(), viewer, tid)
    return Response(text, status_code=200, headers={
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Disposition": f'inline; filename="winner-{tid}.txt"'})


@json_route(bp, "/tournaments/{tid}/report/archon-xlsx", methods=["GET"])
def get_report_archon_xlsx(tid):
    """The Archon v1.5 spreadsheet (base64 in JSON)."""
    return archon_xlsx.archon_xlsx(reads(), caller(bp.current_request), tid)


@json_route(bp, "/tournaments/{tid}/report/archon.xlsx", methods=["GET"])
def download_report_archon_xlsx(tid):
    """The same spreadsheet as a file (a browser's download link, a federation's curl)."""
    data, _ = archon_xlsx.spreadsheet(reads(), caller(bp.current_request), tid)
    return Response(data, status_code=200, headers={
        "Content-Type": archon_xlsx.CONTENT_TYPE, "Cache-Control": "private, no-store",
        "Content-Disposition": f'attachment; filename="{archon_xlsx.filename(tid)}"'})


receive_report = command_route(
    bp, "/tournaments/{tid}/report/receipt", reports.receive, 200, Body, (), allow_empty=True)


@json_route(bp, "/reports/status", methods=["GET"])
def reporting_status():
    """The caller's tournaments (an organizer's own; the admin names one with
    ``organizer_id``) with their reporting status against the V:EKN deadlines."""
    request = bp.current_request
    doc = reports.reporting_status(reads(), caller(request), query_param(request, "organizer_id"),
                                   cursor_param(request), query_int(request, "limit", 100, 1, 500))
    return {**doc, "next": next_cursor(doc["next"])}
