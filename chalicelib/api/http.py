"""Shared HTTP plumbing for every blueprint: the route decorator that turns refusals into
``{"error", "message", "details"}`` JSON, body parsing, idempotency keys, replies."""
from __future__ import annotations

import base64
import functools
import json
import logging
import re
from collections.abc import Callable
from typing import Any, TypeVar

from chalice import Response
from chalice.app import ChaliceViewError
from pydantic import BaseModel, ValidationError

from ..domain.errors import DomainError
from ..projections.damage import StreamViewsDamaged
from ..service import IdempotencyRequest, Reply
from ..store.faults import store_fault
from ..store.ports import ViewsDamaged
from .replies import error, store_unavailable

log = logging.getLogger("podium.api")
M = TypeVar("M", bound=BaseModel)
MAX_BODY_BYTES = 256 * 1024
IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9_.:-]{16,128}$")
MAX_JSON_DEPTH = 32     # no request body of the API nests deeper than a handful of levels


class ApiError(DomainError):
    def __init__(self, status: int, code: str, message: str, details: Any = None):
        super().__init__(message, details, code)
        self.status = status


def _validation_details(exc: ValidationError) -> list[dict[str, Any]]:
    return [{"loc": ".".join(str(p) for p in err["loc"]) or "body", "msg": err["msg"],
             "type": err["type"]} for err in exc.errors(include_url=False)]


def json_route(bp, path: str, **options) -> Callable:
    """``@json_route(bp, "/x", methods=["POST"])``: a Chalice route whose refusals are JSON."""
    def register(view: Callable) -> Callable:
        @functools.wraps(view)
        def handled(*args, **kwargs):
            try:
                return view(*args, **kwargs)
            except DomainError as exc:
                response = error(exc.status, exc.code, exc.message, exc.details)
                if getattr(exc, "retry_after", None) is not None:     # 429: when to retry
                    response.headers["Retry-After"] = str(exc.retry_after)
                return response
            except ValidationError as exc:
                return error(422, "invalid_request", "the request does not validate",
                             _validation_details(exc))
            except ChaliceViewError as exc:
                return error(exc.STATUS_CODE, type(exc).__name__, str(exc))
            except StreamViewsDamaged as exc:   # a poison event (projections/damage.py)
                response = error(503, "view_damaged", str(exc), {
                    k: exc.found.get(k) for k in ("stream_id", "version", "event_type", "at")})
                response.headers["Retry-After"] = "30"
                return response
            except ViewsDamaged as exc:     # still damaged after a rebuild (healing.py)
                response = error(503, "views_unavailable", "the read views are being "
                                 "rebuilt from the events; retry", {"cause": str(exc)})
                response.headers["Retry-After"] = "5"
                return response
            except Exception as exc:     # a store fault is a 503, anything else a bug
                kind = store_fault(exc)
                if kind is None:
                    raise
                log.warning("store unavailable: %s", kind, exc_info=True)
                return store_unavailable(kind)
        bp.route(path, **options)(handled)
        handled.__module__ = view.__module__
        view.__dict__.setdefault("routes", {})[route_key(path, options)] = handled
        return view
    return register


def route_key(path: str, options: dict[str, Any]) -> str:
    """How a view's handler for one route is found again (``app.py``'s lazy routes)."""
    return f"{','.join(options.get('methods', ['GET']))} {path}"


def raw_body(request) -> bytes:
    body = request.raw_body or b""
    if len(body) > MAX_BODY_BYTES:
        raise ApiError(413, "body_too_large",
                       f"request bodies are limited to {MAX_BODY_BYTES} bytes")
    return body


def load_json(body: bytes) -> Any:
    """The JSON value of a body; malformed, too deep (deeper than MAX_JSON_DEPTH, or than
    the parser's recursion limit) or holding numbers too long to convert is a 400."""
    try:
        data = json.loads(body)
    except RecursionError:
        raise _too_deep() from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError(400, "invalid_json", f"the body is not valid JSON: {exc}") from None
    if _depth_exceeds(data, MAX_JSON_DEPTH):
        raise _too_deep()
    return data


def _too_deep() -> ApiError:
    return ApiError(400, "invalid_json", f"the body nests deeper than {MAX_JSON_DEPTH} levels",
                    {"max_depth": MAX_JSON_DEPTH})


