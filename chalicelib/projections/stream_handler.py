"""DynamoDB Streams entry point: each record's NewImage is an event. A batch is first
projected stream by stream (one commit per stream); what that could not project is then
handled record by record, and records that fail are reported as a partial batch failure
(Lambda retries from the first failed sequence number, and the projector's checkpoints
make the re-delivered records harmless). Each batch records its lag (the age of its
oldest record), records projected and failures."""
from __future__ import annotations

import base64
import logging
from datetime import UTC, datetime
from typing import Any

from aws_lambda_powertools.utilities.batch import (
    BatchProcessor,
    EventType,
    process_partial_response,
)
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import DynamoDBRecord

from ..store.dynamo_events import is_tally_item, item_to_event
from ..store.stream_records import recorded_at
from ..telemetry import metrics
from .projector import Projector

log = logging.getLogger(__name__)


def _raw_image(record: DynamoDBRecord) -> dict[str, Any]:
    """The record's NewImage with binary values as bytes: Lambda delivers them base64
    encoded in the event's JSON (events over 32 KB are stored compressed, as binary)."""
    image = record.raw_event["dynamodb"]["NewImage"]
    return {name: {"B": base64.b64decode(value["B"])}
            if isinstance(value.get("B"), str) else value
            for name, value in image.items()}


def _events(raw_records: list[dict[str, Any]]) -> dict[str, list]:
    """The batch's events by stream (records that are not events, or not readable, are
    left to the per-record pass, which reports them)."""
    by_stream: dict[str, list] = {}
    for raw in raw_records:
        try:
            if raw.get("eventName") not in ("INSERT", "MODIFY"):
                continue
            image = _raw_image(DynamoDBRecord(raw))
            if not is_tally_item(image):
                event = item_to_event(image)
                by_stream.setdefault(event.stream_id, []).append(event)
        except Exception:  # noqa: BLE001 - reported by the per-record pass
            continue
    return by_stream


def _project_by_stream(raw_records: list[dict[str, Any]], projector) -> set[tuple[str, int]]:
    """Project each stream's events of the batch in one go (one checkpoint read and one
    commit per stream, not per event); the (stream, version) pairs projected so."""
    done: set[tuple[str, int]] = set()
    for stream_id, events in _events(raw_records).items():
        try:
            projector.apply(events)
        except Exception:  # noqa: BLE001 - the per-record pass retries and reports it
            continue
        done.update((stream_id, e.version) for e in events)
    return done


def handle_stream_batch(event: dict[str, Any], projector: Projector) -> dict[str, Any]:
    done = _project_by_stream(event.get("Records") or [], projector)

    def handle(record: DynamoDBRecord) -> None:
        if record.raw_event.get("eventName") not in ("INSERT", "MODIFY"):
            return
        image = _raw_image(record)
        if is_tally_item(image):        # a tally member shares the table; not an event
            return
        if (image["stream_id"]["S"], int(image["version"]["N"])) in done:
            return
        try:
            projector.apply([item_to_event(image)])
        except Exception:
            log.exception("projecting %s v%s failed; the batch reports it for a retry",
                          image.get("stream_id", {}).get("S"),
                          image.get("version", {}).get("N"))
            raise

    # one processor per batch: its state is per call (a shared one is not thread-safe)
    response = process_partial_response(event=event, record_handler=handle,
                                        processor=BatchProcessor(EventType.DynamoDBStreams),
                                        context=None)
    _record_metrics(event.get("Records") or [], len(response.get("batchItemFailures", [])))
    return dict(response)


def _record_metrics(records: list[dict[str, Any]], failures: int) -> None:
    metrics.count("StreamBatchFailures", failures)
    metrics.count("StreamRecordsProjected", len(records) - failures)
    times = [t for t in (_when(r) for r in records) if t is not None]
    if times:
        metrics.seconds("ProjectionLag",
                        max((datetime.now(UTC) - min(times)).total_seconds(), 0.0))


def _when(record: dict[str, Any]) -> datetime | None:
    try:
        return recorded_at(record)
    except (ValueError, TypeError):     # a malformed record: already a reported failure
        return None
