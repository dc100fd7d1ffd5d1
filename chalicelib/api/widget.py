"""The store-website widget: one snippet shows a public tournament's current seating or
pairings, the round's clock and the standings, refreshing itself.

Snippet::

    <div data-podium-tournament="t0123456789ab"></div>
    <script src="https://<id>.execute-api.<region>.amazonaws.com/api/v1/widget.js" async></script>

(the deployed stack's ``ApiBaseURL`` output + ``/widget.js``; API Gateway's stage is
``api``, the app's routes are under ``/v1``).

``/widget/{tid}`` is the same widget as a page (for an ``<iframe>``); both poll
``/tournaments/{tid}/live`` (``application/widget.py``), whose ETag lets browsers and
CDNs revalidate for a 304."""
from __future__ import annotations

import functools
import hashlib
import json
import pathlib

from chalice import Blueprint, Response

from ..application import widget
from .common import reads
from .http import json_route

bp = Blueprint(__name__)
STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
LIVE_MAX_AGE = 5
STATIC_MAX_AGE = 300


@functools.lru_cache(maxsize=4)
def _static(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def _script() -> str:
    """widget.js with every language's messages (static/widget-locales/<lang>.json)."""
    messages = {path.stem: json.loads(path.read_text(encoding="utf-8"))
                for path in sorted((STATIC / "widget-locales").glob("*.json"))}
    inline = json.dumps(messages, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return _static("widget.js").replace("{}/*PODIUM_MESSAGES*/", inline, 1)


def _etag(payload: bytes) -> str:
    return '"' + hashlib.sha256(payload).hexdigest()[:32] + '"'


def _matches(header: str | None, etag: str) -> bool:
    if not header:
        return False
    tags = [t.strip() for t in header.split(",")]
    return "*" in tags or any(t.removeprefix("W/") == etag for t in tags)


def _cached(body: str, content_type: str, max_age: int) -> Response:
    """200 with an ETag, or 304 when the caller already holds this version."""
    etag = _etag(body.encode())
    headers: dict[str, str | list[str]] = {
        "ETag": etag, "Cache-Control": f"public, max-age={max_age}",
               "Access-Control-Allow-Origin": "*",
               "Access-Control-Expose-Headers": "ETag, X-Request-Id"}
    request = bp.current_request
    if _matches(request.headers.get("if-none-match"), etag):
        return Response("", status_code=304, headers=headers)
    return Response(body, status_code=200, headers={**headers, "Content-Type": content_type})


@json_route(bp, "/tournaments/{tid}/live", methods=["GET"])
def live(tid):
    doc = widget.live(reads(), tid)
    body = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return _cached(body, "application/json", LIVE_MAX_AGE)


@json_route(bp, "/widget.js", methods=["GET"])
def widget_script():
    return _cached(_script(), "text/javascript; charset=utf-8", STATIC_MAX_AGE)


@json_route(bp, "/widget/{tid}", methods=["GET"])
def widget_page(tid):
    widget.require_public(reads(), tid)
    page = _static("widget.html").replace("{{TOURNAMENT_ID}}", tid)
    return _cached(page, "text/html; charset=utf-8", STATIC_MAX_AGE)
