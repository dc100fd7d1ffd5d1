"""A keyed command whose reply is larger than one DynamoDB item (the staff's sealed
opening at 2,000 players is 3.9 MB of JSON, over 400 KB packed) runs once and replays the
same bytes, on SQLite and on DynamoDB (moto). The item limit is lowered here so an
8-player opening is "large"; tests/store/test_large_replies.py checks the real limit."""
from __future__ import annotations

import json

import pytest

from chalicelib.store import reply_items
from chalicelib.store.item_size import item_size

KEY = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
LIMIT = 1500


@pytest.fixture
def small_items(monkeypatch):
    monkeypatch.setattr(reply_items, "MAX_ITEM_BYTES", LIMIT)
    monkeypatch.setattr(reply_items, "CHUNK_KEY_ROOM", 500)


def _opening_twice(api, rt) -> tuple:
    event = api.started("vtes", "sealed", 8)
    base, org = f"/v1/tournaments/{event['tid']}/sealed", event["organizer"]
    assert api.post(base, token=org).status == 201
    first = api.post(f"{base}/open", token=org, headers={"Idempotency-Key": KEY})
    events = sum(1 for _ in rt.events.all_events())
    again = api.post(f"{base}/open", token=org, headers={"Idempotency-Key": KEY})
    assert first.status == again.status == 200
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert json.dumps(again.body) == json.dumps(first.body)     # the same bytes sent
    assert sum(1 for _ in rt.events.all_events()) == events     # not run a second time
    assert len(json.dumps(first.body)) > 4 * LIMIT              # large against the limit
    return first, again


def test_a_large_keyed_reply_replays_the_same_on_sqlite(api, rt, small_items):
    _opening_twice(api, rt)


def test_a_large_keyed_reply_replays_the_same_on_dynamodb(dynamo_api, small_items):  # noqa: F811
    api, rt = dynamo_api
    _opening_twice(api, rt)
    items = rt.events.client.scan(TableName="idem", ConsistentRead=True)["Items"]
    chunks = [i for i in items if "part" in i]
    assert len(chunks) >= 2 and max(item_size(i) for i in items) <= LIMIT
