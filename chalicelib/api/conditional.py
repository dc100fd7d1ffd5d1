"""Conditional GETs for every JSON read: a 200 carries a weak ``ETag`` (a digest of the JSON
it answers) and ``Cache-Control: no-cache`` (``private`` with ``Vary: Authorization`` when
the caller sent a token), and a GET whose ``If-None-Match`` names the current ETag gets a
304 without a body. Polling apps (``/me``, pods, pairings, seatings, standings) then pay
for a round trip, not for the document. Routes that set their own ETag (the widget's) keep
theirs."""
from __future__ import annotations

import hashlib
import json

from chalice import Response

CACHE_HEADERS = ("ETag", "Cache-Control", "Vary")


def etag_of(body: object) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return 'W/"' + hashlib.sha256(canonical.encode()).hexdigest()[:32] + '"'


def matches(header: str | None, etag: str) -> bool:
    """Weak comparison (RFC 9110 13.1.2): ``*`` or any listed tag with the same opaque part."""
    if not header:
        return False
    opaque = etag.removeprefix("W/")
    tags = [tag.strip() for tag in header.split(",")]
    return "*" in tags or any(tag.removeprefix("W/") == opaque for tag in tags)


def apply(request, response: Response) -> Response:
    if request.method != "GET" or response.status_code != 200 \
            or not isinstance(response.body, (dict, list)) \
            or any(k.lower() == "etag" for k in response.headers):
        return response
    etag = etag_of(response.body)
    private = "authorization" in request.headers
    headers = {"ETag": etag, "Cache-Control": "private, no-cache" if private else "no-cache"}
    if private:
        headers["Vary"] = "Authorization"
    if matches(request.headers.get("if-none-match"), etag):
        kept = {k: v for k, v in response.headers.items() if k.lower() != "content-type"}
        return Response(body="", status_code=304, headers={**kept, **headers})
    response.headers.update(headers)
    return response
