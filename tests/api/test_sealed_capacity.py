"""A sealed event the API accepts hands its product out to every player it lets
register, whatever the product (application/product_capacity.py): a field larger than one
hand-out can record is refused when the product or the field size is set, with the limit
named, and an event at that limit runs its hand-out, opening and staff views within a
Lambda reply."""
from __future__ import annotations

import hashlib
import json

from chalicelib.data.sets import sample_sets
from chalicelib.domain.product.cards import CardSet
from chalicelib.domain.product.collation import collate
from chalicelib.domain.rng import derive

BIG = {"boosters": [{"set": "sample-vtes", "count": 24}],
       "starters": [{"set": "sample-vtes", "count": 4}]}
REPLY_LIMIT = 6 * 1024 * 1024 * 0.9     # a Lambda reply, less what escaping the body adds


def _create(api, org: str, settings: dict):
    return api.post("/v1/tournaments", {"name": "Big product", "game": "vtes",
                                        "format": "sealed", "settings": settings},
                    token=org, check=False)


def _refused_for(reply) -> int:
    assert reply.status == 422 and reply.body["error"] == "invalid_settings", reply.body
    [problem] = reply.body["details"]
    assert problem["loc"] == "registration.max_players"
    assert f"at most {problem['limit']} players" in problem["msg"]
    return problem["limit"]


def _at_the_limit(api, org: str, product: dict) -> tuple[int, str]:
    """The most players a V:TES sealed event of ``product`` takes (refused past it, with
    the limit named) and a tournament created at it."""
    limit = _refused_for(_create(api, org, {"registration": {"max_players": 2000},
                                            "product": product}))
    made = _create(api, org, {"registration": {"max_players": limit}, "product": product})
    assert made.status == 201, made.body
    return limit, made.body["tournament_id"]


def test_a_field_past_what_the_hand_out_records_is_refused_up_front(store_api):
    api, _ = store_api
    org = api.organizer()
    limit, _ = _at_the_limit(api, org, BIG)
    assert 300 < limit < 500
    for fmt in ("sealed-swap", "restricted-trade"):       # the same hand-out first
        made = api.post("/v1/tournaments", {"name": "x", "game": "vtes", "format": fmt,
                                            "settings": {"product": BIG}},
                        token=org, check=False)
        assert _refused_for(made) == limit                # the default field of 512

    # a settings change that grows the product past the field: refused, nothing changed
    small = _create(api, org, {"registration": {"max_players": 1000}})
    assert small.status == 201, small.body
    tid = small.body["tournament_id"]
    changed = api.post(f"/v1/tournaments/{tid}/settings", {"settings": {"product": BIG}},
                       token=org, check=False)
    assert _refused_for(changed) == limit
    after = api.get(f"/v1/tournaments/{tid}", token=org).body
    assert after["settings"]["product"] == small.body["settings"]["product"]
    both = api.post(f"/v1/tournaments/{tid}/settings", {"settings": {
        "product": BIG, "registration": {"max_players": limit}}}, token=org)
    assert both.status == 200, both.body


def test_an_event_at_the_limit_hands_out_opens_and_pages_within_a_reply(api):
    org = api.organizer()
    limit, tid = _at_the_limit(api, org, BIG)
    for n in range(limit):
        api.register(tid, f"Player {n + 1}", token=org)
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    handed = api.post(f"/v1/tournaments/{tid}/sealed", token=org)
    assert handed.status == 201, handed.body
    opened = api.post(f"/v1/tournaments/{tid}/sealed/open", token=org)
    assert opened.status == 200 and opened.body["next"], opened.body
    pages, after, seen = 0, None, []
    while True:
        page = api.get(f"/v1/tournaments/{tid}/sealed?limit=500"
                       + (f"&after={after}" if after else ""), token=org)
        assert len(json.dumps(page.body)) < REPLY_LIMIT / 4
        seen += [p for p in page.body["pools"]]
        pages, after = pages + 1, page.body["next"]
        if after is None:
            break
    assert pages > 1 and sorted(seen) == sorted(handed.body["players"])
    log = api.get(f"/v1/tournaments/{tid}/sealed/log", token=org)
    assert log.status == 200 and len(json.dumps(log.body)) < REPLY_LIMIT
    assert [e["type"] for e in log.body["events"]][0] == "SealedStarted"


