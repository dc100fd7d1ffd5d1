"""Read-only counts straight from the live server's event store (SQLite file, or the
DynamoDB tables on its moto server): what a rejected request must leave unchanged.
Tallies (counted failed guesses, round closings) are not events and are not counted: a
wrong secret is counted on purpose (auth/guessing.py)."""
from __future__ import annotations

import os
import sqlite3


class EventCounter:
    def __init__(self, data_dir: str):
        self.path = os.path.join(data_dir, "events.db")

    def __call__(self) -> tuple[int, int]:
        """(events, idempotency records)."""
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10) as db:
            events = db.execute("SELECT count(*) FROM events").fetchone()[0]
            idem = db.execute("SELECT count(*) FROM idempotency").fetchone()[0]
        return events, idem


class DynamoEventCounter:
    def __init__(self, endpoint: str):
        import boto3
        self.client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                                   aws_access_key_id="testing", aws_secret_access_key="testing")
        self.events = os.environ.get("PODIUM_EVENTS_TABLE", "podium-events")
        self.idempotency = os.environ.get("PODIUM_IDEMPOTENCY_TABLE", "podium-idempotency")

    def _count(self, table: str, **filters) -> int:
        total, start = 0, None
        while True:
            page = self.client.scan(TableName=table, Select="COUNT", ConsistentRead=True,
                                    **filters, **({"ExclusiveStartKey": start} if start else {}))
            total += page["Count"]
            start = page.get("LastEvaluatedKey")
            if not start:
                return total

    def __call__(self) -> tuple[int, int]:
        events = self._count(self.events, FilterExpression="NOT begins_with(stream_id, :t)",
                             ExpressionAttributeValues={":t": {"S": "tally:"}})
        return events, self._count(self.idempotency)


def counter(server) -> EventCounter | DynamoEventCounter:
    """The counter of ``server``'s store (a demo.server.LocalServer)."""
    if server.store == "dynamodb":
        return DynamoEventCounter(server.dynamodb_endpoint)
    return EventCounter(server.data_dir)
