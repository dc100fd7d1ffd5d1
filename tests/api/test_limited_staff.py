"""Table and mixed drafts through HTTP: staff take an absent player's turn (7.7, 7.5.3)
and replace abnormal packs (7.2.5)."""
from __future__ import annotations

from collections import Counter

from tests.api.test_limited import KIND, roster

LIBRARY = sorted(c for c, k in KIND.items() if k == "library")


def logged(api, pod, org):
    return api.get(pod + "/log", token=org).body["events"]


# ---- table draft -----------------------------------------------------------------------
def test_staff_take_an_absent_players_pick_so_an_untimed_table_draft_finishes(api, clock):
    tid, org, ids, tokens = roster(api, 3, "table-draft", draft={"packs": 1})
    base = f"/v1/tournaments/{tid}/table-draft"
    assert api.post(base, {"pods": [ids], "review_seconds": 0}, token=org).status == 201
    pod = f"{base}/pods/1"
    view = api.get(pod).body
    assert view["deadline"] is None                  # untimed: no timer will ever fire
    picker = view["picker"]
    other = next(p for p in ids if p != picker)

    def url(pid):
        return f"{pod}/players/{pid}/pick-for"
    recorded = len(logged(api, pod, org))
    assert api.post(url(picker), {}).status == 401
    assert api.post(url(picker), {}, token=tokens[picker]).status == 403
    refused = api.post(url(other), {}, token=org)
    assert refused.status == 409 and refused.body["error"] == "not_their_turn"
    assert refused.body["details"]["picker"] == picker
    assert api.post(url("p0000000000"), {}, token=org).body["error"] == "not_in_pod"
    assert api.post(url(picker), {"pick": 5}, token=org).body["error"] == "stale_pick"
    assert api.post(url(picker), {"card": "x"}, token=org).status == 422
    assert api.post(f"{base}/pods/7/players/{picker}/pick-for", {}, token=org).status == 404
    assert len(logged(api, pod, org)) == recorded
    key = {"Idempotency-Key": f"pick-for-{tid}-0001"}
    r = api.post(url(picker), {"pick": 1}, token=org, headers=key)
    assert r.status == 201, r.body
    got = r.body["picked"]
    assert (got["player"], got["order"], got["card"], got["auto"]) == \
        (picker, 1, view["table"][0]["card"], True)
    assert r.body["by"] == got["by"] and r.body["table"]["picked"][picker] == 1
    again = api.post(url(picker), {"pick": 1}, token=org, headers=key)
    assert again.status == 201 and again.body == r.body
    assert len(logged(api, pod, org)) == recorded + 1
    feed = api.get(pod + "/events").body["events"]
    assert feed[-1]["type"] == "TableCardPicked" and feed[-1]["data"]["by"] == got["by"]
    picks = 1
    while (view := api.get(pod).body)["status"] == "drafting":
        picks += 1
        r = api.post(url(view["picker"]), {}, token=org)
        assert r.status == 201, r.body
    assert picks == 33
    pools = logged(api, pod, org)[-1]["data"]["pools"]
    assert {p: len(c) for p, c in pools.items()} == {p: 11 for p in ids}


