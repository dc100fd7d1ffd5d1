"""Health of the DynamoDB store: each table answers a GetItem of a key that never exists,
and the projection's backlog is read from the events table's stream.

A stream record is projected once its event's stream checkpoint (views table) has reached
the event's version, whoever projects it: the projector Lambda, a local poller calling the
same stream handler, or inline projection. Each shard is read from a cursor (the last
record found projected) to the first record not yet projected, whose event is the oldest
one waiting in that shard; the cursors are kept in one bookkeeping item of the views table
(``meta#stream-scan``), so each look reads only what was recorded since the previous one.
A rebuild clears the views table, cursors included, and the next look starts over.
(Lambda's stream events do not name their shard, so the projector itself cannot keep a
per-shard position.) Records older than the stream's 24 hours are gone from it: a record
the projector gave up on is in ``ProjectorFailures`` (with its alarm), not here."""
from __future__ import annotations

import json
import time
from datetime import datetime
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from .dynamo_views import META, SCAN_KEY, DynamoViewStore
from .ports import Backlog, Probe, StoreUnavailable
from .stream_records import event_key, recorded_at

PROBE_ID = META + "health-probe"     # never written: a GetItem of it reads nothing
MAX_GET_RECORDS = 40                 # GetRecords calls per look, over every shard
MAX_SHARD_PAGES = 10                 # DescribeStream pages (100 shards each)
EMPTY_POLLS = 2                      # empty reads of an open shard mean "caught up"
DEADLINE_SECONDS = 5.0


def _kind(exc: Exception) -> str:
    if isinstance(exc, ClientError):
        return exc.response.get("Error", {}).get("Code") or "ClientError"
    return type(exc).__name__


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


