"""The web desk for organizers and judges (``desk/``, built into ``chalicelib/static/desk``):
static files the API serves at ``/v1/desk``. The desk itself talks to the API through the
client generated from openapi.yaml only; these routes just hand out its files.

``/desk`` is the page (its built asset paths ``./x`` become ``desk/x``, which resolve below
``/desk/`` from the page's address; a ``<base>`` would break the desk's ``#/...`` links);
``/desk/{name}`` one of the built files (content-hashed names, cached for a year)."""
from __future__ import annotations

import functools
import hashlib
import pathlib
import re

from chalice import Blueprint, Response

from .http import ApiError, json_route

bp = Blueprint(__name__)
ROOT = pathlib.Path(__file__).resolve().parent.parent / "static" / "desk"
NAME = re.compile(r"^[A-Za-z0-9_-]{1,80}\.(js|css|svg|json|txt)$")
TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
         "svg": "image/svg+xml", "json": "application/json", "txt": "text/plain; charset=utf-8"}
YEAR = 31536000


@functools.lru_cache(maxsize=64)
def _file(name: str) -> bytes | None:
    path = ROOT / name
    return path.read_bytes() if path.is_file() else None


def _reply(body: bytes, content_type: str, cache: str) -> Response:
    """200 with an ETag, or 304 when the browser holds this version (text files only:
    the app serves no binary types)."""
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    headers: dict[str, str | list[str]] = {"ETag": etag, "Cache-Control": cache,
               "X-Content-Type-Options": "nosniff"}
    tags = [t.strip().removeprefix("W/") for t in
            (bp.current_request.headers.get("if-none-match") or "").split(",")]
    if etag in tags:
        return Response("", status_code=304, headers=headers)
    return Response(body.decode(), status_code=200,
                    headers={**headers, "Content-Type": content_type})


@json_route(bp, "/desk", methods=["GET"])
def desk_page():
    page = _file("index.html")
    if page is None:
        raise ApiError(404, "not_found", "the desk is not built (run scripts/build-desk.sh)")
    page = page.replace(b'="./', b'="desk/')
    return _reply(page, "text/html; charset=utf-8", "no-cache")


@json_route(bp, "/desk/{name}", methods=["GET"])
def desk_file(name):
    match = NAME.match(name)
    body = _file(name) if match else None
    if body is None:
        raise ApiError(404, "not_found", f"the desk has no file {name!r}")
    return _reply(body, TYPES[match.group(1)], f"public, max-age={YEAR}, immutable")
