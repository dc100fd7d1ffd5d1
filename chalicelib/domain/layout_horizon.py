"""The support horizon of a stored layout that changed (docs/CONVENTIONS.md, Streams): a
stream still in the old layout takes no command until it is migrated, so no rule has
to know the old layout."""
from __future__ import annotations

from .errors import Conflict


def refuse_old_layout(rounds: list[int], stream_kind: str, what: str) -> None:
    """409 ``migration_required`` naming the ``rounds`` still in the old layout."""
    if rounds:
        raise Conflict(f"this tournament's {what} before each had a stream of its own: an "
                       "administrator migrates them first (POST /v1/admin/tournaments/{tid}"
                       "/migrations)", {"rounds": rounds, "stream_kind": stream_kind},
                       code="migration_required")
