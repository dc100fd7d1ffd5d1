"""Server-Sent Events for the change feeds, locally: ``GET /v1/.../feed/stream`` stays open
and each entry is sent as it is projected (the API's own route answers what is there and
closes, as it must behind API Gateway).

Nothing here decides what a subscriber may read: every read goes through the API's JSON
catch-up route (``.../feed?after=``) with the subscriber's own ``Authorization``, so its
refusals (401, 403, 404) are the subscriber's and a token revoked mid-stream ends it.
Subscribers of one feed with one token share one *group*: when a projection writes to
their feed (``projections.feed_entries.listen``), the group reads the new entries once,
after the feeds' settling time, keeps the latest in a ring, and wakes its subscribers,
each of which sends what follows its own last position. A subscriber behind the ring
catches up with its own reads. Every group also reads again every ``POLL_SECONDS`` (a
writer in another process, a missed wake-up, a token revoked).

Connections are bounded: a ``: keep-alive`` comment every ``KEEPALIVE_SECONDS`` and a
close after ``MAX_LIFETIME_SECONDS`` (the client reconnects with ``Last-Event-ID``)."""
from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from chalicelib.projections.queries.feed_entries import POSITION, moment_of

log = logging.getLogger(__name__)

STREAM = re.compile(r"^/v1/tournaments/(t[0-9a-f]{12})(?:/players/(p[0-9a-f]{10}))?"
                    r"/feed/stream$")
KEEPALIVE_SECONDS = 15.0
MAX_LIFETIME_SECONDS = 1800.0
POLL_SECONDS = 5.0
RING = 1000
PAGE = 200
RETRY_MS = 2000
WAKE_DELAY = 0.02        # after the settling time: the projection's commit lands
RETRY_EARLY = 0.05       # a read that came before the write it was woken for settled
FIRST_READ_SECONDS = 0.5

Fetch = Callable[[str, dict[str, str]], tuple[int, Any]]


def sse_event(entry: dict[str, Any]) -> bytes:
    return (f"id: {entry['position']}\nevent: {entry['type']}\n"
            f"data: {json.dumps(entry, sort_keys=True)}\n\n").encode()


def sse_control(name: str, data: dict[str, Any], position: str | None = None) -> bytes:
    head = f"id: {position}\n" if position else ""
    return f"{head}event: {name}\ndata: {json.dumps(data, sort_keys=True)}\n\n".encode()


class Refused(Exception):
    def __init__(self, status: int, body: Any):
        super().__init__(status)
        self.status, self.body = status, body


def catch_up(fetch: Fetch, path: str, headers: dict[str, str], after: str | None
             ) -> tuple[list[dict[str, Any]], str | None]:
    """Every entry after ``after`` up to the feed's horizon, page by page (Refused: the
    API's refusal, 410 ``feed_reload`` included)."""
    entries: list[dict[str, Any]] = []
    while True:
        query = f"?limit={PAGE}" + (f"&after={quote(after)}" if after else "")
        status, body = fetch(path + query, headers)
        if status != 200:
            raise Refused(status, body)
        entries += body["entries"]
        after = body["position"]
        if not body["more"]:
            return entries, after


class Group:
    """The subscribers of one feed with one token, and the entries read for them."""

    def __init__(self, hub: LiveHub, key: tuple[str, str], path: str,
                 headers: dict[str, str], start: str | None):
        self.hub, self.key, self.path, self.headers = hub, key, path, headers
        self.cond = threading.Condition()
        self.base = start          # the ring holds every entry after this position
        self.head = start          # ... up to this one
        self.ring: list[dict[str, Any]] = []
        self.ended: tuple[int, Any] | None = None     # a refusal ends every subscriber
        self.members = 0
        self.followers: set[Any] = set()
        self.due: float | None = None
        self.polled = time.monotonic()
        self.awaited = 0          # µs since the epoch of the newest write we were told of

    def behind(self) -> bool:
        """Whether a write we were told of is not yet within what the last read covered
        (it was read too early: still committing, or projected late)."""
        return self.head is None or moment_of(self.head) < self.awaited

    def refresh(self) -> None:
        """Read what follows ``head`` and send it to every follower (one encoding per
        entry, whatever the number of followers)."""
        try:
            entries, head = catch_up(self.hub.fetch, self.path, self.headers, self.head)
        except Refused as refused:
            with self.cond:
                self.ended = (refused.status, refused.body)
                for follower in list(self.followers):
                    follower.end(refused.status, refused.body)
            return
        encoded = [(e["position"], sse_event(e)) for e in entries]
        whole = b"".join(data for _, data in encoded)
        with self.cond:
            self.ring += entries
            if len(self.ring) > RING:
                dropped = self.ring[:len(self.ring) - RING]
                self.ring = self.ring[len(dropped):]
                self.base = dropped[-1]["position"]
            self.head = head
            self.polled = time.monotonic()
            if encoded:
                for follower in list(self.followers):
                    follower.send(encoded, whole)

    def attach(self, follower: Any) -> tuple[int, Any] | bool:
        """Follow the group from ``follower.last``: the ring's entries after it are sent
        now and every later one as it is read. False when the ring does not reach back to
        it (the follower reads for itself first); the refusal when the group has ended."""
        with self.cond:
            if self.ended is not None:
                return self.ended
            last = follower.last
            if self.base is not None and (last is None or last < self.base):
                return False
            missed = [e for e in self.ring if last is None or e["position"] > last]
            if missed:
                encoded = [(e["position"], sse_event(e)) for e in missed]
                follower.send(encoded, b"".join(data for _, data in encoded))
            self.followers.add(follower)
            return True

    def detach(self, follower: Any) -> None:
        with self.cond:
            self.followers.discard(follower)


