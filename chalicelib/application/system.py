"""The system's own use cases: the game profiles (public) and the admin's rebuild of every
read view from the events."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_role
from ..domain.errors import NotFound
from ..domain.profiles import GAMES, profile


def profiles() -> dict[str, Any]:
    return {"profiles": [profile(game) for game in GAMES]}


def game_profile(game: str) -> dict[str, Any]:
    """One game's profile (404 for a game there is none of)."""
    if game not in GAMES:
        raise NotFound(f"no profile {game!r}", {"allowed": list(GAMES)})
    return profile(game)


def rebuild_projections(actor: Principal, projector: Any) -> dict[str, Any]:
    """Replay every event into fresh views (the admin only); how many were applied."""
    require_role(actor, "admin")
    return {"events_applied": projector.rebuild()}
