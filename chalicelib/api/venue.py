"""Venue nodes over HTTP (``docs/venue.md``). On the deployment: a tournament's lease
(status, grant, renew, give back, reclaim), its streams for a node taking it over, and
the events a node pushes upward. On a node (``PODIUM_VENUE_NODE_ID``): where phones find
it (address and QR code), taking a tournament over and giving it back. Use cases:
``application/venue.py``, ``venue/``."""
from __future__ import annotations

import io
from typing import Any, Literal

import segno
from chalice import Blueprint, Response
from pydantic import Field

from ..application import venue, venue_orphans
from ..runtime import runtime
from ..venue.keys import registration_key
from ..venue.sync import node_for
from ..venue.upstream import Refused, Unreachable
from .bodies import Body
from .common import caller, command, command_route, path_number, reads
from .http import ApiError, json_route, parse_body, query_int, query_param

bp = Blueprint(__name__)
NodeId = Field(min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9-]*$")
LeaseId = Field(min_length=1, max_length=40)
STREAM_ID = r"[a-z]+-[0-9a-z-]{1,120}"


class GrantBody(Body):
    node_id: str = NodeId
    address: str = Field(default="", max_length=200, description="the node's local URL")
    seconds: int = Field(default=12 * 3600, ge=60, le=7 * 24 * 3600)


class RenewBody(Body):
    node_id: str = NodeId
    lease_id: str = LeaseId
    seconds: int = Field(default=12 * 3600, ge=60, le=7 * 24 * 3600)


class ReleaseBody(Body):
    node_id: str = NodeId
    lease_id: str = LeaseId
    heads: dict[str, tuple[int, str]] = Field(max_length=100_000, description=(
        "each stream the node wrote: [last version, chain head]"))


class PushBody(Body):
    node_id: str = NodeId
    lease_id: str = LeaseId
    events: list[dict[str, Any]] = Field(max_length=500)
    previous: dict[str, str] = Field(max_length=500)
    tallies: list[dict[str, Any]] = Field(default_factory=list, max_length=5000)


class OrphansBody(Body):
    decision: Literal["replay", "discard"]


class TakeOverBody(Body):
    upstream: str = Field(min_length=8, max_length=300, pattern=r"^https?://")
    key: str = Field(min_length=8, max_length=200, description="the organizer's key upstream")
    tournament_id: str = Field(pattern=r"^t[0-9a-f]{12}$")
    seconds: int = Field(default=12 * 3600, ge=60, le=7 * 24 * 3600)


@json_route(bp, "/tournaments/{tid}/venue", methods=["GET"])
def venue_lease(tid):
    return venue.lease_status(reads(), caller(bp.current_request), tid)


grant_lease = command_route(bp, "/tournaments/{tid}/venue/lease", venue.grant, 201,
                            body=GrantBody, fields=("node_id", "address", "seconds"))
renew_lease = command_route(bp, "/tournaments/{tid}/venue/renew", venue.renew,
                            body=RenewBody, fields=("lease_id", "node_id", "seconds"))


@json_route(bp, "/tournaments/{tid}/venue/release", methods=["POST"])
def release_lease(tid):
    request = bp.current_request
    body = parse_body(request, ReleaseBody)
    heads = {sid: [v, h] for sid, (v, h) in body.heads.items()}
    return command(request, caller(request), 200, venue.release, runtime().service, tid,
                   body.lease_id, body.node_id, heads)


@json_route(bp, "/tournaments/{tid}/venue/reclaim", methods=["POST"])
def reclaim_lease(tid):
    request = bp.current_request
    return command(request, caller(request), 200, venue.reclaim, runtime().service, tid)


@json_route(bp, "/tournaments/{tid}/venue/orphans", methods=["GET"])
def venue_orphans_list(tid):
    return venue_orphans.reports(reads(), caller(bp.current_request), tid)


@json_route(bp, "/tournaments/{tid}/venue/orphans/{report}", methods=["POST"])
def decide_orphans(tid, report):
    request = bp.current_request
    body = parse_body(request, OrphansBody)
    return command(request, caller(request), 200, venue_orphans.decide, runtime().service,
                   tid, path_number(report, "report"), body.decision)


@json_route(bp, "/tournaments/{tid}/venue/streams", methods=["GET"])
def venue_streams(tid):
    return venue.stream_list(reads(), caller(bp.current_request), tid,
                             registration_key(runtime(), tid))


@json_route(bp, "/tournaments/{tid}/venue/streams/{stream_id}", methods=["GET"])
def venue_stream(tid, stream_id):
    request = bp.current_request
    query_param(request, "after", pattern=r"[0-9]{1,9}")
    return venue.stream_page(reads(), caller(request), tid, stream_id,
                             query_int(request, "after", 0, 0, 10**9),
                             query_int(request, "limit", 500, 1, venue.MAX_PAGE))


@json_route(bp, "/tournaments/{tid}/venue/events", methods=["POST"])
def push_events(tid):
    request = bp.current_request
    principal = caller(request)
    body = parse_body(request, PushBody)
    return venue.push(runtime().service, principal, tid, body.lease_id, body.node_id,
                      body.events, body.previous, body.tallies)


def _node():
    node = node_for(runtime())
    if node is None:
        raise ApiError(404, "not_a_venue_node", "this server is not a venue node "
                       "(scripts/serve.sh --venue NODE_ID starts one)")
    return node


@json_route(bp, "/venue", methods=["GET"])
def venue_node():
    return _node().status()


@json_route(bp, "/venue/qr.svg", methods=["GET"])
def venue_qr():
    out = io.BytesIO()
    segno.make(_node().address() + "/v1", error="m").save(out, kind="svg", scale=8,
                                                          border=4, xmldecl=False)
    return Response(out.getvalue().decode(), status_code=200,
                    headers={"Content-Type": "image/svg+xml", "Cache-Control": "no-store"})


def _admin(request) -> None:
    if caller(request).role != "admin":
        raise ApiError(403, "forbidden", "only the node's admin key runs its sync")


def _upstream(call):
    try:
        return call()
    except Unreachable as exc:
        raise ApiError(503, "upstream_unreachable", f"the deployment did not answer: {exc}",
                       {"retry": True}) from None
    except Refused as exc:
        raise ApiError(409, "upstream_refused", "the deployment refused: "
                       f"{exc.body.get('message', exc.code)}",
                       {"status": exc.status, "error": exc.code,
                        "details": exc.body.get("details")}) from None


@json_route(bp, "/venue/tournaments", methods=["POST"])
def take_over():
    request = bp.current_request
    _admin(request)
    body = parse_body(request, TakeOverBody)
    node = _node()
    reply = _upstream(lambda: node.take_over(body.upstream, body.key, body.tournament_id,
                                             body.seconds))
    return Response(reply, status_code=201)


@json_route(bp, "/venue/tournaments/{tid}/release", methods=["POST"])
def give_back(tid):
    request = bp.current_request
    _admin(request)
    node = _node()
    if tid not in node.settings.tournaments:
        raise ApiError(404, "not_found", f"this node did not take {tid} over")
    return _upstream(lambda: node.give_back(tid))
