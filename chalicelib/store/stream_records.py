"""What the health check and the stream handler read from DynamoDB stream records."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from .dynamo_events import TALLY_PREFIX


def event_key(record: dict[str, Any]) -> tuple[str, int] | None:
    """(stream_id, version) of an inserted or modified event; None for anything else
    (a removal, a tally member sharing the table)."""
    if record.get("eventName") not in ("INSERT", "MODIFY"):
        return None
    keys = record.get("dynamodb", {}).get("Keys", {})
    if "stream_id" not in keys or "version" not in keys:
        return None
    stream_id = keys["stream_id"]["S"]
    if stream_id.startswith(TALLY_PREFIX):
        return None
    return stream_id, int(keys["version"]["N"])


def recorded_at(record: dict[str, Any]) -> datetime | None:
    """When a record's event was recorded: the event's own ``recorded_at``, else the
    record's ``ApproximateCreationDateTime`` (a datetime from boto3, epoch seconds in
    Lambda's events, or an ISO string)."""
    change = record.get("dynamodb", {})
    image = change.get("NewImage") or {}
    if "S" in image.get("recorded_at", {}):
        return datetime.fromisoformat(image["recorded_at"]["S"])
    approx = change.get("ApproximateCreationDateTime")
    if isinstance(approx, datetime):
        return approx if approx.tzinfo else approx.replace(tzinfo=UTC)
    if isinstance(approx, (int, float)):
        return datetime.fromtimestamp(approx, UTC)
    if isinstance(approx, str):
        return datetime.fromisoformat(approx)
    return None
