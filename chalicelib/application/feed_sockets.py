"""The change feeds over the deployed WebSocket API: a connection subscribes to a
tournament's public feed or a player's private feed with a token and the last position
it has, and is then sent every new entry as the projector writes it.

The rules are the JSON route's (``feeds.py``): the same use cases decide who may read a
feed (hidden information: a player's feed is that player's or the staff's) and serve the
catch-up up to the horizon. Each message names the position it follows (``after``) and
the one it ends at (``position``): a client whose last position is not ``after`` knows
it missed something and subscribes again from its last position.

No gap, no duplicate: a subscription's position moves on only by a conditional write
(``claim``) from the position its sender read, so concurrent senders (two projector
batches, a subscribe's own catch-up) never send one entry twice; entries are sent only
up to the horizon (the projector's watermark), so nothing older can appear later.
Subscribers are kept a hundred to a bucket: a fan-out reads the feed once and hands each
bucket to a sender (``feed_fanout.py`` reads, ``feed_batches.py`` sends: parallel
threads, deployed an SQS queue read by the sender Lambda), which claims its whole bucket
with one conditional write.

A private feed's credential is checked again before each send: a token revoked, replaced
or expired (a player removed, a judge's token revoked) gets an ``error``
(``credential_revoked``), its connection is closed and its subscriptions forgotten."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..auth import Principal
from ..auth.by_hash import ADMIN_CREDENTIAL
from ..auth.principal import require_player
from ..domain.errors import DomainError
from ..projections.queries import feed_entries as fe
from ..store.dynamo_connections import Subscription
from . import feeds, tournament
from .reads import Reads


@dataclass
class Sockets:
    reads: Reads
    horizon: feeds.Horizon
    connections: Any                 # store/dynamo_connections.DynamoConnections
    poster: Any                      # push/sockets.Poster
    settle: float = 1.0
    advance: Callable[[], Any] | None = None     # moves the watermark on (the projector)
    clock: Callable[[], float] = time.time
    sleep: Callable[[float], None] = field(default=time.sleep)
    # a credential's hash -> its principal now (None: revoked, replaced or expired)
    recheck: Callable[[str], Principal | None] | None = None
    # sends the fan-out's batches (feed_batches: threads here, the SQS queue deployed)
    dispatch: Callable[[Any, list[Any]], int] | None = None


def entries_message(tid: str, pid: str | None, after: str | None, position: str,
             entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "entries", "tournament_id": tid, "player_id": pid, "after": after,
            "position": position, "entries": entries}


def error_message(exc: DomainError) -> dict[str, Any]:
    return {"type": "error", "error": exc.code, "message": str(exc),
            "details": getattr(exc, "details", None)}


def subscribe(s: Sockets, actor: Principal | None, connection_id: str, tid: str,
              pid: str | None, after: str | None) -> dict[str, Any]:
    """Send the catch-up after ``after`` (the feed's beginning without one), then follow
    the feed from where it ended. Refusals are the JSON route's (401, 403, 404, 410)."""
    def read(since: str | None) -> dict[str, Any]:
        if pid is None:
            return feeds.public_feed(s.reads, s.horizon, tid, since, 200)
        return feeds.player_feed(s.reads, s.horizon, actor, tid, pid, since, 200)

    pages = [read(after)]
    while pages[-1]["more"]:
        pages.append(read(pages[-1]["position"]))
    since = after
    for page in pages:
        if page["entries"] or page is pages[-1]:
            s.poster.send(connection_id, entries_message(tid, pid, since, page["position"],
                                                  page["entries"]))
            since = page["position"]
    credential = None if pid is None or actor is None else \
        (ADMIN_CREDENTIAL if actor.role == "admin" else actor.token_hash)
    sub = s.connections.subscribe(Subscription(connection_id, tid, pid,
                                               pages[-1]["position"], credential))
    post_pending(s, sub)        # what the projector sent to nobody while this caught up
    return {"tournament_id": tid, "player_id": pid, "position": sub.position}


def unsubscribe(s: Sockets, connection_id: str) -> int:
    return int(s.connections.drop(connection_id))


def end_of(horizon: feeds.Horizon) -> str | None:
    """The position every entry sent must be before (None: the horizon is unknown)."""
    until = horizon.now()
    return None if until is None else fe.mark(until)


def may_read(s: Sockets, sub: Subscription, seen: dict[str | None, bool] | None = None
             ) -> bool:
    """Whether the subscription's credential still reads its feed (a public feed: yes);
    ``seen`` keeps the answers of one batch (one look per credential)."""
    if sub.player_id is None or s.recheck is None:
        return True
    if seen is not None and sub.token in seen:
        return seen[sub.token]
    allowed = False
    principal = s.recheck(sub.token) if sub.token else None
    if principal is not None:
        try:
            require_player(principal, tournament.load(s.reads, sub.tournament_id),
                           sub.player_id)
            allowed = True
        except DomainError:
            allowed = False
    if seen is not None:
        seen[sub.token] = allowed
    return allowed


def revoked(s: Sockets, sub: Subscription) -> None:
    """End a connection whose credential no longer reads its private feed."""
    s.poster.send(sub.connection_id, {
        "type": "error", "error": "credential_revoked", "message":
        "the token this feed was followed with was revoked, replaced or has expired: "
        "the connection is closed", "details": {"tournament_id": sub.tournament_id,
                                                "player_id": sub.player_id}})
    s.poster.close(sub.connection_id)
    s.connections.drop(sub.connection_id)


def _deliver(s: Sockets, sub: Subscription, entries: list[dict[str, Any]]) -> bool:
    """Claim and send ``entries`` (after ``sub.position``); False when the claim lost."""
    if not may_read(s, sub):
        revoked(s, sub)
        return True
    if len(entries) > feeds.MAX_BEHIND:
        s.poster.send(sub.connection_id, {
            "type": "error", "error": "feed_reload", "message":
            f"more than {feeds.MAX_BEHIND} entries follow: read the views again, then "
            "subscribe from details.position", "details": {"position": entries[-1]["position"]}})
        s.connections.drop(sub.connection_id)
        return True
    position = entries[-1]["position"]
    if not s.connections.claim(sub, position):
        return False
    if not s.poster.send(sub.connection_id, entries_message(sub.tournament_id, sub.player_id,
                                                     sub.position, position, entries)):
        s.connections.drop(sub.connection_id)       # gone: the client left
    return True


def post_pending(s: Sockets, sub: Subscription | None, tries: int = 5) -> None:
    """Send one subscription what it has not been sent up to the horizon."""
    for _ in range(tries):
        if sub is None:
            return
        end = end_of(s.horizon)
        if end is None:
            return
        found = [e for e in fe.entries_after(s.reads.views, sub.tournament_id, sub.player_id,
                                             sub.position, feeds.MAX_BEHIND + 1)
                 if e["position"] < end]
        if not found or _deliver(s, sub, found):
            return
        sub = s.connections.get(sub.connection_id, sub.feed)   # moved on: read again


def close_revoked(s: Sockets, tid: str) -> int:
    """End the tournament's private subscriptions whose credential was revoked, replaced
    or has expired (one look per credential); how many."""
    seen: dict[str | None, bool] = {}
    ended = [m for b in s.connections.buckets(tid) if b.player_id is not None
             for m in b.members if not may_read(s, m, seen)]
    for member in ended:
        revoked(s, member)
    return len(ended)
