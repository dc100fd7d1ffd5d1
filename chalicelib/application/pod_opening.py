"""The one refusal every pod-based format gives while a pod is formed but not yet opened by
its durable reaction (``open-draft-pods``, ``open-roster-pods``, ``open-trade-pods``)."""
from __future__ import annotations

from ..domain.errors import Conflict


class PodOpening(Conflict, code="pod_opening", retry_after=1):
    """409 with ``Retry-After: 1``: the pod opens in its own commit a moment after the start
    (a client carrying ``X-Podium-Position`` never sees it: the command is run again)."""


def still_opening(tid: str, n: int, what: str) -> PodOpening:
    """``what``: what is being done to the pod (its packs laid out, its players seated)."""
    return PodOpening(f"pod {n} is still opening ({what} after the start): try again in a "
                      "moment", {"tournament_id": tid, "pod": n})
