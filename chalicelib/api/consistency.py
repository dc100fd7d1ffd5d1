"""Read-your-writes and honest refusals at the HTTP edge (``application/consistency.py``
does the work):

- a command's reply carries ``X-Podium-Position`` (the streams and versions it wrote,
  merged with the position the request itself carried, so a client keeps only the last
  value it was given and sends it with every request);
- a GET carrying it is answered only from views that include it (or 503
  ``projection_behind`` with Retry-After, never stale data); a command carrying it that
  is refused only because a reaction to that position has not run yet (``pod_opening``)
  is run again once it has;
- a GET under ``/tournaments/{tid}`` refused with 404 or 409 is checked: no such
  tournament is 404 ``tournament_not_found``; a tournament whose views lag is projected
  and the read answered again, so "not found" and "not started" are never artefacts."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chalice import Response

from .replies import error

READS = frozenset({"GET", "HEAD"})
# every stream of a tournament that a read under it may be projected from
TOURNAMENT_KINDS = ("tournament", "swiss", "tables", "decks", "draft", "tdraft", "mixed",
                    "sealed", "trade", "product", "judging", "clock", "ffa")
# refusals of a command that a reaction to the client's own earlier write lifts
AWAITS_REACTION = frozenset({"pod_opening"})
HEADER_KEY = "x-podium-position"      # service/positions.py's HEADER (loaded only if sent)


def serve(request, answer: Callable[[], Response]) -> Response:
    """``answer()`` (the route's response) as a consistent read or a command whose
    position carries the request's own (modules loaded only when a position is sent or a
    read is refused, so a cold start imports nothing more)."""
    token = request.headers.get(HEADER_KEY)
    wanted: dict[str, int] = {}
    if token:
        from ..service import positions
        try:
            wanted = positions.decode(token)
        except positions.InvalidPosition as exc:
            return error(400, "invalid_position", f"{positions.HEADER}: {exc}",
                         {"header": positions.HEADER})
    try:
        if request.method not in READS:
            response = _scoped(answer)
            if wanted and response.status_code == 409 and _awaits_reaction(response):
                _checker().read_after(wanted)   # the reactions to what the client wrote
                response = _scoped(answer)
            return _merged(response, wanted)
        if wanted:
            _checker().read_after(wanted)
        response = _scoped(answer)
        tid = (request.uri_params or {}).get("tid")
        if tid and response.status_code in (404, 409) and _refused(response):
            pod = (request.uri_params or {}).get("n")
            pods = (int(pod),) if pod and pod.isdigit() and len(pod) <= 4 else ()
            if _checker().explain(tid, TOURNAMENT_KINDS, pods):
                response = _scoped(answer)
        return response
    except Exception as exc:
        from ..domain.errors import DomainError  # loaded by every route already
        if not isinstance(exc, DomainError):
            raise
        response = error(exc.status, exc.code, exc.message, exc.details)
        retry_after = getattr(exc, "retry_after", None)     # a TooManyRequests
        if retry_after is not None:
            response.headers["Retry-After"] = str(retry_after)
        return response


def _scoped(answer: Callable[[], Response]) -> Response:
    """One answer, each stream read from the store at most once in it until a command
    runs (a command's first attempt starts from what authenticating its caller read)."""
    from ..service.read_scope import read_scope  # the route's own imports load it
    with read_scope():
        return answer()


def _checker() -> Any:
    from ..application.consistency import Consistency
    from ..runtime import runtime
    rt = runtime()
    return Consistency(rt.projector.views, rt.projector, rt.events,
                       rt.config.read_wait_seconds, read=rt.service.read)


def _awaits_reaction(response: Response) -> bool:
    """A command refused because a durable reaction to an earlier commit has not run yet
    (a pod the draft's start has not opened): run again once the reactions to the
    position the client carried have run."""
    body = response.body
    return isinstance(body, dict) and body.get("error") in AWAITS_REACTION


def _refused(response: Response) -> bool:
    body = response.body
    return isinstance(body, dict) and "error" in body


def _merged(response: Response, carried: dict[str, int]) -> Response:
    """The reply's position merged with the one the request carried."""
    if not carried:
        return response
    from ..service import positions
    key = next((k for k in response.headers if k.lower() == HEADER_KEY), None)
    written = positions.decode(str(response.headers[key])) if key else {}
    if key:
        del response.headers[key]
    response.headers[positions.HEADER] = positions.encode(positions.merge(written, carried))
    return response
