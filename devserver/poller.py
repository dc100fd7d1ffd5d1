"""Reads the events table's stream and hands it to the projector's Lambda handler, the
way the deployed event source mapping does (``delivery.py`` holds the batching, retry,
bisection and give-up rules). One thread polls every shard in lineage order, four times a
second while records arrive and backing off to once a second when idle (Lambda's pollers
also read each shard several times a second); ``wake`` (called by the server after each
commit) and ``wait_caught_up`` start a pass at once. Its position in each shard survives
restarts (``positions.py``).

The stream's shards are listed (DescribeStream) when a pass finds a shard read to its
end (its children, if any, follow it), after a failed pass, for the pass a
``wait_caught_up`` waits for, and otherwise every ``LIST_EVERY_SECONDS``, not before
every read: a shard only ever appears as the child of
one that closes (a split, or the rollover every few hours), so a pass between listings
misses nothing it could read yet, and a write's projection does not wait for the listing
(a tenth of the poller's calls, each ahead of a read in the walkthrough)."""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from botocore.exceptions import ClientError

from .dead_letters import DeadLetters, describe
from .delivery import Delivery, Handler
from .mapping import MappingSettings
from .positions import Positions
from .records import created_at, lambda_record
from .shards import lineage_order, list_shards

log = logging.getLogger(__name__)
PAGES_PER_TURN = 10            # GetRecords calls per shard before the next shard's turn
LIST_EVERY_SECONDS = 1.0       # the shards are listed again at least this often


