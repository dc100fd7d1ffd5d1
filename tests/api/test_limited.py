"""Table draft, mixed draft, sealed swap and restricted trade through HTTP (issue #4)."""
from __future__ import annotations

from collections import Counter

from chalicelib.data.sets import sample_sets

KIND = {c.id: c.kind for c in sample_sets()["sample-vtes"].cards}


def roster(api, players: int, fmt: str, **settings):
    ev = api.started("vtes", fmt, players=players, settings=settings) if settings else \
        api.started("vtes", fmt, players=players)
    tokens = {p["player_id"]: p["token"] for p in ev["players"]}
    return ev["tid"], ev["organizer"], [p["player_id"] for p in ev["players"]], tokens


def events_of(api, path, org):
    return api.get(path + "/log", token=org).body["events"]


# ---- table draft (7.7) ---------------------------------------------------------------
def test_the_five_player_example_of_7_7_3_through_the_api(api, clock):
    tid, org, ids, tokens = roster(api, 5, "table-draft", draft={"packs": 1})
    base = f"/v1/tournaments/{tid}/table-draft"
    assert api.post(base, {}, token=tokens[ids[0]]).status == 403
    started = api.post(base, {"pods": [ids], "first_seats": {"1": ids[0]},
                              "pick_seconds": 30, "review_seconds": 0}, token=org)
    assert started.status == 201, started.body
    assert started.body["pods"] == [{"pod": 1, "players": ids, "first_seat": ids[0]}]
    assert api.post(base, {}, token=org).status == 409
    pod = f"{base}/pods/1"
    table = api.get(pod).body
    assert "pools" not in table and "packs" not in table
    # 7.7: chronological numbering from the active player's cards; 7.7.1: crypt on top.
    assert [(c["order"], c["player"]) for c in table["table"]] == \
        [(k + 1, ids[k // 2]) for k in range(10)]
    packs = api.get(pod + "/log", token=org).body["state"]["packs"]
    for c in table["table"]:
        rest = packs[c["player"]][0]
        if any(KIND[x] == "crypt" for x in rest):
            assert KIND[c["card"]] == "crypt"
    assert table["pick_order"] == [ids[i] for i in (0, 1, 2, 3, 4, 4, 3, 2, 1, 0)]
    n_events = len(events_of(api, pod, org))
    pickers = []
    for k in range(10):
        view = api.get(pod).body
        picker = view["picker"]
        pickers.append(picker)
        other = next(p for p in ids if p != picker)
        card = view["table"][0]["card"]
        refused = api.post(pod + "/picks", {"card": card}, token=tokens[other])
        assert refused.status == 409 and refused.body["error"] == "not_your_turn"
        assert api.post(pod + "/picks", {"card": card}, token=org).status == 403
        assert len(events_of(api, pod, org)) == n_events
        clock.at(k + 1)
        key = {"Idempotency-Key": f"pick-{tid}-{k:04d}"}
        r = api.post(pod + "/picks", {"card": card, "pick": k + 1}, token=tokens[picker],
                     headers=key)
        assert r.status == 200, r.body
        if k == 0:      # a retried pick replays the reply and records nothing
            recorded = len(events_of(api, pod, org))
            again = api.post(pod + "/picks", {"card": card, "pick": k + 1},
                             token=tokens[picker], headers=key)
            assert again.status == 200 and again.body == r.body
            assert again.headers.get("idempotent-replayed") == "true" or \
                again.headers.get("Idempotent-Replayed") == "true"
            assert len(events_of(api, pod, org)) == recorded
        assert r.body["picked"]["player"] == picker and r.body["me"]["pools"][picker][-1] == card
        n_events = len(events_of(api, pod, org))
        if k < 9:
            assert api.get(pod).body["latest"][picker] == card
    assert pickers == [ids[i] for i in (0, 1, 2, 3, 4, 4, 3, 2, 1, 0)]
    nxt = api.get(pod).body
    assert nxt["active"] == ids[1] and nxt["set"] == 2
    assert nxt["pick_order"] == [ids[i] for i in (1, 2, 3, 4, 0, 0, 4, 3, 2, 1)]
    assert nxt["latest"] == {}
    me = api.get(pod + "/me", token=tokens[ids[0]]).body
    assert len(me["pools"][ids[0]]) == 2 and list(me["pools"]) == [ids[0]]
    # The rest of the pack: four more full sets and a last set of one card each.
    k = 10
    while api.get(pod).body["status"] == "drafting":
        view = api.get(pod).body
        k += 1
        clock.at(k)
        r = api.post(pod + "/picks", {"card": view["table"][-1]["card"]},
                     token=tokens[view["picker"]])
        assert r.status == 200, r.body
    assert k == 55
    log = api.get(pod + "/log", token=org).body
    assert {p: len(c) for p, c in log["state"]["pools"].items()} == {p: 11 for p in ids}
    assert log["events"][-1]["type"] == "TableDraftCompleted"
    summary = api.get(base).body
    assert summary["pods"][0]["status"] == "completed"
    assert len(summary["sealed_starters"][ids[0]]) == 1
    public = api.get(pod + "/events").body["events"]
    assert public[0]["type"] == "TableDraftStarted" and "packs" not in public[0]["data"]
    assert public[-1]["data"]["pools"] == {}
    mine = api.get(pod + "/events", token=tokens[ids[1]]).body["events"]
    assert list(mine[-1]["data"]["pools"]) == [ids[1]]
    assert "packs" in api.get(pod + "/events", token=org).body["events"][0]["data"]


def test_table_draft_timer_gives_the_oldest_card(api, clock):
    tid, org, ids, tokens = roster(api, 4, "table-draft", draft={"packs": 1})
    base = f"/v1/tournaments/{tid}/table-draft"
    api.post(base, {"pick_seconds": 30, "review_seconds": 20}, token=org)
    pod = f"{base}/pods/1"
    view = api.get(pod).body
    assert view["deadline"] == "2026-11-22T18:00:50Z"
    picker = view["picker"]
    clock.at(10)
    early = api.post(pod + "/picks", {"card": view["table"][0]["card"]}, token=tokens[picker])
    assert early.status == 409 and early.body["error"] == "review_period"
    clock.at(49)
    assert api.post(pod + "/expire", token=tokens[picker]).status == 409
    assert api.post(pod + "/expire").status == 401
    clock.at(50)
    r = api.post(pod + "/expire", token=tokens[view["players"][3]])
    assert r.status == 200, r.body
    assert r.body["picked"]["auto"] and r.body["picked"]["order"] == 1
    assert r.body["picked"]["player"] == picker and r.body["picked"]["card"] == \
        view["table"][0]["card"]
    r = api.post(pod + "/picks", {"card": view["table"][1]["card"]},
                 token=tokens[r.body["table"]["picker"]])
    clock.at(90)
    r = api.post(pod + "/expire", token=org)
    assert r.status == 200 and r.body["picked"]["order"] == 3
    assert r.body["picked"]["at"] == "2026-11-22T18:01:20Z"     # its deadline, not 90 s
    # Reading the pod after several deadlines applies every one of them, each at its own
    # deadline (110, 140, 170, 200 s: the oldest cards, orders 4-7), not one per read.
    clock.at(200)
    view = api.get(pod).body
    picks = [e["data"] for e in api.get(pod + "/log", token=org).body["events"]
             if e["type"] == "TableCardPicked"]
    assert [(p["order"], p["at"], p["auto"]) for p in picks[3:]] == [
        (4, "2026-11-22T18:01:50Z", True), (5, "2026-11-22T18:02:20Z", True),
        (6, "2026-11-22T18:02:50Z", True), (7, "2026-11-22T18:03:20Z", True)]
    assert view["deadline"] == "2026-11-22T18:03:50Z" and view["pick"] == 8
    # And so does the scheduled sweep: the last card of the set at 230 s, then the next
    # set laid out at 230 s (review to 250 s, first deadline 280 s).
    from chalicelib.entrypoints.schedules import sweep_limited_drafts
    clock.at(231)
    sweep_limited_drafts(None)
    log = api.get(pod + "/log", token=org).body["events"]
    assert log[-2]["data"]["auto"] and log[-2]["data"]["order"] == 8
    assert log[-1]["type"] == "TableSetRevealed"
    assert log[-1]["data"]["deadline"] == "2026-11-22T18:04:40Z"


def test_late_arrival_in_a_table_draft_gets_sealed_product(api, clock):
    tid, org, ids, tokens = roster(api, 4, "table-draft", draft={"packs": 1})
    base = f"/v1/tournaments/{tid}/table-draft"
    api.post(base, {"review_seconds": 0}, token=org)
    # The V:EKN draft profile's pick_seconds is 0: picks are untimed unless the body says.
    untimed = api.get(base + "/pods/1").body
    assert untimed["deadline"] is None and untimed["pick_seconds"] is None
    assert api.post(base + "/pods/1/expire", token=org).body["error"] == "no_timer"
    late = api.post(f"/v1/tournaments/{tid}/players", {"name": "Late"}, token=org).body
    r = api.post(base + "/late-arrivals", {"player_id": late["player"]["player_id"]}, token=org)
    assert r.status == 201, r.body
    assert len(r.body["pool"]) == 52 + 33
    assert api.post(base + "/late-arrivals", {"player_id": late["player"]["player_id"]},
                    token=org).status == 409


# ---- mixed draft (7.8) ---------------------------------------------------------------
def test_a_full_mixed_draft_through_the_api(api, clock):
    tid, org, ids, tokens = roster(
        api, 4, "mixed-draft",
        product={"boosters": [{"set": "sample-vtes", "count": 2}], "starters": []})
    base = f"/v1/tournaments/{tid}/mixed-draft"
    assert api.post(base, {}, token=org).status == 422           # pile_size is required
    r = api.post(base, {"pile_size": 6, "review_seconds": 0, "pods": [ids]}, token=org)
    assert r.status == 201, r.body
    pod = f"{base}/pods/1"
    staff = api.get(pod + "/log", token=org).body
    crypt_total = sum(len(c) for c in
                      staff["events"][0]["data"]["crypt"])
    everything = Counter(c for e in staff["events"][:1] for seat in e["data"]["crypt"]
                         for c in seat)
    everything += Counter(c for seat in staff["events"][0]["data"]["piles"] for pile in seat
                          for c in pile)
    assert sum(everything.values()) == 4 * 22
    assert all(KIND[c] == "crypt" for seat in staff["events"][0]["data"]["crypt"] for c in seat)
    t = 0
    lib = api.post(pod + "/library-picks", {"card": "x-y"}, token=tokens[ids[0]])
    assert lib.status == 409 and lib.body["error"] == "library_phase_not_started"
    while (view := api.get(pod).body)["status"] == "crypt":
        t += 1
        clock.at(t)
        crypt = view["crypt_draft"]
        r = api.post(pod + "/crypt-picks", {"card": crypt["table"][0]["card"]},
                     token=tokens[crypt["picker"]])
        assert r.status == 200, r.body
    assert t == crypt_total
    assert view["status"] == "library" and view["direction"] == "left"
    assert "pack" not in view
    rounds, seen = set(), set()
    while (view := api.get(pod).body)["status"] == "library":
        rounds.add((view["round"], view["direction"]))
        waiting = [p for p in ids if view["library_draft"][p]["waiting"]]
        idle = [p for p in ids if not view["library_draft"][p]["waiting"]]
        if idle:
            recorded = events_of(api, pod, org)
            r = api.post(pod + "/library-picks", {"card": "vt-none"}, token=tokens[idle[0]])
            assert r.status == 409 and r.body["error"] == "not_your_turn"
            assert events_of(api, pod, org) == recorded      # a refusal records nothing
        me = api.get(pod + "/me", token=tokens[waiting[0]]).body
        t += 1
        clock.at(t)
        r = api.post(pod + "/library-picks", {"card": me["pack"]["cards"][0],
                                              "pack": me["pack"]["id"]},
                     token=tokens[waiting[0]])
        assert r.status == 200, r.body
        me = r.body["me"]
        if me["round"] == 1:  # V:EKN profile: picks reviewed between piles only (7.5.1)
            assert me["own_picks"] == "between-packs"
            library = me["pools"][waiting[0]]["library"]
            # hidden while more of round 1's piles will reach the player, all shown once
            # they have made their last pick of the round
            picked = me["library_draft"][waiting[0]]["picked"]
            assert len(library) == (picked if me["library_picks_visible"] else 0)
            seen.add(me["library_picks_visible"])
    assert rounds == {(1, "left"), (2, "right"), (3, "left")}
    assert seen == {False, True}
    log = api.get(pod + "/log", token=org).body
    pools = log["state"]["pools"]
    drafted = Counter(c for p in pools.values() for c in p["crypt"] + p["library"])
    assert drafted == everything
    assert all(KIND[c] == "crypt" for p in pools.values() for c in p["crypt"])
    assert log["events"][-1]["type"] == "MixedDraftCompleted"
    feed = api.get(pod + "/events", token=tokens[ids[0]]).body["events"]
    library = [e["data"] for e in feed if e["type"] == "MixedLibraryCardPicked"]
    assert all(("card" in d) == (d["player"] == ids[0]) for d in library)
    # 7.8: the split piles stay face down: a player reads counts, not their crypt's order.
    mine = feed[0]["data"]
    assert {"piles", "crypt", "my_crypt"}.isdisjoint(mine)
    assert mine["crypt_counts"] == [len(c) for c in staff["events"][0]["data"]["crypt"]]
    assert not set(staff["events"][0]["data"]["crypt"][0]) & set(str(mine).split("'"))
    assert "crypt" in api.get(pod + "/events", token=org).body["events"][0]["data"]
    assert api.get(base).body["pods"][0]["status"] == "completed"


# ---- sealed swap (7.3.2) -------------------------------------------------------------
def test_sealed_swap_honours_the_hand_back_percentage(api, clock):
    tid, org, ids, tokens = roster(api, 10, "sealed-swap")
    base = f"/v1/tournaments/{tid}/sealed"
    assert api.post(base, {"hand_back_percent": 25}, token=org).status == 422
    r = api.post(base, {"hand_back_percent": 20}, token=org)
    assert r.status == 201, r.body
    public = api.get(base).body
    assert public["status"] == "allocated" and public["hand_back_percent"] == 20
    assert api.post(base + "/registrations", {}, token=tokens[ids[0]]).status == 409
    assert api.post(base + "/open", token=tokens[ids[0]]).status == 403
    assert api.post(base + "/open", token=org).status == 200
    mine = api.get(base, token=tokens[ids[0]]).body
    opened = mine["opened"][ids[0]]
    assert list(mine["opened"]) == [ids[0]] and len(opened) == 52 + 33
    bad = api.post(base + "/registrations", {"cards": opened[1:]}, token=tokens[ids[0]])
    assert bad.status == 422 and bad.body["details"]["missing"] == [opened[0]]
    assert api.post(base + "/swap", token=org).status == 409     # not all registered
    for p in ids:
        r = api.post(base + "/registrations", {"cards": None} if p != ids[0] else
                     {"cards": opened}, token=tokens[p])
        assert r.status == 201, r.body
    assert api.post(base + "/registrations", {}, token=tokens[ids[0]]).status == 409
    dealt = api.post(base + "/swap", token=org)
    assert dealt.status == 200, dealt.body
    staff = dealt.body
    assert len(staff["handed_back"]) == 2                       # 20 % of 10 decks
    for p in staff["handed_back"]:
        assert staff["received_from"][p] == p and staff["pools"][p] == staff["opened"][p]
    assert sorted(staff["received_from"].values()) == sorted(ids)
    assert Counter(map(tuple, staff["pools"].values())) == \
        Counter(map(tuple, staff["opened"].values()))
    public = api.get(base).body
    assert public["status"] == "final" and public["handed_back_count"] == 2
    assert "received_from" not in public
    mine = api.get(base, token=tokens[ids[3]]).body
    giver = mine["received_from"][ids[3]]
    assert mine["pools"][ids[3]] == staff["opened"][giver] and "handed_back" not in mine
    assert api.post(base + "/swap", token=org).status == 409
    feed = {e["type"]: e["data"] for e in api.get(base + "/events").body["events"]}
    assert "packs" not in feed["SealedStarted"] and feed["SealedProductOpened"]["opened"] == {}
    assert feed["SealedSwapDealt"]["received_from"] == {}
    mine = {e["type"]: e["data"] for e in
            api.get(base + "/events", token=tokens[ids[3]]).body["events"]}
    assert list(mine["SealedSwapDealt"]["pools"]) == [ids[3]]


def test_starter_trading_before_opening(api, clock):
    tid, org, ids, tokens = roster(api, 4, "sealed")
    base = f"/v1/tournaments/{tid}/sealed"
    api.post(base, {"starter_trading": True}, token=org)
    starters = api.get(base, token=org).body["starters"]
    a, b = ids[0], ids[1]
    give, take = starters[a][0]["id"], starters[b][0]["id"]
    offer = api.post(base + "/starter-trades", {"give": give, "take": take}, token=tokens[a])
    assert offer.status == 201, offer.body
    oid = offer.body["event"]["offer"]
    assert api.post(f"{base}/starter-trades/{oid}", {"accept": True},
                    token=tokens[ids[2]]).status == 403
    r = api.post(f"{base}/starter-trades/{oid}", {"accept": True}, token=tokens[b])
    assert r.status == 200, r.body
    after = api.get(base, token=org).body["starters"]
    assert after[a][0]["id"] == take and after[b][0]["id"] == give
    api.post(base + "/open", token=org)
    assert api.get(base).body["starter_trades"] == 1
    late = api.post(base + "/starter-trades", {"give": take, "take": give}, token=tokens[a])
    assert late.status == 409 and late.body["error"] == "product_opened"


# ---- restricted trade (7.4) ----------------------------------------------------------
def split_pool(pool: list[str]) -> dict[str, list[str]]:
    lib = [c for c in pool if KIND[c] != "crypt"]
    cry = [c for c in pool if KIND[c] == "crypt"]
    return {"library": lib[:50], "stock": lib[50:65], "crypt": cry[:10], "sideboard": cry[10:]}


def test_a_full_restricted_trade_pod_through_the_api(api, clock, rt):
    tid, org, ids, tokens = roster(
        api, 4, "restricted-trade",
        product={"boosters": [{"set": "sample-vtes", "count": 1}],
                 "starters": [{"set": "sample-vtes", "count": 2}]})
    sealed = f"/v1/tournaments/{tid}/sealed"
    base = f"/v1/tournaments/{tid}/trade"
    empty = {"library": [], "stock": [], "crypt": [], "sideboard": []}
    before = [api.post(base + "/setup", empty, token=tokens[ids[0]]),
              api.post(base + "/pods", {}, token=org), api.post(sealed + "/open", token=org)]
    assert [(r.status, r.body["error"]) for r in before] == [
        (409, "no_pool"), (409, "not_started"), (409, "not_started")]
    assert api.post(sealed, {}, token=org).status == 201
    early = api.post(base + "/setup", {"library": [], "stock": [], "crypt": [],
                                       "sideboard": []}, token=tokens[ids[0]])
    assert early.status == 409 and early.body["error"] == "no_pool"
    api.post(sealed + "/open", token=org)
    setups = {}
    for p in ids:
        pool = api.get(sealed, token=tokens[p]).body["pools"][p]
        setups[p] = split_pool(pool)
    bad = dict(setups[ids[0]], library=setups[ids[0]]["library"][:49],
               crypt=setups[ids[0]]["crypt"] + [setups[ids[0]]["library"][0]])
    r = api.post(base + "/setup", bad, token=tokens[ids[0]])
    assert r.status == 422 and r.body["error"] == "invalid_trade_deck"
    assert {d["field"] for d in r.body["details"]} >= {"library", "crypt"}
    for p in ids[:3]:
        assert api.post(base + "/setup", setups[p], token=tokens[p]).status == 200
    missing = api.post(base + "/pods", {"first_seats": {"1": ids[2]}}, token=org)
    assert missing.status == 409 and missing.body["details"] == {"missing": [ids[3]]}
    api.post(base + "/setup", setups[ids[3]], token=tokens[ids[3]])
    formed = api.post(base + "/pods", {"first_seats": {"1": ids[2]}}, token=org)
    assert formed.status == 201, formed.body
    seats = formed.body["pods"][0]["players"]
    assert sorted(seats) == sorted(ids) and formed.body["pods"][0]["first_seat"] == ids[2]
    pod = f"{base}/pods/1"
    outsider = api.get(pod).body
    assert "stock" not in outsider and outsider["active"] == ids[2]
    view = api.get(pod, token=tokens[ids[0]]).body
    assert all(s["face_up"] and s["card"] for s in view["stock"][ids[1]])
    assert list(view["decks"]) == [ids[0]]
    offers = declines = accepts = 0
    passed = []
    while (view := api.get(pod, token=org).body)["status"] == "trading":
        me = view["active"]
        left = seats[(seats.index(me) + 1) % 4]
        # Out-of-turn offers are refused and record nothing.
        n_events = len(events_of(api, pod, org))
        wrong = api.post(pod + "/offers", {"target": me, "slot": 0}, token=tokens[left])
        assert wrong.status == 409 and wrong.body["error"] == "not_your_turn", wrong.body
        assert len(events_of(api, pod, org)) == n_events
        target = next(p for p in seats[seats.index(me) + 1:] + seats[:seats.index(me)]
                      if p not in view["declined"] and view["face_up_counts"][p])
        slot = next(s["slot"] for s in view["stock"][target] if s["face_up"])
        r = api.post(pod + "/offers", {"target": target, "slot": slot}, token=tokens[me])
        assert r.status == 200, r.body
        offers += 1
        bystander = next(p for p in seats if p not in (me, target))
        recorded = events_of(api, pod, org)
        wrong = api.post(pod + "/accept", {"slot": 0}, token=tokens[bystander])
        assert wrong.status == 409 and wrong.body["error"] == "not_your_offer"
        assert events_of(api, pod, org) == recorded          # a refusal records nothing
        if view["turn"] % 3 == 0 or offers % 4 == 0:
            r = api.post(pod + "/decline", token=tokens[target])
            declines += 1
        else:
            mine = next(s["slot"] for s in r.body["pod"]["stock"][me] if s["face_up"])
            r = api.post(pod + "/accept", {"slot": mine}, token=tokens[target])
            accepts += 1
        assert r.status == 200, r.body
        passed += [e for e in r.body["events"] if e["type"] == "TradeTurnEnded"]
    assert declines and accepts
    assert {e["reason"] for e in passed} >= {"traded", "all_declined"}
    starts = [e["data"]["player"] for e in events_of(api, pod, org)
              if e["type"] == "TradeTurnStarted"]
    assert starts[:2] == [ids[2], seats[(seats.index(ids[2]) + 1) % 4]]
    assert view["status"] == "crypt"
    early = api.post(pod + "/offers", {"target": ids[0], "slot": 0}, token=tokens[ids[1]])
    assert early.status == 409
    wrong = api.post(pod + "/crypt", {"cards": setups[ids[0]]["sideboard"][:1]},
                     token=tokens[ids[0]])
    assert wrong.status == 422
    for p in ids:
        r = api.post(pod + "/crypt", {"cards": setups[p]["sideboard"][:2]}, token=tokens[p])
        assert r.status == 200, r.body
        deck = r.body["pod"]["decks"][p]
        assert (deck["crypt_size"], deck["library_size"]) == (12, 65)
    done = api.get(pod, token=org).body
    assert done["status"] == "completed"
    final = events_of(api, pod, org)[-1]
    assert final["type"] == "TradePodCompleted"
    assert {p: (len(d["crypt"]), len(d["library"])) for p, d in final["data"]["decks"].items()} \
        == {p: (12, 65) for p in ids}
    summary = api.get(base).body
    assert summary["pods"][0]["status"] == "completed" and summary["set_up"] == sorted(ids)
    assert api.get(pod + "/events").status == 403
    feed = api.get(pod + "/events", token=tokens[ids[1]]).body["events"]
    assert feed[0]["data"]["my_deck"]["crypt"] == setups[ids[1]]["crypt"]
    assert set(feed[0]["data"]["stock"]) == set(ids) and "decks" not in feed[0]["data"]
    assert any(e["type"] == "TradeDeclined" for e in feed)
    # The limited views are a pure function of the events: a rebuild gives the same.
    before = rt.views.dump()
    assert api.rebuild_views()["state"] == "succeeded"
    assert rt.views.dump() == before
