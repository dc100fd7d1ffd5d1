"""Reading the change feeds (projections/feeds.py writes them): a tournament's public feed,
which anyone may read, and a player's private feed, which only that player and the
tournament's staff may read.

A page holds the entries after ``after`` up to the *horizon*: the newest moment before
which every event is committed and projected (the oldest event still waiting for the
projector, and a short settling time for commits in flight). An entry is never served
before an older one could still appear, so a client that resumes after the last position
it was given misses nothing and sees nothing twice. A client more than ``MAX_BEHIND``
entries behind is told to reload its views (410 ``feed_reload``, with the position to
follow from once it has)."""
from __future__ import annotations

import os
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from ..auth import Principal
from ..auth.principal import Unauthorized, require_player
from ..domain.errors import DomainError
from ..projections.queries import feed_entries as fe
from . import tournament
from .reads import Reads

MAX_BEHIND = 500
SETTLE_SECONDS = {"sqlite": 0.25, "dynamodb": 1.0}
HORIZON_CACHE_SECONDS = 0.05


class FeedReload(DomainError, status=410, code="feed_reload"):
    """The client is too far behind to catch up entry by entry: it reloads (410)."""


def settle_seconds(store: str) -> float:
    """How long a commit may take from its recording time to being readable
    (``PODIUM_FEED_SETTLE_SECONDS``; default 0.25 s embedded, 1 s on DynamoDB)."""
    raw = os.environ.get("PODIUM_FEED_SETTLE_SECONDS")
    return float(raw) if raw else SETTLE_SECONDS.get(store, 1.0)


class Horizon:
    """The feeds' horizon for one runtime: ``health.backlog()`` (the oldest event not yet
    projected) looked at most every 50 ms, however many subscribers ask."""

    def __init__(self, health: Any, store: str):
        self.health, self.store = health, store
        self._lock = threading.Lock()
        self._at = 0.0
        self._value: datetime | None = None

    def now(self) -> datetime | None:
        """Every event recorded at or before this moment is projected (None: unknown)."""
        with self._lock:
            if time.monotonic() - self._at >= HORIZON_CACHE_SECONDS:
                self._value, self._at = self._compute(), time.monotonic()
            return self._value

    def _compute(self) -> datetime | None:
        limit = datetime.now(UTC) - timedelta(seconds=settle_seconds(self.store))
        backlog = self.health.backlog()
        if backlog.oldest_at is not None:
            oldest: datetime = backlog.oldest_at
            return min(limit, oldest - timedelta(microseconds=1))
        return limit if backlog.complete else None


def public_feed(reads: Reads, horizon: Horizon, tid: str, after: str | None,
                limit: int) -> dict[str, Any]:
    """A page of the tournament's public feed (404 without such a tournament)."""
    tournament.load(reads, tid)
    return {"tournament_id": tid, "player_id": None,
            **_page(reads, horizon, tid, None, after, limit)}


def player_feed(reads: Reads, horizon: Horizon, actor: Principal | None, tid: str,
                pid: str, after: str | None, limit: int) -> dict[str, Any]:
    """A page of a player's private feed, for that player or the tournament's staff."""
    if actor is None:
        raise Unauthorized("a player's feed is read with that player's or the staff's token")
    t = tournament.load(reads, tid)
    require_player(actor, t, tournament.registered(t, pid).id)
    return {"tournament_id": tid, "player_id": pid,
            **_page(reads, horizon, tid, pid, after, limit)}


def _page(reads: Reads, horizon: Horizon, tid: str, pid: str | None, after: str | None,
          limit: int) -> dict[str, Any]:
    until = horizon.now()
    if until is None:           # the backlog could not be read: serve nothing new yet
        return {"entries": [], "position": after, "more": False}
    end = fe.mark(until)
    found = [e for e in fe.entries_after(reads.views, tid, pid, after, MAX_BEHIND + 1)
             if e["position"] < end]
    if after is not None and len(found) > MAX_BEHIND:
        raise FeedReload(f"more than {MAX_BEHIND} entries follow this position: read the "
                         "views again, then follow the feed from details.position",
                         {"position": end, "behind_more_than": MAX_BEHIND})
    entries = found[:limit]
    more = len(found) > limit
    if more:
        position = entries[-1]["position"]
    else:        # everything up to the horizon is served: the client may follow from it
        position = max(end, after) if after is not None else end
    return {"entries": entries, "position": position, "more": more}
