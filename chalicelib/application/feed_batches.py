"""The fan-out's batches: one bucket of a feed's subscribers (up to a hundred, see
``store/dynamo_connections.py``) and the entries read once for the whole feed, sent by a
sender of its own. Locally the batches run on threads (``in_threads``); deployed they go
to an SQS queue (``to_queue``, ``PODIUM_FANOUT_QUEUE_URL``) whose sender Lambda
(``app.send_feed_batches``) runs ``send_batch`` on each, tens of them at once.

A sender works out what each member of its bucket (as listed, or read again) is missing
(the entries after its own position), checks a private feed's credentials, then claims
every member it will send to in one conditional write on the bucket's version: a bucket
listed from the index (eventually consistent) that changed since fails the claim and is
read again, consistently. Only the
sender whose claim lands sends, so a bucket handed to two senders (a retried SQS message,
the projector and the scheduled sweep) still sends each entry once; one whose claim lost
reads the bucket again. A member behind the feed's read (joined meanwhile from an older
position, or too far behind) is served by its own read (``post_pending``)."""
from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ..store.dynamo_connections import CLAIM_TRIES, Subscription
from . import feed_sockets as fs

log = logging.getLogger(__name__)
_pools: dict[str, ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()
# batches sent at once in one process (the local shape: they share its CPU; deployed each
# batch is a message of the queue and the senders are separate Lambdas)
BATCH_SENDERS = 4
# posts in flight at once within one batch (API Gateway's PostToConnection waits on the
# network: PODIUM_FANOUT_POSTERS, default 32)
POSTERS = int(os.environ.get("PODIUM_FANOUT_POSTERS", "32"))
QUEUE_BODY_LIMIT = 200_000   # bytes of an SQS message (256 KiB): larger ones omit entries


@dataclass(frozen=True)
class Batch:
    bucket: str
    feed: str
    tournament_id: str
    player_id: str | None
    after: str                        # the entries are every one after this position ...
    end: str                          # ... and before this one (the horizon)
    entries: list[dict[str, Any]] | None    # None: each member reads for itself
    # the bucket as the fan-out listed it (in process only): claimed as it is unless it
    # changed since, which the claim's condition on its version tells
    listed: Any = field(default=None, compare=False)

    def to_json(self) -> str:
        return json.dumps({**asdict(replace(self, listed=None)), "listed": None},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, body: str) -> Batch:
        return cls(**json.loads(body))


def send_batch(s: fs.Sockets, batch: Batch) -> int:
    """Claim and send one bucket's messages; how many were sent."""
    seen: dict[str | None, bool] = {}
    listed = batch.listed
    for _ in range(CLAIM_TRIES):
        bucket, listed = listed or s.connections.bucket(batch.bucket, batch.feed), None
        if bucket is None:
            return 0
        plan: dict[Subscription, list[dict[str, Any]]] = {}
        alone, refused = [], []
        for member in bucket.members:
            if batch.entries is None or member.position < batch.after:
                alone.append(member)
                continue
            mine = [e for e in batch.entries if e["position"] > member.position]
            if not mine:
                continue
            if fs.may_read(s, member, seen):
                plan[member] = mine
            else:
                refused.append(member)
        if s.connections.claim_bucket(bucket, {m.connection_id: mine[-1]["position"]
                                               for m, mine in plan.items()}):
            break
    else:
        log.warning("bucket %s kept changing: the sweep sends what is left", batch.bucket)
        return 0
    for member in refused:
        fs.revoked(s, member)
    for member in alone:
        fs.post_pending(s, member)
    if not plan:
        return 0
    return sum(_pool("posts", POSTERS).map(lambda job: _post(s, *job), plan.items()))


def _pool(name: str, size: int) -> ThreadPoolExecutor:
    """The process's long-lived threads (a warm Lambda keeps them): one pool sends
    batches, the other posts, so a batch waiting on its posts never blocks a post."""
    with _pools_lock:
        if name not in _pools:
            _pools[name] = ThreadPoolExecutor(size, thread_name_prefix=f"feed-{name}")
        return _pools[name]


def _post(s: fs.Sockets, sub: Subscription, mine: list[dict[str, Any]]) -> int:
    message = fs.entries_message(sub.tournament_id, sub.player_id, sub.position,
                                 mine[-1]["position"], mine)
    if not s.poster.send(sub.connection_id, message):
        s.connections.drop(sub.connection_id)       # gone: the client left
    return 1


def in_threads(s: fs.Sockets, batches: list[Batch]) -> int:
    """Send the batches here, ``BATCH_SENDERS`` at once; the messages sent."""
    if len(batches) == 1:
        return send_batch(s, batches[0])
    return sum(_pool("batches", BATCH_SENDERS).map(lambda b: send_batch(s, b), batches))


def to_queue(client: Any, url: str) -> Callable[[fs.Sockets, list[Batch]], int]:
    """A dispatch that queues each batch (ten to a ``SendMessageBatch``) for the sender
    Lambda; answers 0 (the senders send)."""
    def dispatch(s: fs.Sockets, batches: list[Batch]) -> int:
        bodies = []
        for batch in batches:
            body = batch.to_json()
            if len(body) > QUEUE_BODY_LIMIT:
                body = replace(batch, entries=None).to_json()
            bodies.append(body)
        for start in range(0, len(bodies), 10):
            chunk = bodies[start:start + 10]
            failed = client.send_message_batch(QueueUrl=url, Entries=[
                {"Id": str(i), "MessageBody": body} for i, body in enumerate(chunk)
            ]).get("Failed", [])
            for failure in failed:        # sent here instead: never lost
                send_batch(s, Batch.from_json(chunk[int(failure["Id"])]))
        return 0
    return dispatch
