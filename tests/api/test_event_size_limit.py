"""An event no store can hold (DynamoDB's item limit, store/item_size.py) is refused with a
422 ``commit_too_large`` naming the stream, event type, size and limit, and nothing is
written, on SQLite and on DynamoDB (moto) alike. The limit is lowered here so the events
stay small; tests/store/test_item_size.py checks the real one."""
from __future__ import annotations

import pytest

from chalicelib.store import item_size
from tests.api.test_product_entries import entered_draft, entry_path, mtg_entry, progress


@pytest.fixture
def api(store_api):
    """The API client on each store (``store_api``)."""
    return store_api[0]


def events(stream: str) -> list:
    from chalicelib.runtime import runtime
    return runtime().events.read(stream)


def test_a_draft_start_recording_every_entered_pack_over_the_limit_is_refused(api, monkeypatch):
    """Product entered per player: the start records every player's packs in DraftStarted
    (the pods cannot collate them from the seed). Over the limit, the start is refused
    before the entries are locked: no lock, no unlock, no start; entry stays open."""
    s = entered_draft(api, 4)
    tid, org = s["tid"], s["org"]
    for p in s["players"]:
        assert api.post(entry_path(tid, p["player_id"]), mtg_entry(p["player_id"]),
                        token=org).status == 201
    monkeypatch.setattr(item_size, "MAX_ITEM_BYTES", 2000)
    r = api.post(f"/v1/tournaments/{tid}/draft", token=org)
    assert r.status == 422 and r.body["error"] == "commit_too_large", r.body
    assert r.body["details"]["stream"] == f"draft-{tid}"
    assert r.body["details"]["event_type"] == "DraftStarted"
    assert r.body["details"]["bytes"] > r.body["details"]["limit"] == 2000
    assert "2000" in r.body["message"] and "DynamoDB's item limit" in r.body["message"]
    assert events(f"draft-{tid}") == [] and events(f"product-{tid}") == []
    assert progress(api, s)["status"] == "open"
    monkeypatch.setattr(item_size, "MAX_ITEM_BYTES", item_size.DYNAMODB_ITEM_LIMIT)
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 201
    assert [e.type for e in events(f"draft-{tid}")][:1] == ["DraftStarted"]


def test_any_command_whose_event_is_over_the_limit_is_refused_whole(api, monkeypatch):
    """The guard of the commit itself (no rehearsal): a tournament whose creation event is
    over the limit is not created, and nothing else of the command is written."""
    org = api.organizer()
    monkeypatch.setattr(item_size, "MAX_ITEM_BYTES", 300)
    r = api.post("/v1/tournaments", {"name": "Too big", "game": "mtg",
                                     "format": "booster-draft"}, token=org)
    assert r.status == 422 and r.body["error"] == "commit_too_large", r.body
    assert r.body["details"]["event_type"] == "TournamentCreated"
    stream = r.body["details"]["stream"]
    assert events(stream) == []
    monkeypatch.setattr(item_size, "MAX_ITEM_BYTES", item_size.DYNAMODB_ITEM_LIMIT)
    assert api.get("/v1/tournaments", token=org).body.get("tournaments", []) == []


def test_a_command_whose_events_together_are_over_a_transaction_is_refused_whole(
        api, monkeypatch):
    """Each event under the item limit, together over what one transaction holds (the
    limit lowered here): 422 naming the events, bytes and limit; nothing written."""
    org = api.organizer()
    monkeypatch.setattr(item_size, "MAX_COMMIT_BYTES", 300)
    r = api.post("/v1/tournaments", {"name": "Too big together", "game": "mtg",
                                     "format": "booster-draft"}, token=org)
    assert r.status == 422 and r.body["error"] == "commit_too_large", r.body
    details = r.body["details"]
    assert details["bytes"] > details["limit"] == 300 and details["events"] >= 1
    assert "transaction limit" in r.body["message"]
    monkeypatch.setattr(item_size, "MAX_COMMIT_BYTES", 4 * 1024 * 1024 - 64 * 1024)
    assert api.get("/v1/tournaments", token=org).body.get("tournaments", []) == []
