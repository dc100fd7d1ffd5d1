"""Change feeds over HTTP: a tournament's public feed and a player's private feed, as JSON
pages (``GET .../feed?after=<position>``) and as Server-Sent Events (``.../feed/stream``).

Here the SSE route answers what is there now and closes, with ``retry:`` telling the
client when to come back (the stream's ``Last-Event-ID`` resumes it: long polling that
any EventSource speaks); the local server (devserver/live.py) keeps the same route open
and pushes each entry as it is projected. The use cases are ``application/feeds.py``."""
from __future__ import annotations

import json
import re
from typing import Any

from chalice import Blueprint, Response

from ..application import feeds
from ..auth import optional_principal
from ..projections.queries.feed_entries import POSITION_PATTERN
from ..runtime import Runtime, runtime
from .common import reads
from .http import ApiError, json_route, query_int, query_param

bp = Blueprint(__name__)
RETRY_MS = 2000
PLAYER = r"p[0-9a-f]{10}"


_horizons: dict[int, feeds.Horizon] = {}


def _horizon(rt: Runtime) -> feeds.Horizon:
    """The runtime's horizon (one per runtime: the projector's watermark deployed)."""
    found = _horizons.get(id(rt))
    if found is None or found.health is not rt.feed_progress:
        _horizons.clear()
        found = _horizons[id(rt)] = feeds.Horizon(rt.feed_progress, rt.config.store)
    return found


def _after(request) -> str | None:
    """The position to read after: the ``Last-Event-ID`` header (an EventSource sends it
    when it reconnects), else the ``after`` query parameter."""
    header = (request.headers or {}).get("last-event-id")
    if header is not None and header != "":
        if not re.fullmatch(POSITION_PATTERN, header):
            raise ApiError(400, "invalid_query", "header 'Last-Event-ID' is not a feed position",
                           {"header": "Last-Event-ID", "pattern": POSITION_PATTERN})
        return header
    return query_param(request, "after", pattern=POSITION_PATTERN)


def _pid(pid: str) -> str:
    if not re.fullmatch(PLAYER, pid):
        raise ApiError(404, "player_not_found", f"no player {pid!r} in this tournament")
    return pid


def _page(request, tid: str, pid: str | None) -> dict[str, Any]:
    rt = runtime()
    limit = query_int(request, "limit", 100, 1, 200)
    after = _after(request)
    if pid is None:
        return feeds.public_feed(reads(), _horizon(rt), tid, after, limit)
    principal = optional_principal(request, rt)
    return feeds.player_feed(reads(), _horizon(rt), principal, tid, _pid(pid), after, limit)


@json_route(bp, "/tournaments/{tid}/feed", methods=["GET"])
def public_feed(tid):
    return _page(bp.current_request, tid, None)


@json_route(bp, "/tournaments/{tid}/players/{pid}/feed", methods=["GET"])
def player_feed(tid, pid):
    return _page(bp.current_request, tid, pid)


def sse(entries: list[dict[str, Any]], position: str | None, retry_ms: int | None = None,
        reload: dict[str, Any] | None = None) -> str:
    """Entries as Server-Sent Events (``id``: the position, ``event``: the message type,
    ``data``: the entry as JSON); then a ``position`` event moving ``Last-Event-ID`` on to
    ``position`` when no entry ends there, or a ``reload`` event."""
    out = [] if retry_ms is None else [f"retry: {retry_ms}\n\n"]
    for entry in entries:
        out.append(f"id: {entry['position']}\nevent: {entry['type']}\n"
                   f"data: {json.dumps(entry, sort_keys=True)}\n\n")
    if reload is not None:
        out.append(f"event: reload\ndata: {json.dumps(reload, sort_keys=True)}\n\n")
    elif position is not None and (not entries or entries[-1]["position"] != position):
        out.append(f"id: {position}\nevent: position\n"
                   f"data: {json.dumps({'position': position})}\n\n")
    return "".join(out)


def _stream(tid: str, pid: str | None) -> Response:
    request = bp.current_request
    try:
        page = _page(request, tid, pid)
        body = sse(page["entries"], page["position"], 0 if page["more"] else RETRY_MS)
    except feeds.FeedReload as exc:
        body = sse([], None, RETRY_MS, reload={"error": exc.code, "message": exc.message,
                                              **exc.details})
    return Response(body, status_code=200, headers={
        "Content-Type": "text/event-stream", "Cache-Control": "no-cache",
        "Access-Control-Allow-Origin": "*"})


@json_route(bp, "/tournaments/{tid}/feed/stream", methods=["GET"])
def public_stream(tid):
    return _stream(tid, None)


@json_route(bp, "/tournaments/{tid}/players/{pid}/feed/stream", methods=["GET"])
def player_stream(tid, pid):
    return _stream(tid, pid)
