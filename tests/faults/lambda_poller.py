"""What the Lambda event-source mapping does with a DynamoDB stream and
ReportBatchItemFailures: deliver records in batches, and after a partial failure deliver
again from the first failed record (bounded, like the mapping's maximum retry attempts)."""
from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from chalicelib.store.dynamo_events import event_to_item

ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/podium-events/stream/2026-01-01"


def stream_record(event, sequence: int) -> dict[str, Any]:
    """The record as Lambda delivers it: JSON, so binary values are base64 text."""
    item = {name: {"B": base64.b64encode(value["B"]).decode()} if "B" in value else value
            for name, value in event_to_item(event).items()}
    return {"eventID": f"e{sequence}", "eventName": "INSERT", "eventSource": "aws:dynamodb",
            "eventSourceARN": ARN, "awsRegion": "us-east-1",
            "dynamodb": {"Keys": {"stream_id": item["stream_id"], "version": item["version"]},
                         "NewImage": item, "SequenceNumber": str(sequence),
                         "SizeBytes": 200, "StreamViewType": "NEW_IMAGE"}}


def deliver(records: list[dict], handler: Callable[[dict], dict], batch_size: int = 100,
            max_retries: int = 5) -> dict[str, int]:
    """Feed ``records`` through ``handler``; returns delivery statistics."""
    stats = {"batches": 0, "redeliveries": 0, "failed_records": 0}
    position = 0
    retries = 0
    while position < len(records):
        batch = records[position:position + batch_size]
        stats["batches"] += 1
        failures = handler({"Records": batch})["batchItemFailures"]
        if not failures:
            position += len(batch)
            retries = 0
            continue
        stats["failed_records"] += len(failures)
        first = min(int(f["itemIdentifier"]) for f in failures)
        position += next(i for i, r in enumerate(batch)
                         if int(r["dynamodb"]["SequenceNumber"]) == first)
        retries += 1
        stats["redeliveries"] += 1
        if retries > max_retries:
            raise AssertionError(f"record {first} kept failing")
    return stats
