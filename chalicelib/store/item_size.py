"""DynamoDB's item limit, one rule for every event store: an event whose DynamoDB item
would exceed it is refused before anything is written (``ItemTooLarge``), by the SQLite
and memory adapters too, so an event recorded on the embedded store or a venue node can
always be replayed or synced to DynamoDB.

Sizes are counted as DynamoDB counts an item: every attribute's name plus its value
(strings as UTF-8 bytes, binary as bytes, numbers about one byte per two significant
digits plus one), for the item layout the DynamoDB adapter writes (``event_item``)."""
from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from . import codec
from .chaining import Chainer
from .ports import CommitBytesTooLarge, EventJsonTooLarge, ItemTooLarge, StoredEvent, StreamWrite

DYNAMODB_ITEM_LIMIT = 400 * 1024      # bytes, DynamoDB's hard limit on one item
# headroom for what the count only approximates (numbers, DynamoDB's own rounding): an
# event is refused above DynamoDB's limit less this (moto refuses above 405,000 bytes)
ITEM_SAFETY_MARGIN = 8 * 1024
MAX_ITEM_BYTES = DYNAMODB_ITEM_LIMIT - ITEM_SAFETY_MARGIN
# a DynamoDB transaction holds 4 MB; the events and tallies of one commit may take all but
# a margin (an idempotency reply past what they leave goes to chunks, ``reply_items``)
MAX_COMMIT_BYTES = 4 * 1024 * 1024 - 64 * 1024
# an event's data as JSON: a page of event feeds, logs and the audit log stops at 2 MB but
# holds at least one event, so one event's JSON stays under what is left of a Lambda
# reply's 6 MB (compressed, such an event may still be far under the item limit)
MAX_EVENT_JSON_BYTES = 4 * 1024 * 1024


def attribute_size(value: dict[str, Any]) -> int:
    """The size of one attribute value in DynamoDB's wire format (``{"S": ...}``...)."""
    (kind, v), = value.items()
    if kind == "S":
        return len(v.encode("utf-8"))
    if kind == "B":
        return len(v)
    if kind == "N":                 # about one byte per two significant digits, plus one
        digits = v.lstrip("-").replace(".", "").lstrip("0").split("e")[0].split("E")[0]
        return (len(digits.rstrip("0") or "0") + 1) // 2 + 1
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "M":                 # 3 bytes, and 1 more per element (as for a list)
        return 3 + sum(len(k.encode("utf-8")) + attribute_size(x) + 1 for k, x in v.items())
    if kind == "L":
        return 3 + sum(1 + attribute_size(x) for x in v)
    if kind == "SS":
        return sum(len(x.encode("utf-8")) for x in v)
    if kind == "BS":
        return sum(len(x) for x in v)
    if kind == "NS":
        return sum(attribute_size({"N": x}) for x in v)
    raise ValueError(f"unknown DynamoDB attribute type {kind}")


def item_size(item: dict[str, dict[str, Any]]) -> int:
    """The size DynamoDB counts for ``item``: attribute names plus values."""
    return sum(len(name.encode("utf-8")) + attribute_size(v) for name, v in item.items())


def event_item(event: StoredEvent, data_text: str | None = None) -> dict[str, Any]:
    """The DynamoDB item of ``event`` (``data_text``: its data already JSON-encoded);
    EventJsonTooLarge when that JSON is over ``MAX_EVENT_JSON_BYTES``."""
    text = codec.dumps(event.data) if data_text is None else data_text
    if 4 * len(text) > MAX_EVENT_JSON_BYTES:        # else it cannot be: UTF-8 <= 4 bytes
        size = len(text.encode("utf-8"))
        if size > MAX_EVENT_JSON_BYTES:
            raise EventJsonTooLarge(event.stream_id, event.type, size, MAX_EVENT_JSON_BYTES)
    encoding, payload = codec.pack_text(text)
    return {
        "stream_id": {"S": event.stream_id},
        "version": {"N": str(event.version)},
        "type": {"S": event.type},
        "enc": {"S": encoding},
        "data": {"B": payload} if isinstance(payload, bytes) else {"S": payload},
        "meta": {"S": codec.dumps(event.meta)},
        "event_id": {"S": event.event_id},
        "recorded_at": {"S": event.recorded_at},
        **({"chain": {"S": event.chain}} if event.chain is not None else {}),
    }


def check_item(event: StoredEvent, item: dict[str, Any]) -> int:
    """Refuse ``event`` (``ItemTooLarge``) if its DynamoDB ``item`` is over the limit;
    else its size."""
    size = item_size(item)
    if size > MAX_ITEM_BYTES:
        raise ItemTooLarge(event.stream_id, event.type, size, MAX_ITEM_BYTES)
    return size


def check_event(event: StoredEvent, data_text: str | None = None) -> int:
    """Refuse ``event`` if its DynamoDB item would be over the limit (``data_text``: its
    data already JSON-encoded, as the SQLite and memory adapters keep it); else its size."""
    return check_item(event, event_item(event, data_text))


def check_commit(size: int, items: int) -> None:
    """Refuse a commit whose events (``size`` bytes, ``items`` of them) are more than one
    DynamoDB transaction holds (``CommitBytesTooLarge``)."""
    if size > MAX_COMMIT_BYTES:
        raise CommitBytesTooLarge(size, MAX_COMMIT_BYTES, items)


def check_writes(writes: Iterable[StreamWrite]) -> None:
    """``check_event`` of writes not yet appended (a rehearsal's), stamped as an adapter
    would stamp them (ids, links and times are of fixed length)."""
    now = datetime.now(UTC).isoformat(timespec="microseconds")
    chainer = Chainer()
    size = items = 0
    for write in writes:
        for event in chainer.stamp(write, None, now):
            size += check_event(event)
            items += 1
    check_commit(size, items)
