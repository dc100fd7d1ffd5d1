"""Idempotency records of any reply the API can send (up to Lambda's 6 MB) are stored on
every adapter and replayed the same, key order included; on DynamoDB no item is over the
item rule (store/item_size.py), the reply going to chunks written before the commit."""
from __future__ import annotations

import base64
import json
import os

import pytest

from chalicelib.store import reply_items
from chalicelib.store.item_size import MAX_ITEM_BYTES, item_size
from chalicelib.store.ports import (
    IdempotencyKeyTaken,
    IdempotencyRecord,
    NewEvent,
    StoreUnavailable,
    append,
)
from chalicelib.store.reply_items import record_from_items, record_items

KEY = "a" * 64       # keys are sha-256 hex digests (service/idempotency.py)


def incompressible(size: int) -> dict:
    """A reply of about ``size`` bytes of JSON that zlib cannot shrink much, its keys in
    an order a sorted encoding would change."""
    text = base64.b64encode(os.urandom(size * 3 // 4)).decode()
    return {"zeta": 1, "players": [text[i:i + 1000] for i in range(0, len(text), 1000)],
            "alpha": {"y": 2, "b": None}}


def same(a, b) -> bool:
    return json.dumps(a) == json.dumps(b)       # the bytes the API would send


def idem_items(store) -> list[dict]:
    if not hasattr(store, "idempotency_table"):
        return []
    items, kwargs = [], {"TableName": store.idempotency_table, "ConsistentRead": True}
    while True:
        page = store.client.scan(**kwargs)      # pages of at most 1 MB
        items += page["Items"]
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def test_a_large_reply_is_stored_with_its_events_and_replayed_the_same(event_store):
    body = incompressible(1_500_000)
    record = IdempotencyRecord(KEY, "fp", 201, body, {"Location": "/v1/x"})
    append(event_store, "big-reply", 0, [NewEvent("E", {"n": 1})], record)
    replayed = event_store.idempotency(KEY)
    assert same(replayed.body, body) and replayed == record
    assert len(event_store.read("big-reply")) == 1
    items = idem_items(event_store)
    if hasattr(event_store, "idempotency_table"):      # DynamoDB: chunks, each in the rule
        assert len(items) >= 4
        assert max(item_size(i) for i in items) <= MAX_ITEM_BYTES


def test_a_losing_request_with_the_same_key_leaves_the_winners_reply(event_store):
    first = IdempotencyRecord(KEY, "fp", 200, incompressible(900_000))
    append(event_store, "race", 0, [NewEvent("E", {})], first)
    second = IdempotencyRecord(KEY, "fp", 200, incompressible(900_000))
    with pytest.raises(IdempotencyKeyTaken):
        append(event_store, "race-2", 0, [NewEvent("E", {})], second)
    assert same(event_store.idempotency(KEY).body, first.body)
    assert event_store.read("race-2") == []


def test_small_replies_keep_their_key_order_too(event_store):
    record = IdempotencyRecord(KEY, "fp", 200, {"z": 1, "a": [{"d": 1, "c": 2}]})
    append(event_store, "small", 0, [NewEvent("E", {})], record)
    assert same(event_store.idempotency(KEY).body, record.body)
    assert len(idem_items(event_store)) in (0, 1)       # inline: one item, no chunk


def test_the_largest_reply_lambda_sends_fits_the_item_rule():
    body = incompressible(6 * 1024 * 1024)
    packed = record_items(IdempotencyRecord(KEY, "f" * 64, 200, body, {"Location": "/x"}))
    sizes = [item_size(packed.record)] + [item_size(c) for c in packed.chunks]
    assert max(sizes) <= MAX_ITEM_BYTES and len(packed.chunks) >= 11
    assert "body" not in packed.record and item_size(packed.record) < 1024
    by_key = {c["key"]["S"]: c for c in packed.chunks}
    assert same(record_from_items(packed.record, lambda keys: [by_key[k] for k in keys]).body,
                body)


def test_a_reply_past_what_the_transaction_leaves_goes_to_chunks():
    record = IdempotencyRecord(KEY, "fp", 200, {"text": "x" * 5000})
    assert record_items(record).chunks == ()
    assert len(record_items(record, room=2000).chunks) == 1


def test_a_record_whose_chunks_are_gone_is_a_store_fault_not_another_run(monkeypatch):
    monkeypatch.setattr(reply_items, "MAX_ITEM_BYTES", 4096)
    packed = record_items(IdempotencyRecord(KEY, "fp", 200, incompressible(20_000)))
    assert len(packed.chunks) > 1
    with pytest.raises(StoreUnavailable):
        record_from_items(packed.record, lambda keys: list(packed.chunks[1:]))
    tampered = [{**packed.chunks[0], "part": {"B": b"x" + packed.chunks[0]["part"]["B"][1:]}},
                *packed.chunks[1:]]
    with pytest.raises(StoreUnavailable):
        record_from_items(packed.record, lambda keys: tampered)


@pytest.mark.parametrize("kind", ["moto"])
def test_an_expired_record_on_dynamodb_is_no_record(kind, tmp_path, request):
    from tests.store.conftest import _stores
    events, _ = _stores(kind, tmp_path, request)
    item = record_items(IdempotencyRecord(KEY, "fp", 200, {}), now=0).record
    events.client.put_item(TableName=events.idempotency_table, Item=item)
    assert events.idempotency(KEY) is None