class LiveHub:
    def __init__(self, fetch: Fetch, settle: Callable[[], float]):
        self.fetch, self.settle = fetch, settle
        self.groups: dict[tuple[str, str], Group] = {}
        self.by_path: dict[str, set[Group]] = {}
        self._first_reads: dict[tuple, tuple[float, Any]] = {}
        self.lock = threading.Condition()
        self.subscribers = 0
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="sse-hub", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        with self.lock:
            self._stop = True
            self.lock.notify_all()

    # -- wake-ups from the projection --------------------------------------------
    def written(self, tid: str, pid: str | None) -> None:
        """A projection wrote to the feed (tid, pid): read it once the write is in."""
        path = feed_path(tid, pid)
        if path not in self.by_path:        # nobody follows it (read without the lock)
            return
        when = time.monotonic() + self.settle() + WAKE_DELAY
        now_us = time.time_ns() // 1000
        with self.lock:
            woke = False
            for group in self.by_path.get(path, ()):
                group.awaited = max(group.awaited, now_us)
                if group.due is None or group.due > when:
                    group.due, woke = when, True
            if woke:
                self.lock.notify_all()

    def _run(self) -> None:
        while True:
            with self.lock:
                if self._stop:
                    return
                now = time.monotonic()
                ready = [g for g in self.groups.values()
                         if (g.due is not None and g.due <= now)
                         or now - g.polled >= POLL_SECONDS]
                if not ready:
                    dues = [g.due for g in self.groups.values() if g.due is not None]
                    polls = [g.polled + POLL_SECONDS for g in self.groups.values()]
                    wait = min(dues + polls, default=now + POLL_SECONDS) - now
                    self.lock.wait(max(wait, 0.005))
                    continue
                for group in ready:
                    group.due = None
            for group in ready:
                try:
                    group.refresh()
                except Exception:  # noqa: BLE001 - the next poll tries again
                    log.exception("reading a feed for its subscribers failed")
                    group.polled = time.monotonic()
                if group.behind():        # read too early: look again shortly
                    with self.lock:
                        again = time.monotonic() + RETRY_EARLY
                        group.due = min(group.due or again, again)

    # -- subscribers ---------------------------------------------------------------
    def first_read(self, path: str, headers: dict[str, str], after: str | None
                   ) -> tuple[list[dict[str, Any]], str | None]:
        """A new subscriber's catch-up, shared for ``FIRST_READ_SECONDS`` by those asking
        the same (a reconnect storm resumes from a handful of positions): what it served
        stays a true prefix of the feed, the group sends what follows."""
        key = (path, headers.get("Authorization", ""), after)
        now = time.monotonic()
        with self.lock:
            found = self._first_reads.get(key)
        if found is not None and now - found[0] < FIRST_READ_SECONDS:
            return found[1]
        result = catch_up(self.fetch, path, headers, after)
        with self.lock:
            if len(self._first_reads) > 1000:
                self._first_reads = {k: v for k, v in self._first_reads.items()
                                     if now - v[0] < FIRST_READ_SECONDS}
            self._first_reads[key] = (now, result)
        return result

    def join(self, path: str, headers: dict[str, str], start: str | None) -> Group:
        key = (path, headers.get("Authorization", ""))
        with self.lock:
            group = self.groups.get(key)
            if group is None or group.ended is not None:
                if group is not None:
                    self.by_path.get(path, set()).discard(group)
                group = self.groups[key] = Group(self, key, path, headers, start)
                self.by_path.setdefault(path, set()).add(group)
            group.members += 1
            self.subscribers += 1
            # what was recorded just before joining was still settling when the joiner
            # read: look again once it has settled
            when = time.monotonic() + self.settle() + WAKE_DELAY
            group.awaited = max(group.awaited, time.time_ns() // 1000)
            if group.due is None or group.due > when:
                group.due = when
                self.lock.notify_all()
            return group

    def leave(self, group: Group) -> None:
        with self.lock:
            group.members -= 1
            self.subscribers -= 1
            if group.members == 0:
                if self.groups.get(group.key) is group:
                    del self.groups[group.key]
                found = self.by_path.get(group.path)
                if found is not None:
                    found.discard(group)
                    if not found:
                        del self.by_path[group.path]


def feed_path(tid: str, pid: str | None) -> str:
    return f"/v1/tournaments/{tid}" + (f"/players/{pid}" if pid else "") + "/feed"


def requested(path: str, headers: dict[str, str]) -> tuple[str, str | None] | None:
    """(the catch-up route's path, the position to start after) of an SSE request."""
    parts = urlsplit(path)
    match = STREAM.match(parts.path)
    if match is None:
        return None
    last = headers.get("Last-Event-ID") or parse_qs(parts.query).get("after", [None])[0]
    if last is not None and not POSITION.match(last):
        raise Refused(400, {"error": "invalid_query", "details": {"pattern": POSITION.pattern},
                            "message": "Last-Event-ID (or after) is not a feed position"})
    return feed_path(match.group(1), match.group(2)), last