class DynamoHealth:
    def __init__(self, client, streams, events_table: str, views_table: str,
                 idempotency_table: str):
        self.client = client            # short timeouts, few retries: a health check
        self.streams = streams          # answers quickly when the store does not
        self.tables = {"events": events_table, "views": views_table,
                       "idempotency": idempotency_table}
        self.views = DynamoViewStore(client, views_table)

    @classmethod
    def connect(cls, endpoint: str | None, events_table: str, views_table: str,
                idempotency_table: str) -> DynamoHealth:
        import boto3
        from botocore.config import Config as BotoConfig
        config = BotoConfig(connect_timeout=2, read_timeout=5,
                            retries={"mode": "standard", "total_max_attempts": 2})
        return cls(boto3.client("dynamodb", endpoint_url=endpoint, config=config),
                   boto3.client("dynamodbstreams", endpoint_url=endpoint, config=config),
                   events_table, views_table, idempotency_table)

    # -- tables ------------------------------------------------------------------------
    def probe(self) -> list[Probe]:
        keys = {"events": {"stream_id": {"S": PROBE_ID}, "version": {"N": "0"}},
                "views": {"view_id": {"S": PROBE_ID}},
                "idempotency": {"key": {"S": PROBE_ID}}}
        probes = []
        for name, table in self.tables.items():
            started = time.perf_counter()
            try:
                self.client.get_item(TableName=table, Key=keys[name])
            except (ClientError, BotoCoreError) as exc:
                probes.append(Probe(name, False, _ms(started), _kind(exc)))
            else:
                probes.append(Probe(name, True, _ms(started)))
        return probes

    # -- backlog -----------------------------------------------------------------------
    def backlog(self) -> Backlog:
        try:
            return self._backlog(time.monotonic() + DEADLINE_SECONDS)
        except (ClientError, BotoCoreError, StoreUnavailable) as exc:
            return Backlog(None, complete=False, error=_kind(exc))

    def _backlog(self, deadline: float) -> Backlog:
        table = self.client.describe_table(TableName=self.tables["events"])["Table"]
        arn = table.get("LatestStreamArn")
        if not arn:
            return Backlog(None, complete=False, error="the events table has no stream")
        shards, listed = self._shards(arn)
        saved = self._load_cursors()
        previous = saved["shards"] if saved.get("arn") == arn else {}
        cursors = {shard: previous[shard] for shard in shards if shard in previous}
        budget = [MAX_GET_RECORDS]
        oldest: datetime | None = None
        complete = listed
        for shard in shards:
            found, finished, cursors[shard] = self._scan(arn, shard, cursors.get(shard, {}),
                                                         budget, deadline)
            complete = complete and finished
            if found is not None and (oldest is None or found < oldest):
                oldest = found
        if saved.get("arn") != arn or cursors != previous:
            self._save_cursors(arn, cursors)
        return Backlog(oldest, complete)

    def _shards(self, arn: str) -> tuple[list[str], bool]:
        shards: list[str] = []
        start = None
        for _ in range(MAX_SHARD_PAGES):
            kwargs: dict[str, Any] = {"StreamArn": arn}
            if start:
                kwargs["ExclusiveStartShardId"] = start
            description = self.streams.describe_stream(**kwargs)["StreamDescription"]
            shards += [shard["ShardId"] for shard in description.get("Shards", [])]
            start = description.get("LastEvaluatedShardId")
            if not start:
                return shards, True
        return shards, False

    def _scan(self, arn: str, shard: str, cursor: dict[str, Any], budget: list[int],
              deadline: float) -> tuple[datetime | None, bool, dict[str, Any]]:
        """-> (the first unprojected record's time, whether the shard was read far enough
        to know, the shard's new cursor)."""
        cursor = dict(cursor)
        if cursor.get("done"):
            return None, True, cursor
        iterator = self._iterator(arn, shard, cursor.get("seq"))
        empty = 0
        while iterator is not None:
            if budget[0] <= 0 or time.monotonic() > deadline:
                return None, False, cursor
            budget[0] -= 1
            response = self.streams.get_records(ShardIterator=iterator, Limit=1000)
            records = response.get("Records", [])
            iterator = response.get("NextShardIterator")
            if not records:
                empty += 1
                if empty >= EMPTY_POLLS:
                    return None, True, cursor      # an open shard, read to its end
                continue
            empty = 0
            keys = [event_key(record) for record in records]
            projected = self.views.checkpoints({key[0] for key in keys if key is not None})
            for record, key in zip(records, keys, strict=True):
                # a negative checkpoint: a damaged stream, reported as such, not as lag
                if key is not None and 0 <= projected[key[0]] < key[1]:
                    return recorded_at(record), True, cursor
                cursor["seq"] = record["dynamodb"]["SequenceNumber"]
        cursor["done"] = True                       # a closed shard, read to its end
        return None, True, cursor

    def _iterator(self, arn: str, shard: str, seq: str | None) -> str | None:
        kwargs: dict[str, Any] = {"StreamArn": arn, "ShardId": shard,
                                  "ShardIteratorType": "TRIM_HORIZON"}
        if seq:
            kwargs.update(ShardIteratorType="AFTER_SEQUENCE_NUMBER", SequenceNumber=seq)
        try:
            return self.streams.get_shard_iterator(**kwargs).get("ShardIterator")
        except ClientError as exc:
            code = _kind(exc)
            if code == "TrimmedDataAccessException" and seq:   # past retention: start over
                return self._iterator(arn, shard, None)
            if code == "ResourceNotFoundException":
                return None
            raise

    def _load_cursors(self) -> dict[str, Any]:
        item = self.client.get_item(TableName=self.tables["views"],
                                    Key={"view_id": {"S": SCAN_KEY}},
                                    ConsistentRead=True).get("Item")
        if item is None:
            return {}
        return {"arn": item["arn"]["S"], "shards": json.loads(item["shards"]["S"])}

    def _save_cursors(self, arn: str, cursors: dict[str, Any]) -> None:
        """Last writer wins: cursors only ever pass records found projected, so an older
        writer's cursors are merely behind, never wrong."""
        self.client.put_item(TableName=self.tables["views"], Item={
            "view_id": {"S": SCAN_KEY}, "arn": {"S": arn},
            "shards": {"S": json.dumps(cursors, sort_keys=True)}})
