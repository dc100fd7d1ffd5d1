"""The fan-out of the change feeds over the WebSocket API (``feed_sockets.py``): after a
projector batch wrote feed entries, each followed tournament's feed is read once and one
batch per bucket of subscribers behind it is handed to a sender (``feed_batches.py``);
the scheduled sweep does the same for every followed tournament, as a backstop."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import groupby

from ..projections.queries import feed_entries as fe
from . import feed_batches, feeds
from . import feed_sockets as fs

MAX_WAIT_SECONDS = 3.0       # the longest the projector waits for its entries to settle
RETRY_SECONDS = 0.25         # between looks while entries wait past the horizon


def fanout(s: fs.Sockets, tids: Iterable[str], newest: float | None) -> int:
    """Send every subscriber of these tournaments' feeds what is new (the projector,
    after a batch wrote feed entries); the number of messages sent. Waits first (up to
    ``MAX_WAIT_SECONDS``) for the newest entry to settle, so the horizon covers it."""
    deadline = s.clock() + MAX_WAIT_SECONDS
    if newest is not None:
        wait = newest + s.settle - s.clock()
        if wait > 0:
            s.sleep(min(wait, MAX_WAIT_SECONDS))
    sent, todo = 0, sorted(set(tids))
    while True:
        if s.advance is not None:
            s.advance()
        held: list[str] = []
        for tid in todo:
            count, waiting = _fan_tournament(s, tid)
            sent += count
            if waiting:
                held.append(tid)
        # entries past the horizon (another shard's batch not projected yet): look again
        # shortly, until the deadline; the scheduled sweep sends what is still held then
        if not held or s.clock() + RETRY_SECONDS > deadline:
            return sent
        s.sleep(RETRY_SECONDS)
        todo = held


def _fan_tournament(s: fs.Sockets, tid: str) -> tuple[int, bool]:
    """Send the tournament's subscribers what is new: the feed read once, then one batch
    per bucket of subscribers behind it; (messages sent, whether entries wait past the
    horizon)."""
    waiting = False
    buckets = sorted(s.connections.buckets(tid), key=lambda b: b.feed)
    end = fs.end_of(s.horizon)
    if end is None:
        return 0, bool(buckets)
    batches: list[feed_batches.Batch] = []
    for feed, group in groupby(buckets, key=lambda b: b.feed):
        members = list(group)
        pid = members[0].player_id
        first = min(m.position for b in members for m in b.members)
        limit = feeds.MAX_BEHIND + 1
        read = fe.entries_after(s.reads.views, tid, pid, first, limit)
        found = [e for e in read if e["position"] < end]
        waiting = waiting or len(found) < len(read)
        complete = len(read) < limit      # else someone is far behind: each reads alone
        for b in members:
            if complete and (not found or all(m.position >= found[-1]["position"]
                                              for m in b.members)):
                continue
            batches.append(feed_batches.Batch(b.key, feed, tid, pid, first, end,
                                              found if complete else None, b))
    if not batches:
        return 0, waiting
    dispatch = s.dispatch or feed_batches.in_threads
    return dispatch(s, batches), waiting


def sweep(s: fs.Sockets) -> int:
    """The scheduled backstop: every followed tournament, as after a batch, its batches
    sent in process (not queued: it is what runs when the queue's senders did not); then
    every private subscription whose credential no longer reads its feed is ended, even
    if no entry came for it since (an idle phone holding a revoked token)."""
    tids = s.connections.tournaments()
    sent = fanout(replace(s, dispatch=None), tids, None)
    for tid in sorted(tids):
        fs.close_revoked(s, tid)
    return sent
