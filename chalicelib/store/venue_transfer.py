"""Storing events as they were stored elsewhere (a venue transfer: same versions, same
event ids, same recording times) and the reads a venue sync needs, for both adapters.
An imported event is appended iff its stream is exactly at the version before it (all or
nothing, with the tallies it carries)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from botocore.exceptions import ClientError

from . import codec
from .item_size import check_event
from .ports import ConcurrencyConflict, StoredEvent, Tally

MAX_IMPORT_ITEMS = 100


def _is_sqlite(store: Any) -> bool:
    return hasattr(store, "db")


def import_events(store: Any, events: list[StoredEvent], tallies: Iterable[Tally] = ()) -> None:
    """Append ``events`` (several streams, each contiguous, in version order) as they are;
    ConcurrencyConflict (nothing written) if a stream is not at the version before its
    first event; ItemTooLarge (nothing written) if one is over the stores' item limit."""
    tallies = list(dict.fromkeys(tallies))
    for event in events:    # what DynamoDB would refuse (a node's store refuses it too)
        check_event(event)
    if _is_sqlite(store):
        _import_sqlite(store, events, tallies)
    else:
        _import_dynamo(store, events, tallies)


def _firsts(events: list[StoredEvent]) -> dict[str, int]:
    firsts: dict[str, int] = {}
    for e in events:
        firsts.setdefault(e.stream_id, e.version)
    return firsts


def _import_sqlite(store: Any, events: list[StoredEvent], tallies: list[Tally]) -> None:
    with store.db.write() as conn:
        for stream_id, first in _firsts(events).items():
            row = conn.execute("SELECT MAX(version) FROM events WHERE stream_id = ?",
                               (stream_id,)).fetchone()
            if (row[0] or 0) != first - 1:
                raise ConcurrencyConflict(stream_id, first - 1)
        conn.executemany(
            "INSERT INTO events (stream_id, version, type, data, meta, event_id, recorded_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(e.stream_id, e.version, e.type, codec.dumps(e.data), codec.dumps(e.meta),
              e.event_id, e.recorded_at) for e in events])
        conn.executemany("INSERT OR IGNORE INTO tallies (name, member) VALUES (?, ?)",
                         [(t.name, t.member) for t in tallies])


def _import_dynamo(store: Any, events: list[StoredEvent], tallies: list[Tally]) -> None:
    from .dynamo_events import event_to_item, tally_to_item
    items: list[dict[str, Any]] = []
    firsts = _firsts(events)
    for stream_id, first in firsts.items():
        if first > 1:
            items.append({"ConditionCheck": {
                "TableName": store.table, "Key": {"stream_id": {"S": stream_id},
                                                  "version": {"N": str(first - 1)}},
                "ConditionExpression": "attribute_exists(stream_id)"}})
    for e in events:
        items.append({"Put": {"TableName": store.table, "Item": event_to_item(e),
                              "ConditionExpression": "attribute_not_exists(stream_id)"}})
    for tally in tallies:
        items.append({"Put": {"TableName": store.table, "Item": tally_to_item(tally)}})
    for start in range(0, len(items), MAX_IMPORT_ITEMS):
        chunk = items[start:start + MAX_IMPORT_ITEMS]
        try:
            store.client.transact_write_items(TransactItems=chunk)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "TransactionCanceledException":
                raise
            stream_id = next(iter(firsts), "?")
            raise ConcurrencyConflict(stream_id, firsts.get(stream_id, 1) - 1) from None


def tally_members(store: Any, name: str) -> list[int]:
    """The members of a tally (to carry it with the events that added them)."""
    if _is_sqlite(store):
        rows = store.db.conn().execute("SELECT member FROM tallies WHERE name = ? "
                                       "ORDER BY member", (name,))
        return [row[0] for row in rows]
    from .dynamo_events import TALLY_PREFIX
    members: list[int] = []
    kwargs: dict[str, Any] = dict(
        TableName=store.table, ConsistentRead=True, KeyConditionExpression="stream_id = :s",
        ExpressionAttributeValues={":s": {"S": TALLY_PREFIX + name}})
    while True:
        response = store.client.query(**kwargs)
        members += [int(item["version"]["N"]) for item in response.get("Items", [])]
        if "LastEvaluatedKey" not in response:
            return members
        kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]


def events_after(store: Any, position: int, limit: int) -> list[tuple[int, StoredEvent]]:
    """The embedded store's events after global ``position``, in commit order, with their
    positions (what a venue node pushes upward)."""
    rows = store.db.conn().execute(
        "SELECT position, stream_id, version, type, data, meta, event_id, recorded_at"
        " FROM events WHERE position > ? ORDER BY position LIMIT ?", (position, limit))
    return [(row[0], StoredEvent(row[1], row[2], row[3], codec.loads(row[4]),
                                 codec.loads(row[5]), row[6], row[7])) for row in rows]


def last_position(store: Any) -> int:
    row = store.db.conn().execute("SELECT MAX(position) FROM events").fetchone()
    return row[0] or 0
