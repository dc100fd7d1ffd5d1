"""The HTTP edge every reply passes through (app.py's middleware): the request id (header,
log lines, error bodies), Chalice's own refusals in the common error shape, routed links
made public, and one log line per request."""
from __future__ import annotations

import re
import time
from collections.abc import Callable

from chalice import Response

from ..telemetry import logs
from . import conditional, consistency, links
from .replies import error, store_unavailable
from .request_ids import HEADER, gateway_request_id, request_id

LOG_KEYS = ("request_id", "gateway_request_id")


def handle(request, get_response: Callable) -> Response:
    started = time.perf_counter()
    rid = request_id(request)
    gateway = gateway_request_id(request)
    logs.bind(request_id=rid, **({"gateway_request_id": gateway}
                                 if gateway and gateway != rid else {}))
    try:
        try:
            response = conditional.apply(request, consistency.serve(
                request, lambda: _common_shape(get_response(request))))
        except Exception as exc:  # noqa: BLE001 - the last resort: never an unshaped 500
            response = _last_resort(exc)
        body = response.body
        if response.status_code >= 400 and isinstance(body, dict) and "error" in body:
            response.body = {**body, "request_id": rid}
        response.headers[HEADER] = rid
        links.publish(response.headers, links.public_prefix(request))
        _log_request(request, response.status_code, started)
        return response
    finally:
        logs.unbind(*LOG_KEYS)


def _last_resort(exc: Exception) -> Response:
    """A store fault met outside a route's own handling (e.g. while the runtime opens
    the store) is a 503 like any other; anything else is logged as a bug."""
    from ..store.faults import store_fault
    kind = store_fault(exc)
    if kind is not None:
        logs.logger.warning("store unavailable: %s", kind, exc_info=True)
        return store_unavailable(kind)
    logs.logger.exception("unhandled error")
    return error(500, "internal", "an internal error occurred", None)


def _common_shape(response: Response) -> Response:
    """Chalice answers some refusals itself (405 method not allowed, 415 media type, its
    500 safety net) as ``{"Code", "Message"}``; give them the common error shape."""
    body = response.body
    if not (isinstance(body, dict) and set(body) == {"Code", "Message"}):
        return response
    code = re.sub(r"(?<!^)(?=[A-Z])", "_", body["Code"]).lower().removesuffix("_error")
    if response.status_code >= 500:
        return error(500, "internal", "an internal error occurred", None)
    normalised = error(response.status_code, code, body["Message"], None)
    normalised.headers.update({k: v for k, v in response.headers.items()
                               if k.lower() != "content-type"})
    return normalised


def _log_request(request, status: int, started: float) -> None:
    """One structured line per request; the route template, never tokens or bodies."""
    log = logs.logger.warning if status >= 500 else logs.logger.info
    log("request", extra={
        "method": request.method, "route": request.path, "status": status,
        "ms": round((time.perf_counter() - started) * 1000, 2),
        "authenticated": "authorization" in request.headers})
