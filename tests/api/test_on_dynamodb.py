"""The same API on the DynamoDB adapters (moto), projection inline (``dynamo_api``, in
tests/api/conftest.py)."""
from __future__ import annotations

KEY = "3b241101-e2bb-4255-8caf-4136c566a962"


def test_lifecycle_idempotency_and_rebuild_on_dynamodb(dynamo_api):
    api, rt = dynamo_api
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    first = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"},
                     headers={"Idempotency-Key": KEY})
    again = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"},
                     headers={"Idempotency-Key": KEY})
    assert first.status == again.status == 201 and first.body["player"] == again.body["player"]
    assert again.body["token"] is None      # an anonymous replay withholds the token
    bob = api.register(tid, "Bob")
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/players/{bob['player_id']}/drop",
                    token=bob["token"]).status == 200
    finished = api.post(f"/v1/tournaments/{tid}/finish",
                        {"incomplete": True, "reason": "no pod played"}, token=org).body
    assert finished["seed"] and api.get(f"/v1/tournaments/{tid}").body == finished
    log = api.get(f"/v1/tournaments/{tid}/events", token=org).body
    assert [e["type"] for e in log["events"]] == [
        "TournamentCreated", "PlayerRegistered", "PlayerRegistered", "TournamentStarted",
        "PlayerDropped", "TournamentFinished"]
    before = rt.views.dump()
    assert api.rebuild_views()["events_applied"] >= 6
    assert rt.views.dump() == before


def test_the_per_client_registration_limit_and_token_replacement_on_dynamodb(dynamo_api):
    """The limit counts in a tally of the events table (durable, shared by every Lambda)."""
    api, rt = dynamo_api
    org = api.organizer()
    tid = api.tournament(org, "mtg", "sealed", settings={"registration": {
        "anonymous_per_client": 1, "anonymous_window_seconds": 60}})["tournament_id"]
    ann = api.register(tid, "Ann")
    flood = api.post(f"/v1/tournaments/{tid}/players", {"name": "Flood"})
    assert flood.status == 429 and 1 <= int(flood.headers["Retry-After"]) <= 60
    new = api.post(f"/v1/tournaments/{tid}/players/{ann['player_id']}/token", token=org)
    assert new.status == 201
    assert api.get("/v1/me", token=ann["token"]).status == 401
    assert api.get("/v1/me", token=new.body["token"]).status == 200
