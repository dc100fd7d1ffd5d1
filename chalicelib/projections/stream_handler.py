"""DynamoDB Streams entry point: each record's NewImage is an event; records that fail are
reported as a partial batch failure (Lambda retries from the first failed sequence number,
and the projector's checkpoints make the re-delivered records harmless)."""
from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.batch import (
    BatchProcessor,
    EventType,
    process_partial_response,
)
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import DynamoDBRecord

from ..store.dynamo_events import is_tally_item, item_to_event

_processor = BatchProcessor(event_type=EventType.DynamoDBStreams)


def _raw_image(record: DynamoDBRecord) -> dict[str, Any]:
    return record.raw_event["dynamodb"]["NewImage"]


def handle_stream_batch(event: dict[str, Any], projector) -> dict[str, Any]:
    def handle(record: DynamoDBRecord) -> None:
        if record.raw_event.get("eventName") not in ("INSERT", "MODIFY"):
            return
        image = _raw_image(record)
        if is_tally_item(image):        # a tally member shares the table; not an event
            return
        projector.apply([item_to_event(image)])

    return process_partial_response(event=event, record_handler=handle, processor=_processor,
                                    context=None)
