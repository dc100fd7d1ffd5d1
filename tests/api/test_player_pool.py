"""``GET .../players/{pid}/pool`` in every limited format with a pool: booster draft (see
test_draft), table and mixed draft, sealed and sealed swap, restricted trade; the player
themself and staff only."""
from __future__ import annotations

from chalicelib.domain import sealed
from chalicelib.domain.decks import pools
from chalicelib.domain.mixed_draft import MIXED_DRAFT
from chalicelib.domain.table_draft import TABLE_DRAFT
from chalicelib.domain.table_draft.aggregate import MIXED_DRAFT_ROSTER, TABLE_DRAFT_ROSTER
from chalicelib.entrypoints.schedules import sweep_limited_drafts

from .test_limited import roster


def _pool(api, tid, pid, token):
    return api.get(f"/v1/tournaments/{tid}/players/{pid}/pool", token=token)


def test_a_completed_mixed_draft_pool(api, clock, rt):
    tid, org, ids, tokens = roster(
        api, 4, "mixed-draft",
        product={"boosters": [{"set": "sample-vtes", "count": 2}], "starters": []})
    assert _pool(api, tid, ids[0], tokens[ids[0]]).status == 404       # not started
    r = api.post(f"/v1/tournaments/{tid}/mixed-draft",
                 {"pile_size": 6, "review_seconds": 0, "pods": [ids], "pick_seconds": 5,
                  "library_pick_seconds": 5}, token=org)
    assert r.status == 201, r.body
    early = _pool(api, tid, ids[0], tokens[ids[0]])
    assert early.status == 200 and early.body["complete"] is False
    clock.at(100_000)                 # every timer ran out: the judge drafted for everyone
    sweep_limited_drafts(None)
    mine = _pool(api, tid, ids[0], tokens[ids[0]])
    assert mine.status == 200, mine.body
    body = mine.body
    assert (body["source"], body["pod"], body["complete"]) == ("draft", 1, True)
    state, _ = rt.service.read(MIXED_DRAFT, (tid, 1))
    formed, _ = rt.service.read(MIXED_DRAFT_ROSTER, tid)
    assert body["pool"] == pools.mixed_draft_pool(formed, state, ids[0]) and body["pool"]
    assert body["picks"] == body["pool"]                     # no starters in this product
    assert _pool(api, tid, ids[0], org).body == body                           # staff
    assert _pool(api, tid, ids[0], tokens[ids[1]]).status == 403               # others


def test_a_completed_table_draft_pool_with_its_starters(api, clock, rt):
    tid, org, ids, tokens = roster(api, 4, "table-draft", draft={"packs": 1})
    r = api.post(f"/v1/tournaments/{tid}/table-draft",
                 {"pick_seconds": 5, "review_seconds": 0}, token=org)
    assert r.status == 201, r.body
    clock.at(100_000)
    sweep_limited_drafts(None)
    body = _pool(api, tid, ids[1], tokens[ids[1]]).body
    state, _ = rt.service.read(TABLE_DRAFT, (tid, 1))
    formed, _ = rt.service.read(TABLE_DRAFT_ROSTER, tid)
    assert body["complete"] is True and body["starters"]
    assert body["pool"] == pools.table_draft_pool(formed, state, ids[1])
    assert body["pool"][:len(body["pool"]) - len(body["picks"])] == \
        [c for s in body["starters"] for c in s["cards"]]


def test_sealed_and_sealed_swap_pools(api, rt):
    event = api.started("vtes", "sealed", players=4)
    tid, p = event["tid"], event["players"][0]
    assert _pool(api, tid, p["player_id"], p["token"]).status == 404      # not handed out
    api.hand_out(event)
    body = _pool(api, tid, p["player_id"], p["token"]).body
    state, _ = rt.service.read(sealed.SEALED, tid)
    assert (body["source"], body["complete"]) == ("sealed", True)
    assert body["pool"] == list(state.pools[p["player_id"]]) and len(body["starters"]) == 1

    swap = api.started("vtes", "sealed-swap", players=4)
    tid, p = swap["tid"], swap["players"][0]
    api.hand_out(swap)
    body = _pool(api, tid, p["player_id"], p["token"]).body
    state, _ = rt.service.read(sealed.SEALED, tid)
    assert body["pool"] == list(state.pools[p["player_id"]])
    # every registered deck dealt to exactly one player (one's own back is allowed, 7.3.2)
    ids = sorted(q["player_id"] for q in swap["players"])
    assert sorted(state.received_from) == ids == sorted(state.received_from.values())


def test_restricted_trade_shows_the_sealed_pool_until_trading_ends(api):
    event = api.started("vtes", "restricted-trade", players=4)
    tid, p = event["tid"], event["players"][0]
    api.hand_out(event)
    body = _pool(api, tid, p["player_id"], p["token"]).body
    assert (body["source"], body["complete"]) == ("sealed", False) and body["pool"]