def _depth_exceeds(value: Any, limit: int) -> bool:
    """Iteratively (a recursive walk would hit the recursion limit this guards against)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item
                     if isinstance(child, (dict, list)))
    return False


def json_object(request) -> dict[str, Any]:
    """The body, which must be a JSON object (400 ``invalid_json`` otherwise, see
    :func:`load_json`)."""
    data = load_json(raw_body(request) or b"null")
    if not isinstance(data, dict):
        raise ApiError(400, "invalid_json", "the body must be a JSON object")
    return data


def parse_body(request, model: type[M], allow_empty: bool = False) -> M:
    """Validate the JSON body against ``model`` (unknown fields are refused)."""
    if not raw_body(request).strip():
        if allow_empty:
            return model.model_validate({})
        raise ApiError(400, "missing_body", "a JSON object body is required")
    return model.model_validate(json_object(request))


def idempotency_from(request, caller: str | None) -> IdempotencyRequest | None:
    key = request.headers.get("idempotency-key")
    if key is None:
        return None
    if not IDEMPOTENCY_KEY.match(key):
        raise ApiError(400, "invalid_idempotency_key",
                       "Idempotency-Key must be 16-128 characters of A-Z a-z 0-9 _ . : -")
    return IdempotencyRequest.of(caller, key, request.method,
                                 request.context.get("path") or request.path, raw_body(request))


def query_param(request, name: str, default: str | None = None,
                pattern: str | None = None) -> str | None:
    value = (request.query_params or {}).get(name, default)
    if value is not None and pattern is not None and not re.fullmatch(pattern, value):
        raise ApiError(400, "invalid_query", f"query parameter {name!r} is malformed",
                       {"parameter": name, "pattern": pattern})
    return value


def query_int(request, name: str, default: int, low: int, high: int) -> int:
    raw = query_param(request, name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(400, "invalid_query",
                       f"query parameter {name!r} must be an integer") from None
    if not low <= value <= high:
        raise ApiError(400, "invalid_query", f"query parameter {name!r} must be {low}..{high}")
    return value


def encode_cursor(sort_key: str) -> str:
    return base64.urlsafe_b64encode(sort_key.encode()).decode().rstrip("=")


def next_cursor(sort_key: str | None) -> str | None:
    """A page's ``next``: the opaque cursor of the sort key to continue after, or null on
    the last page."""
    return None if sort_key is None or sort_key == "" else encode_cursor(sort_key)


def cursor_param(request, name: str = "after") -> str | None:
    """An opaque cursor (base64url of a view sort key) from the query string."""
    raw = query_param(request, name, pattern=r"[A-Za-z0-9_-]{1,400}")
    if raw is None:
        return None
    try:
        return base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode()
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "invalid_query", f"query parameter {name!r} is not a cursor") from None


def page_param(request, default_limit: int, max_limit: int) -> tuple[int, int]:
    """The page a list route is asked for: (position, limit), from ``after`` (the opaque
    cursor a previous page's ``next`` gave; absent: from the start) and ``limit``."""
    limit = query_int(request, "limit", default_limit, 1, max_limit)
    raw = cursor_param(request)
    if raw is None:
        return 0, limit
    if not raw.startswith("@") or not raw[1:].isdigit() or len(raw) > 12:
        raise ApiError(400, "invalid_query", "query parameter 'after' is not a cursor")
    return int(raw[1:]), limit


def cursor_at(position: int | None) -> str | None:
    """The cursor of a page starting at ``position`` (None: no such page)."""
    return None if position is None else encode_cursor(f"@{position}")


def next_page(position: int, limit: int, total: int) -> str | None:
    """The ``next`` cursor after the page at ``position`` (None on the last page)."""
    return cursor_at(position + limit) if position + limit < total else None


def respond(reply: Reply) -> Response:
    headers: dict[str, str | list[str]] = {"Content-Type": "application/json", **reply.headers}
    return Response(reply.body, status_code=reply.status, headers=headers)


def with_secret(reply: Reply, field: str, value: str) -> Reply:
    """Add a freshly issued token to a reply after the service stored it (so the stored
    idempotent reply never holds the token)."""
    return Reply(reply.status, {**reply.body, field: value}, reply.headers)