def test_a_table_draft_pack_is_replaced_until_a_card_of_it_is_drafted(api, clock):
    tid, org, ids, tokens = roster(api, 3, "table-draft", draft={"packs": 2})
    base = f"/v1/tournaments/{tid}/table-draft"
    api.post(base, {"pods": [ids], "pick_seconds": 30, "review_seconds": 20}, token=org)
    pod = f"{base}/pods/1"
    url = pod + "/replacements"
    before = api.get(pod).body
    assert before["replacements"] == [] and before["abnormal_packs"] == []
    recorded = len(logged(api, pod, org))
    assert api.post(url, {"seat": 2, "pack": 1, "reason": "r"},
                    token=tokens[ids[0]]).status == 403
    assert api.post(url, {"seat": 2, "pack": 1}, token=org).status == 422
    bad = api.post(url, {"seat": 9, "pack": 5, "reason": "r"}, token=org)
    assert bad.status == 422 and bad.body["error"] == "no_such_pack"
    assert len(bad.body["details"]) == 2
    short = api.post(url, {"seat": 2, "pack": 1, "reason": "r", "cards": LIBRARY[:10]},
                     token=org)
    assert short.status == 422 and short.body["error"] == "invalid_replacement"
    assert short.body["details"][0]["expected"] == 11
    unknown = api.post(url, {"seat": 2, "pack": 1, "reason": "r",
                             "cards": LIBRARY[:10] + ["zz-unknown"]}, token=org)
    assert unknown.status == 422 and unknown.body["error"] == "invalid_replacement"
    assert len(logged(api, pod, org)) == recorded
    # The first set is on the table but nothing is drafted yet: collated afresh, laid again.
    clock.at(5)
    r = api.post(url, {"seat": 2, "pack": 1, "reason": "the pack had 10 cards"}, token=org)
    assert r.status == 201, r.body
    assert r.body["relaid"] and r.body["player"] == ids[1] and r.body["cards"] == 11
    table = r.body["table"]
    assert table["review_until"] == "2026-11-22T18:00:25Z" and table["set"] == 1
    assert [c for c in table["table"] if c["player"] != ids[1]] == \
        [c for c in before["table"] if c["player"] != ids[1]]
    assert table["replacements"] == [{
        "pack": 1, "seat": 2, "player": ids[1], "count": 11,
        "reason": "the pack had 10 cards", "by": r.body["replacements"][0]["by"],
        "at": "2026-11-22T18:00:05Z"}]
    events = logged(api, pod, org)
    assert [e["type"] for e in events[-2:]] == ["TablePackReplaced", "TableSetRevealed"]
    new_pack = events[-2]["data"]["cards"]
    assert [c["card"] for c in table["table"] if c["player"] == ids[1]] == new_pack[:2]
    public = [e for e in api.get(pod + "/events").body["events"]
              if e["type"] == "TablePackReplaced"]
    assert len(public) == 1 and "cards" not in public[0]["data"]
    # A later pack is swapped face down, its crypt cards on top (7.7.1).
    crypt = sorted(c for c, k in KIND.items() if k == "crypt")[:2]
    cards = LIBRARY[:9] + crypt
    r = api.post(url, {"seat": 1, "pack": 2, "reason": "torn", "cards": cards}, token=org)
    assert r.status == 201 and not r.body["relaid"]
    packs = api.get(pod + "/log", token=org).body["state"]["packs"]
    assert packs[ids[0]][1] == crypt + LIBRARY[:9]
    # Once a card of pack 1 is drafted it can no longer be replaced.
    clock.at(30)
    view = api.get(pod).body
    assert api.post(pod + "/picks", {"card": view["table"][0]["card"]},
                    token=tokens[view["picker"]]).status == 200
    recorded = len(logged(api, pod, org))
    late = api.post(url, {"seat": 3, "pack": 1, "reason": "r"}, token=org)
    assert late.status == 409 and late.body["error"] == "pack_opened"
    assert len(logged(api, pod, org)) == recorded


