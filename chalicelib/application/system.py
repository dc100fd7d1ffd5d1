"""The system's own use cases: the game profiles (public) and the admin's rebuild of every
read view from the events."""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from ..auth import Principal, require_role
from ..domain.errors import NotFound
from ..domain.profiles import GAMES, profile

STREAM_ID = re.compile(r"[a-z][a-z0-9-]{1,199}")


def profiles() -> dict[str, Any]:
    return {"profiles": [profile(game) for game in GAMES]}


def game_profile(game: str) -> dict[str, Any]:
    """One game's profile (404 for a game there is none of)."""
    if game not in GAMES:
        raise NotFound(f"no profile {game!r}", {"allowed": list(GAMES)})
    return profile(game)


def start_rebuild(actor: Principal, jobs: Any, launch: Callable[[dict[str, Any]], str]
                  ) -> dict[str, Any]:
    """Start rebuilding every view in a new generation (the admin only): the job's status
    (409 ``rebuild_running`` while one runs); ``launch`` runs it outside this request."""
    require_role(actor, "admin")
    job = jobs.start()
    return {**job, "runner": launch(job)}


def rebuild_status(actor: Principal, jobs: Any, wait_seconds: float,
                   clock: Callable[[], float] = time.monotonic,
                   sleep: Callable[[float], None] = time.sleep) -> dict[str, Any]:
    """The last rebuild's status (404 ``no_rebuild``); with ``wait_seconds``, answered
    once it is no longer running or the wait is over."""
    require_role(actor, "admin")
    until = clock() + wait_seconds
    job: dict[str, Any] = jobs.require_status()
    while job["state"] == "running" and clock() < until:
        sleep(0.1)
        job = jobs.require_status()
    return job


def retry_stream(actor: Principal, projector: Any, stream_id: str) -> dict[str, Any]:
    """Project a damaged stream again after a fix (the admin only): its new checkpoint
    (negative: still damaged, at that version)."""
    require_role(actor, "admin")
    if not STREAM_ID.fullmatch(stream_id):
        raise NotFound(f"no stream {stream_id!r}", code="stream_not_found")
    before = projector.views.checkpoint(stream_id)
    if before == 0 and not projector.events.version(stream_id):
        raise NotFound(f"no stream {stream_id!r}", code="stream_not_found")
    after = projector.retry(stream_id)
    return {"stream_id": stream_id, "damaged_before": before < 0, "checkpoint": after,
            "damaged": after < 0}
