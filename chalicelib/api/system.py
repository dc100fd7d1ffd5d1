"""Health (``health.py``), game profiles, and admin maintenance."""
from __future__ import annotations

import logging

from chalice import Blueprint

from ..auth import authenticate, require_role
from ..domain.errors import NotFound
from ..domain.profiles import GAMES, profile
from ..runtime import runtime
from . import health as health_check
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
    return {"profiles": [profile(game) for game in GAMES]}


@json_route(bp, "/profiles/{game}", methods=["GET"])
def get_profile(game):
    if game not in GAMES:
        raise NotFound(f"no profile {game!r}", {"allowed": list(GAMES)})
    return profile(game)


@json_route(bp, "/admin/projections/rebuild", methods=["POST"])
def rebuild_projections():
    rt = runtime()
    require_role(authenticate(bp.current_request, rt), "admin")
    return {"events_applied": rt.projector.rebuild()}
