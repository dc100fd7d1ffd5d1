"""The projector Lambda (``app.project_events``): projects a batch of the events table's
stream, sends WebSocket subscribers the batch's new feed entries once at its end, then
moves the feeds' watermark on (``store/dynamo_watermark.py``), so feed reads serve what
the batch projected without scanning the stream themselves."""
from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


def project(event: dict[str, Any], rt: Any) -> dict[str, Any]:
    from ..projections.stream_handler import handle_stream_batch
    from ..push.sockets import one_fanout
    with one_fanout():      # WebSocket subscribers are sent the batch's entries once
        response = handle_stream_batch(event, rt.projector)
    after_batch = getattr(rt.feed_progress, "after_batch", None)
    if after_batch is not None:
        try:
            after_batch()
        except Exception:  # noqa: BLE001 - the batch is projected; readers move it on
            log.exception("could not move the feeds' watermark on")
    return response
