"""DynamoDB event store: one item per event (pk stream_id, sk version), conditional
puts for optimistic concurrency, multi-stream appends and the idempotency record in
one ``TransactWriteItems``. The table's stream (NEW_IMAGE) feeds the projector.

Tally members live in the same table under the reserved partition ``tally:<name>``
(sort key = the member), written in the same transaction as the events; they are not
events: ``all_events`` leaves them out and the stream handler skips them
(:func:`is_tally_item`). Counting one is a consistent query of one partition."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from . import codec
from .chaining import Chainer, KnownLinks
from .dynamo_transactions import write_transaction
from .faults import store_fault
from .item_size import MAX_COMMIT_BYTES, check_commit, check_item, event_item, item_size
from .ports import (
    CommitTooLarge,
    ConcurrencyConflict,
    IdempotencyKeyTaken,
    IdempotencyRecord,
    StoredEvent,
    StoreUnavailable,
    StreamWrite,
    Tally,
)
from .reply_items import expired, get_chunks, put_chunks, record_from_items, record_items

MAX_TRANSACTION_ITEMS = 100
TALLY_PREFIX = "tally:"
READ_MANY_THREADS = 16
TRANSIENT = {"ProvisionedThroughputExceededException", "ThrottlingException",
             "RequestLimitExceeded", "InternalServerError", "ServiceUnavailable"}


def transient(exc: ClientError) -> bool:
    return exc.response.get("Error", {}).get("Code") in TRANSIENT


class _Client:
    """The boto3 client with DynamoDB's transient refusals (left after botocore's own
    retries) and an endpoint that cannot be reached or does not answer in time raised as
    StoreUnavailable (after a timeout a write's outcome is unknown: the idempotency
    record answers the retry)."""

    def __init__(self, client):
        self._client = client

    def __getattr__(self, name):
        call = getattr(self._client, name)

        def guarded(*args, **kwargs):
            try:
                return call(*args, **kwargs)
            except ClientError as exc:
                if transient(exc):
                    raise StoreUnavailable(exc.response["Error"]["Code"]) from exc
                raise
            except BotoCoreError as exc:      # unreachable, timed out, no credentials
                kind = store_fault(exc)
                if kind is None:
                    raise
                raise StoreUnavailable(kind) from exc
        return guarded


class TransactionTooLarge(CommitTooLarge):
    """A command produced more items than one DynamoDB transaction can hold."""


def event_to_item(event: StoredEvent) -> dict[str, Any]:
    return event_item(event)


def tally_to_item(tally: Tally) -> dict[str, Any]:
    return {"stream_id": {"S": TALLY_PREFIX + tally.name}, "version": {"N": str(tally.member)}}


def idempotency_to_item(record: IdempotencyRecord) -> dict[str, Any]:
    """The record's item (its reply inline, or only its digest: ``reply_items.py``)."""
    return record_items(record).record


def is_tally_item(item: dict[str, Any]) -> bool:
    """A tally member's item (not an event), e.g. in a stream record's NewImage."""
    return item["stream_id"]["S"].startswith(TALLY_PREFIX)


def item_to_event(item: dict[str, Any]) -> StoredEvent:
    """Also used on stream records' NewImage (same attribute-value format)."""
    data_attr = item["data"]
    payload = data_attr["B"] if "B" in data_attr else data_attr["S"]
    return StoredEvent(
        stream_id=item["stream_id"]["S"], version=int(item["version"]["N"]),
        type=item["type"]["S"], data=codec.unpack(item.get("enc", {"S": "json"})["S"], payload),
        meta=codec.loads(item["meta"]["S"]), event_id=item["event_id"]["S"],
        recorded_at=item["recorded_at"]["S"],
        chain=item["chain"]["S"] if "chain" in item else None)


