"""Feeds followed over the deployed WebSocket API: once a projection's entries are
committed, the tournaments they belong to are handed to the fan-out
(``application/feed_fanout.fanout`` through ``push/sockets``), which sends each
subscriber what is new; when a player's token is re-issued, rotated or the player is
removed, that tournament's private subscriptions whose credential no longer reads are
ended at once (``feed_sockets.close_revoked``). Locally nothing is wired (the SSE hub
follows the feeds, reading each with its subscriber's token)."""
from __future__ import annotations

from datetime import datetime

from ..domain import streams
from ..store.ports import StoredEvent


def post_feed_entries(ctx, events: list[StoredEvent]) -> None:
    from ..push import sockets
    tids = {tid for tid in (streams.tournament_of(e.stream_id) for e in events) if tid}
    if not tids:
        return
    newest = max(datetime.fromisoformat(e.recorded_at).timestamp() for e in events)
    sockets.feeds_written(tids, newest)


CREDENTIAL_EVENTS = frozenset({"PlayerTokenReplaced", "PlayerRemoved"})


def end_revoked_subscriptions(ctx, events: list[StoredEvent]) -> None:
    from ..push import sockets
    tids = {streams.tournament_of(e.stream_id) for e in events if e.type in CREDENTIAL_EVENTS}
    found = {tid for tid in tids if tid}
    if found:
        sockets.credentials_changed(found)
