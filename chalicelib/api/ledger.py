"""The federation's ledger over HTTP (V:EKN Appendix A, 9): a federation records its
events' reports, imports events run elsewhere and invalidates events; anyone reads the
rankings, a member's profile (penalties only for the federation), the qualification
lists and the feed of rating changes. Use cases: ``application/ledger.py``."""
from __future__ import annotations

from typing import Literal

from chalice import Blueprint
from pydantic import Field

from ..application import ledger
from ..auth import optional_principal
from ..runtime import runtime
from .bodies import Body
from .common import caller, command, reads
from .http import (
    cursor_at,
    json_route,
    page_param,
    parse_body,
    query_param,
)

bp = Blueprint(__name__)
DAY = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
MEMBER = r"[0-9A-Za-z-]{1,20}"
DAY_FIELD = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
TIERS = Literal["casual", "store", "sanctioned", "national_qualifier",
                "continental_qualifier", "national_championship",
                "continental_championship", "premier"]
CONTINENT = Literal["africa", "asia", "europe", "north_america", "oceania", "south_america"]


class RecordBody(Body):
    tournament_id: str = Field(pattern=r"^t[0-9a-f]{12}$")


class ImportBody(Body):
    external_id: str = Field(pattern=r"^[0-9A-Za-z_.-]{1,40}$",
                             description="the event's id where it ran (a correction "
                                         "imports the same id again)")
    name: str = Field(min_length=1, max_length=120)
    date: str = DAY_FIELD
    group: Literal["constructed", "limited"]
    tier: TIERS
    open: bool = True
    country: str | None = Field(default=None, pattern=r"^[A-Z]{2}$")
    city: str | None = Field(default=None, min_length=1, max_length=80)
    continent: CONTINENT | None = None
    set_restricted: bool = False
    finished_at: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}")
    reported_at: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}")
    officials: list[str] = Field(default_factory=list, max_length=20)
    csv: str = Field(min_length=1, max_length=200_000,
                     description="the archon CSV (rank, name, vekn, gw, vp, tp, finalist)")


class InvalidateBody(Body):
    reason: str = Field(min_length=1, max_length=500)


@json_route(bp, "/ledger/events", methods=["POST"])
def record_event():
    request = bp.current_request
    principal = caller(request)
    body = parse_body(request, RecordBody)
    return command(request, principal, 200, ledger.record_tournament, reads(),
                   body.tournament_id)


@json_route(bp, "/ledger/imports", methods=["POST"])
def import_event():
    request = bp.current_request
    principal = caller(request)
    body = parse_body(request, ImportBody)
    return command(request, principal, 200, ledger.import_event, body.model_dump())


@json_route(bp, "/ledger/events/{event_id}/invalidation", methods=["POST"])
def invalidate_event(event_id):
    request = bp.current_request
    principal = caller(request)
    body = parse_body(request, InvalidateBody)
    return command(request, principal, 200, ledger.invalidate, event_id, body.reason)


def _paged(doc: dict) -> dict:
    """A ledger page with its ``next`` position as the opaque cursor clients send back."""
    return {**doc, "next": cursor_at(doc["next"])}


def _as_of(request) -> str | None:
    return query_param(request, "as_of", pattern=DAY)


@json_route(bp, "/federations/{fid}/events", methods=["GET"])
def ledger_events(fid):
    request = bp.current_request
    position, limit = page_param(request, 100, 500)
    return _paged(ledger.events(reads(), fid, position, limit))


@json_route(bp, "/federations/{fid}/rankings/{group}", methods=["GET"])
def rankings(fid, group):
    request = bp.current_request
    position, limit = page_param(request, 100, 1000)
    where = {k: v for k in ("country", "city", "continent")
             if (v := query_param(request, k, pattern=r"[A-Za-z _.'-]{1,80}")) is not None}
    return _paged(ledger.rankings(reads(), fid, group, where, _as_of(request), position,
                                  limit))


@json_route(bp, "/federations/{fid}/members/{member}", methods=["GET"])
def member_profile(fid, member):
    request = bp.current_request
    return ledger.profile(reads(), optional_principal(request, runtime()), fid, member,
                          _as_of(request))


@json_route(bp, "/federations/{fid}/qualifications/{continent}", methods=["GET"])
def qualifications(fid, continent):
    request = bp.current_request
    return ledger.qualifications(reads(), fid, continent, _as_of(request))


@json_route(bp, "/federations/{fid}/feed", methods=["GET"])
def rating_feed(fid):
    request = bp.current_request
    position, limit = page_param(request, 100, 1000)
    return _paged(ledger.feed(reads(), fid, position, limit))
