"""Idempotency records written before replies kept their headers still replay (with none),
on both adapters; an old SQLite file gains the column on open."""
from __future__ import annotations

import sqlite3

import pytest

from chalicelib.store.ports import IdempotencyRecord, NewEvent, append
from chalicelib.store.sqlite_events import SqliteEventStore
from tests.store.conftest import _stores

OLD_SCHEMA = """
CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream_id TEXT NOT NULL,
    version INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, meta TEXT NOT NULL,
    event_id TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream_id, version));
CREATE TABLE idempotency (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL);
INSERT INTO idempotency VALUES ('old-key-0000000000', 'fp', 201, '{"a":1}', '2026-01-01');
"""


def test_sqlite_file_from_before_headers_replays_and_accepts_new_records(tmp_path):
    path = tmp_path / "events.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_SCHEMA)
    store = SqliteEventStore(str(path), "OFF")
    assert store.idempotency("old-key-0000000000") == IdempotencyRecord(
        "old-key-0000000000", "fp", 201, {"a": 1}, {})
    record = IdempotencyRecord("new-key-0000000000", "fp", 201, {}, {"Location": "/v1/x"})
    append(store, "s", 0, [NewEvent("E", {})], record)
    assert SqliteEventStore(str(path), "OFF").idempotency("new-key-0000000000") == record


@pytest.mark.parametrize("kind", ["moto", "moto_server"])
def test_dynamodb_item_without_headers_replays(kind, tmp_path, request):
    events, _ = _stores(kind, tmp_path, request)
    events.client.put_item(TableName=events.idempotency_table, Item={
        "key": {"S": "old-key-0000000000"}, "fingerprint": {"S": "fp"},
        "status": {"N": "201"}, "enc": {"S": "json"}, "body": {"S": '{"a":1}'},
        "expires_at": {"N": "4102444800"}})
    assert events.idempotency("old-key-0000000000") == IdempotencyRecord(
        "old-key-0000000000", "fp", 201, {"a": 1}, {})