def test_a_draft_of_entered_product_is_bounded_by_its_start_and_a_collated_one_is_not(
        store_api):
    """An entered product's packs are all recorded by the draft's start; a collated
    product's pods open each in its own commit, from the seed."""
    api, _ = store_api
    org = api.organizer()
    many = {"boosters": [{"set": "sample-mtg", "count": 24}]}

    def draft(source: str):
        return api.post("/v1/tournaments", {
            "name": "Draft", "game": "mtg", "format": "booster-draft", "settings": {
                "registration": {"max_players": 2000},
                "product": {**many, "source": source}}}, token=org, check=False)
    limit = _refused_for(draft("entered"))
    assert 300 < limit < 2000
    assert "booster-draft events with this product" in draft("entered").body[
        "details"][0]["msg"]
    assert draft("collated").status == 201


OWN_BIG = {"source": "own", "boosters": [], "starters": [],
           "own": {"sets": ["sample-vtes"], "max_boosters": 24, "max_starters": 4}}


def test_product_the_players_bring_is_bounded_by_the_heaviest_they_may_bring(store_api):
    api, _ = store_api
    org = api.organizer()
    limit, _ = _at_the_limit(api, org, OWN_BIG)
    assert 300 < limit < 500
    # a set's own limit lightens what a player may bring, so the field may be larger
    six = {**OWN_BIG, "own": {**OWN_BIG["own"],
                              "per_set": {"sample-vtes": {"max_boosters": 6}}}}
    assert _refused_for(_create(api, org, {"registration": {"max_players": 2000},
                                           "product": six})) > 1.5 * limit
    # the defaults (6 boosters and a starter of any set, 512 players) are accepted
    assert _create(api, org, {"product": {"source": "own"}}).status == 201
    # a draft of product the players bring records every pack at its start too
    draft = api.post("/v1/tournaments", {
        "name": "Draft", "game": "mtg", "format": "booster-draft", "settings": {
            "registration": {"max_players": 2000}, "product": {
                "source": "own", "own": {"max_boosters": 24}}}}, token=org, check=False)
    assert 300 < _refused_for(draft) < 2000


def test_an_event_of_own_product_at_the_limit_hands_it_out(api):
    """Every player brings the heaviest the limits allow: the hand-out records it all."""
    vtes = sample_sets()["sample-vtes"]
    heaviest = max(vtes.starters, key=lambda s: len(json.dumps(s.cards)))
    org = api.organizer()
    limit, tid = _at_the_limit(api, org, OWN_BIG)
    for n in range(limit):
        pid = api.register(tid, f"Player {n + 1}", token=org)["player_id"]
        entry = {"packs": [{"set": "sample-vtes",
                            "cards": collate(vtes, "booster", derive("own", pid, k))}
                           for k in range(24)],
                 "starters": [{"set": "sample-vtes", "starter": heaviest.id}] * 4}
        entered = api.post(f"/v1/tournaments/{tid}/product/players/{pid}", entry, token=org)
        assert entered.status == 201, entered.body
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    handed = api.post(f"/v1/tournaments/{tid}/sealed", token=org)
    assert handed.status == 201, handed.body
    assert len(handed.body["players"]) == limit


def test_an_uploaded_set_heavier_than_the_field_allows_is_refused_at_its_entry(store_api):
    """When any set may be brought, the bound up front weighs the shipped sets; a player
    bringing an uploaded set is held to one player's share of the hand-out."""
    api, _ = store_api
    heavy = {"id": "long-ids", "name": "Long ids", "game": "vtes", "cards": [
        {"id": hashlib.sha256(str(i).encode()).hexdigest(), "name": f"Card {i}",
         "rarity": "common"} for i in range(300)],
        "boosters": [{"id": "booster", "layouts": [{"slots": [
            {"count": 20, "filter": {"rarity": ["common"]}}]}]}]}
    org = api.organizer()
    assert api.post("/v1/sets", heavy, token=org).status == 201
    tid = _create(api, org, {"product": {"source": "own"}}).body["tournament_id"]  # 512
    pid = api.register(tid, "Heavy", token=org)["player_id"]
    card_set = CardSet.model_validate(heavy)
    entry = {"packs": [{"set": "long-ids", "cards": collate(card_set, "booster",
                                                            derive("heavy", k))}
                       for k in range(6)]}
    path = f"/v1/tournaments/{tid}/product/players/{pid}"
    refused = api.post(path, entry, token=org, check=False)
    assert refused.status == 422 and refused.body["error"] == "invalid_product_entry"
    [problem] = refused.body["details"]
    assert problem["code"] == "too_heavy_for_the_field" and problem["max_players"] == 512
    assert problem["bytes"] > problem["limit"]
    assert api.get(path, token=org, check=False).status == 404       # nothing recorded
    assert api.post(f"/v1/tournaments/{tid}/settings", {"settings": {
        "registration": {"max_players": 64}}}, token=org).status == 200
    assert api.post(path, entry, token=org).status == 201
