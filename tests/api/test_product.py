"""Card sets and product configuration through HTTP."""
from __future__ import annotations

from .test_draft import TINY


def test_sample_sets_are_listed_and_readable(api):
    sets = api.get("/v1/sets").body["items"]
    assert {"sample-vtes", "sample-munchkin", "sample-mtg"} <= {s["set_id"] for s in sets}
    vtes = api.get("/v1/sets/sample-vtes").body
    assert vtes["boosters"][0]["size"] == 11 and vtes["kinds"]["crypt"] > 0
    assert len(vtes["starters"]) == 4
    mtg = api.get("/v1/sets/sample-mtg").body
    assert any(c.get("draft_action") == "reveal" for c in mtg["definition"]["cards"])
    assert api.get("/v1/sets/nope").status == 404
    page = api.get("/v1/sets?limit=1").body
    assert len(page["items"]) == 1 and page["next"] == page["items"][0]["set_id"]


def test_upload_set_validated_and_immutable(api):
    org = api.organizer()
    assert api.post("/v1/sets", TINY).status == 401
    created = api.post("/v1/sets", TINY, token=org)
    assert created.status == 201 and created.body["boosters"][0]["size"] == 5
    assert created.headers["Location"] == "/v1/sets/tiny-demo"
    assert api.post("/v1/sets", TINY, token=org).status == 409
    assert api.post("/v1/sets", {**TINY, "id": "sample-mtg"}, token=org).status == 409
    bad = api.post("/v1/sets", {**TINY, "id": "tiny-bad", "boosters": [{"id": "b", "layouts": [
        {"slots": [{"count": 9, "filter": {"rarity": ["rare"]}}]}]}]}, token=org)
    assert bad.status == 422 and "distinct" in str(bad.body["details"])
    assert any(s["set_id"] == "tiny-demo" for s in api.get("/v1/sets?game=hack").body["items"])
    assert api.get("/v1/sets/tiny-demo").body["definition"]["cards"][0]["id"] == "td-0"


def test_tournament_product_reports_problems(api):
    org = api.organizer()
    ok = api.tournament(org, "vtes", "booster-draft")
    product = api.get(f"/v1/tournaments/{ok['tournament_id']}/product").body
    assert product["ready"] and len(product["boosters"]) == 3
    assert product["settings"]["starters"][0]["set"] == "sample-vtes"
    bad = api.tournament(org, "hack", "booster-draft", settings={
        "product": {"boosters": [{"set": "missing-set", "count": 4}]}})
    product = api.get(f"/v1/tournaments/{bad['tournament_id']}/product").body
    assert not product["ready"] and product["problems"][0]["set"] == "missing-set"
    empty = api.tournament(org, "hack", "booster-draft", settings={"product": {"boosters": []}})
    assert not api.get(f"/v1/tournaments/{empty['tournament_id']}/product").body["ready"]