class StreamPoller:
    def __init__(self, streams, stream_arn: str, handler: Handler, settings: MappingSettings,
                 data_dir: str, *, clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], None] = time.sleep,
                 idle_seconds: float = 0.25, max_idle_seconds: float = 1.0,
                 list_every_seconds: float = LIST_EVERY_SECONDS):
        self.streams = streams
        self.stream_arn = stream_arn
        self.settings = settings
        self.clock = clock
        self.positions = Positions(data_dir, stream_arn)
        self.dead_letters = DeadLetters(data_dir)
        self.delivery = Delivery(handler, settings, self.dead_letters, stream_arn,
                                 self.positions.checkpoint, clock, sleep)
        self.idle_seconds, self.max_idle_seconds = idle_seconds, max_idle_seconds
        self.last_error: str | None = None
        self.list_every_seconds = list_every_seconds
        self._shards: list[dict[str, Any]] = []      # in lineage order, as last listed
        self._listed_at = 0.0
        self._listing_asked, self._listed_for = 1, 0  # a listing is due while they differ
        self._iterators: dict[str, str] = {}
        self._reading_since: float | None = None     # creation time of the batch in hand
        self._cond = threading.Condition()
        self._started = self._finished = self._drained = 0    # cycle numbers
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- one pass over the stream ------------------------------------------------------
    def poll_once(self) -> bool:
        """Read every shard as far as it goes; True when nothing was left to read."""
        with self._cond:
            self._started += 1
            cycle = self._started
        drained = False
        try:
            drained = self._poll()
        except BaseException:
            self._ask_listing()           # listed again at the next pass
            raise
        finally:
            with self._cond:
                self._finished = cycle
                if drained:
                    self._drained = cycle
                self._cond.notify_all()
        return drained

    def _ask_listing(self) -> None:
        with self._cond:
            self._listing_asked += 1

    def _listed(self) -> list[dict[str, Any]]:
        """The stream's shards in lineage order, listed again if asked since the last
        listing began or if that is ``list_every_seconds`` old."""
        asked, now = self._listing_asked, self.clock()
        if asked != self._listed_for or not 0 <= now - self._listed_at < self.list_every_seconds:
            shards = list_shards(self.streams, self.stream_arn)
            self.positions.forget({s["ShardId"] for s in shards})
            self._shards, self._listed_at = lineage_order(shards), now
            self._listed_for = asked
        return self._shards

    def _poll(self) -> bool:
        shards = self._listed()
        listed = {s["ShardId"] for s in shards}
        drained = True
        for shard in shards:
            shard_id, parent = shard["ShardId"], shard.get("ParentShardId")
            if self.positions.finished(shard_id):
                continue
            if parent in listed and not self.positions.finished(parent):
                drained = False           # its parent still has records to hand over
                continue
            drained = self._read(shard_id) and drained
        return drained

    def _read(self, shard_id: str) -> bool:
        for _ in range(PAGES_PER_TURN):
            try:
                page = self.streams.get_records(ShardIterator=self._iterator(shard_id),
                                                Limit=self.settings.batch_size)
            except ClientError as exc:
                code = exc.response.get("Error", {}).get("Code")
                if code == "ExpiredIteratorException":       # 15 minutes old: ask again
                    self._iterators.pop(shard_id, None)
                    continue
                if code == "TrimmedDataAccessException":
                    # the saved position is older than the stream keeps (24 hours): read
                    # from the oldest record left; the projector fills the gap from the
                    # event store when a stream's next event arrives
                    log.warning("position in %s was trimmed; reading from its trim horizon",
                                shard_id)
                    self._iterators[shard_id] = self._new_iterator(shard_id, "TRIM_HORIZON")
                    continue
                raise
            records = [lambda_record(r, self.stream_arn) for r in page.get("Records", [])]
            if records:
                self._reading_since = created_at(records[0])
                try:
                    self.delivery.deliver(shard_id, records)
                finally:
                    self._reading_since = None
            following = page.get("NextShardIterator")
            if following is None:                            # closed and read to its end
                self.positions.finish(shard_id)
                self._iterators.pop(shard_id, None)
                self._ask_listing()                          # its children: list again
                return True
            self._iterators[shard_id] = following
            if not records:
                return True
        return False

    def _iterator(self, shard_id: str) -> str:
        if shard_id not in self._iterators:
            kind, sequence = self.positions.start(shard_id)
            if kind == "TRIM_HORIZON" and self.settings.starting_position == "LATEST":
                kind = "LATEST"
            self._iterators[shard_id] = self._new_iterator(shard_id, kind, sequence)
        return self._iterators[shard_id]

    def _new_iterator(self, shard_id: str, kind: str, sequence: str | None = None) -> str:
        kwargs: dict[str, Any] = {"StreamArn": self.stream_arn, "ShardId": shard_id,
                                  "ShardIteratorType": kind}
        if sequence is not None:
            kwargs["SequenceNumber"] = sequence
        return self.streams.get_shard_iterator(**kwargs)["ShardIterator"]

    # -- running beside the server -----------------------------------------------------
    def start(self) -> StreamPoller:
        self._thread = threading.Thread(target=self._run, name="stream-poller", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def wake(self) -> None:
        self._wake.set()

    def _run(self) -> None:
        idle = self.idle_seconds
        while not self._stop.is_set():
            before = self.delivery.stats.invocations
            try:
                drained = self.poll_once()
                self.last_error = None
            except Exception as exc:  # noqa: BLE001 - the endpoint may come back
                log.exception("stream poller pass failed")
                self.last_error = describe(exc)
                drained, idle = True, self.max_idle_seconds
            busy = self.delivery.stats.invocations != before
            if busy:
                idle = self.idle_seconds
                if not drained:
                    continue              # more to read: no pause
            if self._wake.wait(idle):
                self._wake.clear()
                idle = self.idle_seconds
            else:
                idle = min(self.max_idle_seconds, idle * 2)

    def wait_caught_up(self, timeout: float) -> bool:
        """Block until a pass that began after this call found nothing left to read:
        every record written before the call has then been handed to the projector (or
        given up on). Wakes the poller instead of waiting for its next turn."""
        with self._cond:
            target = self._started + 1
            self._listing_asked += 1      # that pass lists the shards afresh
        self._wake.set()
        with self._cond:
            return self._cond.wait_for(lambda: self._drained >= target, timeout)

    def status(self) -> dict[str, Any]:
        with self._cond:
            caught_up = self._finished > 0 and self._drained == self._finished
        since = self._reading_since
        stats = self.delivery.stats
        return {
            "caught_up": caught_up,
            "lag_seconds": (round(max(0.0, self.clock() - since), 3) if since is not None
                            else 0.0 if caught_up else None),
            "stream_arn": self.stream_arn, "shards": self.positions.snapshot(),
            "dead_letters": {"file": self.dead_letters.path, "records": self.dead_letters.count()},
            "invocations": stats.invocations, "delivered": stats.delivered,
            "retries": stats.retries, "bisections": stats.bisections,
            "dead_lettered": stats.dead_lettered, "last_error": self.last_error,
            "batch_size": self.settings.batch_size}
