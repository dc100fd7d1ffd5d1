"""Feeds followed over the deployed WebSocket API: once a projection's entries are
committed, the tournaments they belong to are handed to the fan-out
(``application/feed_sockets.fanout`` through ``push/sockets``), which sends each
subscriber what is new. Locally nothing is wired (the SSE hub follows the feeds)."""
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
