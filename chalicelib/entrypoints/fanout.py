"""The fan-out's sender Lambda (``app.send_feed_batches``, reading the SQS queue the
projector's fan-out fills when ``PODIUM_FANOUT_QUEUE_URL`` is set): each message is one
bucket of a feed's subscribers and the entries to send them
(``application/feed_batches.py``). A message that fails is retried by SQS; the bucket's
conditional claim makes a retry send only what was not sent."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..application.feed_batches import Batch, send_batch


def send_batches(bodies: Iterable[str], rt: Any) -> int:
    """Send every batch; the messages posted."""
    sockets = rt.feed_sockets()
    return sum(send_batch(sockets, Batch.from_json(body)) for body in bodies)
