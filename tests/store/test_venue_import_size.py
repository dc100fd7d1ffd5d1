"""A venue node's events imported by the deployment are held to the stores' item limit
(store/item_size.py): one recorded before nodes refused such events is refused whole,
nothing written, instead of failing DynamoDB's transaction."""
from __future__ import annotations

import os

import pytest

from chalicelib.store.item_size import MAX_ITEM_BYTES
from chalicelib.store.ports import ItemTooLarge, StoredEvent
from chalicelib.store.venue_transfer import import_events

AT = "2026-11-28T05:00:00.000000+00:00"


def _event(stream: str, version: int, **data) -> StoredEvent:
    return StoredEvent(stream, version, "Happened", {"n": version, **data}, {"salt": "0" * 32},
                       os.urandom(16).hex(), AT, "0" * 64)


def test_an_imported_event_over_the_limit_is_refused_whole(event_store, request):
    blob = os.urandom(MAX_ITEM_BYTES).hex()          # ~2x the limit once compressed
    with pytest.raises(ItemTooLarge) as refused:
        import_events(event_store, [_event("node-a", 1), _event("node-b", 1, blob=blob)])
    assert refused.value.stream_id == "node-b"
    assert event_store.version("node-a") == 0 and event_store.version("node-b") == 0
    if request.node.callspec.params["stores"] == "memory":
        return          # a deployment runs SQLite or DynamoDB: the memory store imports none
    import_events(event_store, [_event("node-a", 1), _event("node-b", 1)])
    assert event_store.version("node-a") == event_store.version("node-b") == 1
