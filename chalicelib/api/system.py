"""Health (``health.py``), game profiles, and admin maintenance (``application/system.py``)."""
from __future__ import annotations

import logging

from chalice import Blueprint

from ..application import system
from ..runtime import runtime
from . import health as health_check
from .common import caller
from .http import json_route

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
def rebuild_projections():
    return system.rebuild_projections(caller(bp.current_request), runtime().projector)
