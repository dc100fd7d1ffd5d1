"""The registration key a tournament's code is checked with here: on a deployment,
derived from its token secret; on a venue node, the deployment's, received when the node
took the tournament over (kept in ``venue.json``)."""
from __future__ import annotations

from typing import Any

from ..application import admission
from .node import of
from .sync import node_for


def registration_key(rt: Any, tid: str) -> str:
    node = node_for(rt) or of(rt)
    taken = node.settings.tournaments.get(tid) if node is not None else None
    if taken is not None and taken.registration_key:
        return taken.registration_key
    return admission.registration_key(rt.token_secret, tid)
