"""DynamoDB's batch calls with what they leave unprocessed (throttling, a response's 16 MB)
asked again with exponential backoff: one place for every adapter's batched reads and
writes. Giving up after ``ROUNDS`` is StoreUnavailable (a 503 the client retries)."""
from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from .ports import StoreUnavailable

GET_KEYS = 100          # keys per BatchGetItem
WRITE_ITEMS = 25        # requests per BatchWriteItem
ROUNDS = 8              # rounds of unprocessed keys or items before giving up


def _backoff(attempt: int) -> None:
    time.sleep(min(0.5, 0.01 * 2 ** attempt))


def batch_get(client: Any, table: str, keys: list[dict[str, Any]], what: str,
              **options: Any) -> Iterator[dict[str, Any]]:
    """The items of ``keys`` (consistent reads; any order; missing ones absent);
    ``options`` such as ``ProjectionExpression`` go with every request."""
    for start in range(0, len(keys), GET_KEYS):
        request = {table: {"Keys": keys[start:start + GET_KEYS], "ConsistentRead": True,
                           **options}}
        for attempt in range(ROUNDS):
            response = client.batch_get_item(RequestItems=request)
            yield from response.get("Responses", {}).get(table, [])
            request = response.get("UnprocessedKeys") or {}
            if not request:
                break
            _backoff(attempt)
        else:
            raise StoreUnavailable(f"{what}: keys left unprocessed after retries")


def batch_write(client: Any, table: str, requests: list[dict[str, Any]], what: str) -> None:
    """Every ``PutRequest``/``DeleteRequest`` of ``requests`` applied (each on its own:
    a batch is not a transaction)."""
    for start in range(0, len(requests), WRITE_ITEMS):
        pending = {table: requests[start:start + WRITE_ITEMS]}
        for attempt in range(ROUNDS):
            pending = client.batch_write_item(RequestItems=pending).get("UnprocessedItems")
            if not pending:
                break
            _backoff(attempt)
        else:
            raise StoreUnavailable(f"{what}: items left unprocessed after retries")
