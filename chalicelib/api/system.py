"""Health (``health.py``), game profiles, and admin maintenance (``application/system.py``)."""
from __future__ import annotations

import logging

from chalice import Blueprint, Response

from ..application import migrations, system
from ..runtime import runtime
from . import health as health_check
from .common import caller, command_route
from .http import json_route, query_int
from .links import link

bp = Blueprint(__name__)
log = logging.getLogger(__name__)


@json_route(bp, "/health", methods=["GET"])
def health():
    try:
        rt = runtime()
    except Exception as exc:  # noqa: BLE001 - a store that cannot even be opened
        log.exception("health: the store could not be opened")
        return health_check.unavailable("the store could not be opened",
                                        {"cause": type(exc).__name__})
    return health_check.report(rt)


@json_route(bp, "/profiles", methods=["GET"])
def list_profiles():
    return system.profiles()


@json_route(bp, "/profiles/{game}", methods=["GET"])
def get_profile(game):
    return system.game_profile(game)


@json_route(bp, "/admin/projections/rebuild", methods=["POST"])
def start_rebuild():
    rt = runtime()
    job = system.start_rebuild(caller(bp.current_request), rt.rebuilds(), rt.launch_rebuild)
    return Response(job, status_code=202, headers={
        "Location": link("/admin/projections/rebuild"), "Retry-After": "2"})


@json_route(bp, "/admin/projections/rebuild", methods=["GET"])
def rebuild_status():
    request = bp.current_request
    return system.rebuild_status(caller(request), runtime().rebuilds(),
                                 query_int(request, "wait", 0, 0, 25))


@json_route(bp, "/admin/projections/streams/{stream_id}/retry", methods=["POST"])
def retry_stream(stream_id):
    return system.retry_stream(caller(bp.current_request), runtime().projector, stream_id)


migrate_tournament = command_route(bp, "/admin/tournaments/{tid}/migrations", migrations.migrate)
