"""One DynamoDB transaction, with its cancellation read once for the adapters that write
several items atomically (events with their idempotency record, views with their
checkpoint)."""
from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError


def write_transaction(client: Any, items: list[dict[str, Any]]) -> list[int] | None:
    """Writes ``items`` in one transaction. None when written; when DynamoDB cancelled it,
    the indexes of the items whose condition failed (empty when none did: another
    transaction held an item, nothing was written and the caller retries). Any other
    error raises."""
    try:
        client.transact_write_items(TransactItems=items)
    except ClientError as exc:
        if exc.response["Error"]["Code"] != "TransactionCanceledException":
            raise
        reasons = exc.response.get("CancellationReasons") or []     # may be absent
        return [i for i, reason in enumerate(reasons)
                if reason.get("Code") == "ConditionalCheckFailed"]
    return None