# ---- mixed draft -----------------------------------------------------------------------
def test_mixed_draft_replacement_then_staff_turns_in_both_phases(api, clock):
    tid, org, ids, tokens = roster(
        api, 4, "mixed-draft",
        product={"boosters": [{"set": "sample-vtes", "count": 2}], "starters": []})
    base = f"/v1/tournaments/{tid}/mixed-draft"
    assert api.post(base, {"pile_size": 6, "review_seconds": 0, "pods": [ids]},
                    token=org).status == 201
    pod = f"{base}/pods/1"
    url = pod + "/replacements"
    recorded = len(logged(api, pod, org))
    bad = api.post(url, {"seat": 1, "item": 3, "reason": "r"}, token=org)
    assert bad.status == 422 and bad.body["error"] == "no_such_pack"
    short = api.post(url, {"seat": 1, "item": 1, "reason": "r", "cards": LIBRARY[:5]},
                     token=org)
    assert short.status == 422 and short.body["error"] == "invalid_replacement"
    assert api.post(url, {"seat": 1, "item": 1, "reason": "r"},
                    token=tokens[ids[0]]).status == 403
    assert len(logged(api, pod, org)) == recorded
    r = api.post(url, {"seat": 1, "item": 2, "reason": "12 cards"}, token=org)
    assert r.status == 201, r.body
    assert r.body["player"] == ids[0] and r.body["cards"] == 11
    assert r.body["pod_view"]["replacements"][0]["item"] == 2
    events = logged(api, pod, org)
    assert [e["type"] for e in events[recorded:]] == [
        "MixedProductReplaced", "TablePackReplaced", "TableSetRevealed"]
    replaced = events[recorded]["data"]
    theirs = [e for e in api.get(pod + "/events", token=tokens[ids[1]]).body["events"]
              if e["type"] == "MixedProductReplaced"][0]["data"]
    mine = [e for e in api.get(pod + "/events", token=tokens[ids[0]]).body["events"]
            if e["type"] == "MixedProductReplaced"][0]["data"]
    assert "cards" not in theirs and "piles" not in theirs and "crypt" not in theirs
    # 7.8: the replacement is split face down: its owner too reads counts only.
    assert {"cards", "piles", "crypt", "my_crypt"}.isdisjoint(mine)
    assert mine["count"] == len(replaced["cards"]) and mine["crypt_count"] >= 0

    def take(pid, body=None):
        return api.post(f"{pod}/players/{pid}/pick-for", body or {}, token=org)
    # The crypt phase: staff take every pick (nobody is at the table).
    crypt_picks = 0
    while (view := api.get(pod).body)["status"] == "crypt":
        picker = view["crypt_draft"]["picker"]
        oldest = view["crypt_draft"]["table"][0]["card"]
        r = take(picker)
        assert r.status == 201, r.body
        assert r.body["phase"] == "crypt" and r.body["picked"]["card"] == oldest
        crypt_picks += 1
        if crypt_picks == 1:
            late = api.post(url, {"seat": 2, "item": 1, "reason": "r"}, token=org)
            assert late.status == 409 and late.body["error"] == "pack_opened"
    # The library phase: a card of the pile in front of the player, from the seed.
    idle_checked = False
    while (view := api.get(pod).body)["status"] == "library":
        lib = view["library_draft"]
        player = next(p for p in ids if lib[p]["waiting"])
        idle = [p for p in ids if not lib[p]["waiting"]]
        if idle and not idle_checked:
            refused = take(idle[0])
            assert refused.status == 409 and refused.body["error"] == "not_their_turn"
            idle_checked = True
        front = api.get(pod + "/me", token=tokens[player]).body["pack"]
        assert take(player, {"pack": "R99S1"}).body["error"] == "stale_pick"
        r = take(player, {"pack": front["id"]})
        assert r.status == 201, r.body
        assert r.body["phase"] == "library" and r.body["picked"]["card"] in front["cards"]
        assert r.body["picked"]["by"] == r.body["by"]
    assert idle_checked and view["status"] == "completed"
    assert take(ids[0]).body["error"] == "draft_over"
    pools = api.get(pod + "/log", token=org).body["state"]["pools"]
    drafted = Counter(c for p in pools.values() for c in p["crypt"] + p["library"])
    assert sum(drafted.values()) == 4 * 22
    assert all(drafted[c] >= n for c, n in Counter(replaced["cards"]).items())
    # Another player's library picks stay hidden in the public feed.
    feed = api.get(pod + "/events").body["events"]
    assert all("card" not in e["data"] for e in feed if e["type"] == "MixedLibraryCardPicked")