class DynamoEventStore:
    def __init__(self, client, table: str, idempotency_table: str):
        self.client = _Client(client)
        self.table = table
        self.idempotency_table = idempotency_table
        self.chainer = Chainer()
        # (stream, version) -> link of events this process wrote or read last in their
        # stream: an event never changes once written, so a known link spares a GetItem
        self._links = KnownLinks()

    def version(self, stream_id: str) -> int:
        response = self.client.query(
            TableName=self.table, KeyConditionExpression="stream_id = :s",
            ExpressionAttributeValues={":s": {"S": stream_id}},
            ProjectionExpression="version", ScanIndexForward=False, Limit=1,
            ConsistentRead=True)
        items = response.get("Items", [])
        return int(items[0]["version"]["N"]) if items else 0

    def _key(self, stream_id: str, version: int) -> dict[str, Any]:
        return {"stream_id": {"S": stream_id}, "version": {"N": str(version)}}

    def _head(self, write: StreamWrite) -> str | None:
        """The link of the stream's event at ``expected_version``: known, or read before
        the transaction (whose conditions fail if the stream moved on); for a stream
        written before links were recorded, derived now and recorded once."""
        if write.expected_version == 0:
            return None
        known = self._links.get(write.stream_id, write.expected_version)
        if known is not None:
            return known
        item = self.client.get_item(TableName=self.table, ConsistentRead=True,
                                    Key=self._key(write.stream_id, write.expected_version),
                                    ProjectionExpression="chain").get("Item")
        if item is None:
            raise ConcurrencyConflict(write.stream_id, write.expected_version)
        if "chain" in item:
            return item["chain"]["S"]
        derived = self.chainer.derive(self.read(write.stream_id))
        for e in derived:
            try:
                self.client.update_item(
                    TableName=self.table, Key=self._key(e.stream_id, e.version),
                    UpdateExpression="SET chain = :c",
                    ConditionExpression="attribute_exists(stream_id) AND "
                                        "attribute_not_exists(chain)",
                    ExpressionAttributeValues={":c": {"S": e.chain}})
            except ClientError as exc:
                if exc.response["Error"]["Code"] != "ConditionalCheckFailedException":
                    raise
        return next(e.chain for e in derived if e.version == write.expected_version)

    def append_batch(self, writes: Iterable[StreamWrite],
                     idempotency: IdempotencyRecord | None = None,
                     tallies: Iterable[Tally] = ()) -> list[StoredEvent]:
        writes = list(writes)
        items: list[dict[str, Any]] = []
        owners: list[StreamWrite | str] = []   # the write each item guards, or what it is
        stored: list[StoredEvent] = []
        recorded_at = datetime.now(UTC).isoformat(timespec="microseconds")
        used = 0            # bytes of the items put, against the transaction's 4 MB
        for write in writes:
            if write.expected_version > 0:
                items.append({"ConditionCheck": {
                    "TableName": self.table,
                    "Key": self._key(write.stream_id, write.expected_version),
                    "ConditionExpression": "attribute_exists(stream_id)"}})
                owners.append(write)
            if not write.events:
                items.append({"ConditionCheck": {
                    "TableName": self.table,
                    "Key": self._key(write.stream_id, write.expected_version + 1),
                    "ConditionExpression": "attribute_not_exists(stream_id)"}})
                owners.append(write)
            records = self.chainer.stamp(write, self._head(write), recorded_at) \
                if write.events else []
            for record in records:
                item = event_to_item(record)
                used += check_item(record, item)    # over: DynamoDB refuses the whole
                check_commit(used, len(stored) + 1)
                items.append({"Put": {"TableName": self.table, "Item": item,
                                      "ConditionExpression": "attribute_not_exists(stream_id)"}})
                owners.append(write)
                stored.append(record)
        for tally in dict.fromkeys(tallies):
            items.append({"Put": {"TableName": self.table, "Item": tally_to_item(tally)}})
            owners.append("tally")
            used += item_size(items[-1]["Put"]["Item"])
        if idempotency is not None:
            packed = record_items(idempotency, MAX_COMMIT_BYTES - used)
            self._put_chunks(packed.chunks)     # before: no record names them until it commits
            items.append({"Put": {
                "TableName": self.idempotency_table, "Item": packed.record,
                "ConditionExpression": "attribute_not_exists(#k)",
                "ExpressionAttributeNames": {"#k": "key"}}})
            owners.append("idempotency")
        if not items:
            return []
        if len(items) > MAX_TRANSACTION_ITEMS:
            raise TransactionTooLarge(len(items), MAX_TRANSACTION_ITEMS)
        failed = write_transaction(self.client, items)
        if failed is not None:
            for owner in (owners[i] for i in failed if i < len(owners)):
                if isinstance(owner, str):      # "idempotency" (a tally is never conditional)
                    raise IdempotencyKeyTaken(idempotency.key if idempotency else owner)
                raise ConcurrencyConflict(owner.stream_id, owner.expected_version)
            # A transaction conflict (another transaction on the same items) or no reasons:
            # nothing was written; the caller retries like any other conflict.
            first = writes[0] if writes else None
            raise ConcurrencyConflict(first.stream_id if first else "?",
                                      first.expected_version if first else 0)
        self._links.keep(stored)
        return stored

    def read(self, stream_id: str, after: int = 0,
             limit: int | None = None) -> list[StoredEvent]:
        events: list[StoredEvent] = []
        kwargs: dict[str, Any] = dict(
            TableName=self.table, ConsistentRead=True,
            KeyConditionExpression="stream_id = :s AND version > :v",
            ExpressionAttributeValues={":s": {"S": stream_id}, ":v": {"N": str(after)}})
        while True:
            if limit is not None:
                kwargs["Limit"] = limit - len(events)
            response = self.client.query(**kwargs)
            events.extend(item_to_event(item) for item in response.get("Items", []))
            if "LastEvaluatedKey" not in response or \
                    (limit is not None and len(events) >= limit):
                self._links.keep(events[-1:])
                return events
            kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]

    def read_many(self, after: dict[str, int]) -> dict[str, list[StoredEvent]]:
        """Consistent queries of each stream, ``READ_MANY_THREADS`` at a time (boto3
        clients are thread-safe)."""
        if len(after) <= 1:
            return {stream_id: self.read(stream_id, v) for stream_id, v in after.items()}
        with ThreadPoolExecutor(min(READ_MANY_THREADS, len(after))) as pool:
            found = pool.map(lambda item: self.read(*item), after.items())
            return dict(zip(after, found, strict=True))

    def tally(self, name: str) -> int:
        count = 0
        kwargs: dict[str, Any] = dict(
            TableName=self.table, ConsistentRead=True, Select="COUNT",
            KeyConditionExpression="stream_id = :s",
            ExpressionAttributeValues={":s": {"S": TALLY_PREFIX + name}})
        while True:
            response = self.client.query(**kwargs)
            count += response["Count"]
            if "LastEvaluatedKey" not in response:
                return count
            kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]

    def idempotency(self, key: str) -> IdempotencyRecord | None:
        item = self.client.get_item(TableName=self.idempotency_table,
                                    Key={"key": {"S": key}}, ConsistentRead=True).get("Item")
        if item is None or expired(item):
            return None
        return record_from_items(item, self._get_chunks)

    def _put_chunks(self, chunks: tuple[dict[str, Any], ...]) -> None:
        put_chunks(self.client, self.idempotency_table, chunks)

    def _get_chunks(self, keys: list[str]) -> list[dict[str, Any]]:
        return get_chunks(self.client, self.idempotency_table, keys)

    def all_events(self) -> Iterator[StoredEvent]:
        streams: dict[str, list[StoredEvent]] = {}
        kwargs: dict[str, Any] = {"TableName": self.table, "ConsistentRead": True}
        while True:
            response = self.client.scan(**kwargs)
            for item in response.get("Items", []):
                if is_tally_item(item):
                    continue
                event = item_to_event(item)
                streams.setdefault(event.stream_id, []).append(event)
            if "LastEvaluatedKey" not in response:
                break
            kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]
        for stream_id in sorted(streams):
            yield from sorted(streams[stream_id], key=lambda e: e.version)
