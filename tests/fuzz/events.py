"""Read-only counts straight from the live server's event store (SQLite file, or the
DynamoDB tables on its moto server): what a rejected request must leave unchanged.
Tallies (counted failed guesses, round closings) are not events and are not counted: a
wrong secret is counted on purpose (auth/guessing.py).

On DynamoDB the events table is watched through its stream rather than counted: every
write to it (a new item, a changed or a removed one) is a stream record, so the number of
records of non-tally items read so far changes whenever the number of events would, and
also when an event is rewritten or removed and added back. Reading what is new since the
last look costs one GetRecords; a Scan of the table (~9 ms for a seeded event on moto,
twice per fuzzed request) copied every item of it."""
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
        credentials = {"endpoint_url": endpoint, "region_name": "us-east-1",
                       "aws_access_key_id": "testing", "aws_secret_access_key": "testing"}
        self.client = boto3.client("dynamodb", **credentials)
        self.streams = boto3.client("dynamodbstreams", **credentials)
        self.events = os.environ.get("PODIUM_EVENTS_TABLE", "podium-events")
        self.idempotency = os.environ.get("PODIUM_IDEMPOTENCY_TABLE", "podium-idempotency")
        self.stream_arn = self.client.describe_table(TableName=self.events)["Table"][
            "LatestStreamArn"]
        self.writes = 0                          # records of non-tally items read so far
        self.iterators: dict[str, str | None] = {}
        self._list_shards()

    def _list_shards(self) -> None:
        """Every shard not read yet, from its start (a closed one's children appear here)."""
        start = None
        while True:
            page = self.streams.describe_stream(
                StreamArn=self.stream_arn, **({"ExclusiveStartShardId": start} if start else {}))
            for shard in page["StreamDescription"]["Shards"]:
                if shard["ShardId"] not in self.iterators:
                    self.iterators[shard["ShardId"]] = self.streams.get_shard_iterator(
                        StreamArn=self.stream_arn, ShardId=shard["ShardId"],
                        ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            start = page["StreamDescription"].get("LastEvaluatedShardId")
            if not start:
                return

    def _event_writes(self) -> int:
        closed = False
        for shard, iterator in list(self.iterators.items()):
            while iterator is not None:
                page = self.streams.get_records(ShardIterator=iterator, Limit=1000)
                self.writes += sum(not r["dynamodb"]["Keys"]["stream_id"]["S"].startswith(
                    "tally:") for r in page["Records"])
                iterator = page.get("NextShardIterator")
                closed = closed or iterator is None
                if not page["Records"]:
                    break
            self.iterators[shard] = iterator
        if closed:
            self._list_shards()
            return self._event_writes()
        return self.writes

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
        """(writes of events so far, idempotency records)."""
        return self._event_writes(), self._count(self.idempotency)


def counter(server) -> EventCounter | DynamoEventCounter:
    """The counter of ``server``'s store (a demo.server.LocalServer)."""
    if server.store == "dynamodb":
        return DynamoEventCounter(server.dynamodb_endpoint)
    return EventCounter(server.data_dir)
