"""The routes the table draft (V:EKN 7.7) and the mixed draft (7.8) share, declared once
for a format's blueprint under its prefix (``/tournaments/{tid}/table-draft``): the
draft's summary, late arrivals, a pod, a player's seat, a pod's feed and its staff log.
Each function registers one route on ``bp`` and returns its view, which the blueprint
assigns to a module-level name (the route table finds views there)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chalice import Response

from ..application import roster_drafts
from ..application.formats_drafts import RosterDraft
from ..auth import optional_principal
from ..runtime import runtime
from .bodies import LateArrivalBody
from .common import caller, command, path_number, reads
from .event_pages import event_page, with_next
from .http import json_route, parse_body

View = Callable[..., Any]


def _declare(bp, path: str, method: str, name: str, view: View,
             body: type | None = None) -> View:
    view.__name__ = view.__qualname__ = name
    view.__module__ = bp._import_name         # noqa: SLF001 - the blueprint's module
    view.request_body = None if body is None else (body, False)  # type: ignore[attr-defined]
    return json_route(bp, path, methods=[method])(view)


def summary_route(bp, prefix: str, fmt: RosterDraft, name: str) -> View:
    """``GET <prefix>``: the started draft's pods and first seats."""
    return _declare(bp, prefix, "GET", name,
                    lambda tid: roster_drafts.summary(reads(), fmt, tid))


def late_arrival_route(bp, prefix: str, fmt: RosterDraft, name: str) -> View:
    """``POST <prefix>/late-arrivals``: sealed product for a player who came late."""
    def view(tid: str) -> Response:
        request, principal = bp.current_request, caller(bp.current_request)
        player = parse_body(request, LateArrivalBody).player_id
        return command(request, principal, 201, roster_drafts.late_arrival, fmt, tid, player)
    return _declare(bp, f"{prefix}/late-arrivals", "POST", name, view, LateArrivalBody)


def pod_route(bp, prefix: str, fmt: RosterDraft, name: str) -> View:
    """``GET <prefix>/pods/{n}``: the public pod."""
    return _declare(bp, f"{prefix}/pods/{{n}}", "GET", name, lambda tid, n: roster_drafts.pod(
        reads(), fmt, tid, path_number(n, "pod")))


def seat_route(bp, prefix: str, fmt: RosterDraft, name: str) -> View:
    """``GET <prefix>/pods/{n}/me``: the caller's seat in pod ``n``."""
    return _declare(bp, f"{prefix}/pods/{{n}}/me", "GET", name, lambda tid, n: roster_drafts.seat(
        reads(), caller(bp.current_request), fmt, tid, path_number(n, "pod")))


def events_route(bp, prefix: str, fmt: RosterDraft, name: str) -> View:
    """``GET <prefix>/pods/{n}/events``: the pod's feed, redacted for the viewer."""
    def view(tid: str, n: str) -> Any:
        request = bp.current_request
        viewer = optional_principal(request, runtime())
        return with_next(roster_drafts.events(reads(), viewer, fmt, tid, path_number(n, "pod"),
                                              *event_page(request)))
    return _declare(bp, f"{prefix}/pods/{{n}}/events", "GET", name, view)


def log_route(bp, prefix: str, fmt: RosterDraft, name: str) -> View:
    """``GET <prefix>/pods/{n}/log``: the pod's log (staff)."""
    def view(tid: str, n: str) -> Any:
        request = bp.current_request
        return with_next(roster_drafts.log(reads(), caller(request), fmt, tid,
                                           path_number(n, "pod"), *event_page(request)))
    return _declare(bp, f"{prefix}/pods/{{n}}/log", "GET", name, view)


def shared_routes(bp, prefix: str, fmt: RosterDraft, kind: str) -> tuple[View, ...]:
    """The six shared routes under ``prefix``, named for ``kind`` (``table``, ``mixed``):
    ``get_<kind>_draft``, ``<kind>_late_arrival``, ``get_<kind>_pod``,
    ``get_my_<kind>_seat``, ``<kind>_events``, ``<kind>_log``, in that order."""
    return (summary_route(bp, prefix, fmt, f"get_{kind}_draft"),
            late_arrival_route(bp, prefix, fmt, f"{kind}_late_arrival"),
            pod_route(bp, prefix, fmt, f"get_{kind}_pod"),
            seat_route(bp, prefix, fmt, f"get_my_{kind}_seat"),
            events_route(bp, prefix, fmt, f"{kind}_events"),
            log_route(bp, prefix, fmt, f"{kind}_log"))
