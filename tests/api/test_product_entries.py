"""Physical product entered one player at a time, handed out to the draft and sealed
starts, and player-brought product within the advertised limits (V:EKN 7.2.4, 7.2.5)."""
from __future__ import annotations

import threading
import time
from collections import Counter

from chalicelib.data.sets import sample_sets
from chalicelib.domain.product.collation import collate
from chalicelib.domain.rng import derive

MTG = sample_sets()["sample-mtg"]
VTES = sample_sets()["sample-vtes"]


def pack(card_set, *labels) -> list[str]:
    """A valid physical booster (collated from a test seed)."""
    return collate(card_set, "booster", derive("physical", card_set.id, *labels))


def entry_path(tid: str, pid: str) -> str:
    return f"/v1/tournaments/{tid}/product/players/{pid}"


def mtg_entry(pid: str, rounds: int = 3) -> dict:
    return {"packs": [{"cards": pack(MTG, pid, r)} for r in range(rounds)]}


def entered_draft(api, players: int) -> dict:
    org = api.organizer()
    t = api.tournament(org, "mtg", "booster-draft", settings={"product": {"source": "entered"}})
    tid = t["tournament_id"]
    roster = [api.register(tid, f"P{i}", token=org) for i in range(players)]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    return {"tid": tid, "org": org, "players": roster}


def progress(api, s) -> dict:
    r = api.get(f"/v1/tournaments/{s['tid']}/product/entries", token=s["org"])
    assert r.status == 200, r.body
    return r.body


def test_several_hundred_players_entered_concurrently_lose_nothing(api):
    """One request per player from eight clients at once; every entry reaches the draft."""
    s = entered_draft(api, 320)
    tid, org = s["tid"], s["org"]
    ids = [p["player_id"] for p in s["players"]]
    assert progress(api, s)["missing"] == sorted(ids)
    failures: list = []

    def enter(chunk):
        for pid in chunk:
            r = api.post(entry_path(tid, pid), mtg_entry(pid), token=org)
            if r.status != 201:
                failures.append((pid, r.status, r.body))
    started = time.monotonic()
    threads = [threading.Thread(target=enter, args=(ids[k::8],)) for k in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert failures == []
    assert time.monotonic() - started < 20
    # one stream per player: nothing contended, each entry is its stream's first event
    assert all(len(api_rt_events(api, f"product-{tid}-{pid}")) == 1 for pid in ids)
    done = progress(api, s)
    assert done["missing"] == [] and done["entered"] == done["active"] == 320
    assert done["status"] == "open" and all(p["packs"] == 3 for p in done["players"])

    r = api.post(f"/v1/tournaments/{tid}/draft", token=org)
    assert r.status == 201, r.body
    log = api.get(f"/v1/tournaments/{tid}/draft/pods/1/log", token=org).body
    assert log["packs"]
    seen = 0
    for pod in r.body["pods"]:
        log = api.get(f"/v1/tournaments/{tid}/draft/pods/{pod['pod']}/log", token=org).body
        for seat in pod["seats"]:
            for rnd in range(3):
                assert log["packs"][rnd][seat["seat"] - 1]["cards"] == \
                    pack(MTG, seat["player_id"], rnd)
            seen += 1
    assert seen == 320
    after = progress(api, s)
    assert after["status"] == "handed_out" and after["handed_out_to"] == "draft"
    late = api.post(entry_path(tid, ids[0]), mtg_entry(ids[0]), token=org)
    assert late.status == 409 and late.body["error"] == "product_handed_out"


def api_rt_events(api, stream):
    from chalicelib.runtime import runtime
    return runtime().events.read(stream)


def test_every_problem_is_listed_and_nothing_changes(api):
    s = entered_draft(api, 2)
    tid, org = s["tid"], s["org"]
    pid = s["players"][0]["player_id"]
    short = pack(MTG, "x", 0)[:14]
    body = {"packs": [{"cards": short},
                      {"cards": pack(MTG, "x", 1)[:-1] + ["not-a-card"]},
                      {"set": "sample-vtes", "cards": pack(VTES, "x", 2)},
                      {"cards": pack(MTG, "x", 3)}]}
    r = api.post(entry_path(tid, pid), body, token=org)
    assert r.status == 422 and r.body["error"] == "invalid_product_entry"
    codes = sorted(p["code"] for p in r.body["details"])
    assert codes == ["abnormal_pack", "unknown_cards", "wrong_booster", "wrong_pack_count"]
    abnormal = next(p for p in r.body["details"] if p["code"] == "abnormal_pack")
    assert (abnormal["pack"], abnormal["count"], abnormal["expected"]) == (1, 14, 15)
    assert api.get(entry_path(tid, pid), token=org).status == 404
    assert progress(api, s)["entered"] == 0
    assert api_rt_events(api, f"product-{tid}-{pid}") == []
    # starters are not part of this configuration
    extra = {**mtg_entry(pid), "starters": [{"set": "sample-vtes", "starter": "starter-lumen"}]}
    r = api.post(entry_path(tid, pid), extra, token=org)
    assert r.status == 422 and [p["code"] for p in r.body["details"]] == ["wrong_starter_count"]
    # malformed bodies are 4xx too
    assert api.post(entry_path(tid, pid), {"packs": [{"cards": []}]}, token=org).status == 422
    assert api.post(entry_path(tid, pid), {"packs": "x"}, token=org).status in (400, 422)


def test_access_and_the_collated_source(api):
    s = entered_draft(api, 2)
    tid, org = s["tid"], s["org"]
    p1 = s["players"][0]
    assert api.post(entry_path(tid, p1["player_id"]), mtg_entry("a")).status == 401
    assert api.post(entry_path(tid, p1["player_id"]), mtg_entry("a"),
                    token=p1["token"]).status == 403
    assert api.get(f"/v1/tournaments/{tid}/product/entries", token=p1["token"]).status == 403
    assert api.post(entry_path(tid, "p0123456789"), mtg_entry("a"), token=org).status == 404
    collated = api.started("mtg", "booster-draft", players=2)
    r = api.post(entry_path(collated["tid"], collated["players"][0]["player_id"]),
                 mtg_entry("a"), token=collated["organizer"])
    assert r.status == 409 and r.body["error"] == "product_collated"


def test_corrections_retries_and_idempotency(api):
    s = entered_draft(api, 2)
    tid, org = s["tid"], s["org"]
    a, b = (p["player_id"] for p in s["players"])
    first = api.post(entry_path(tid, a), mtg_entry(a), token=org)
    assert first.status == 201 and first.body["revision"] == 1 and first.body["cards"] == 45
    again = api.post(entry_path(tid, a), mtg_entry(a), token=org)      # a plain retry
    assert again.status == 200 and again.body["revision"] == 1
    key = {"Idempotency-Key": "entry-b-0000000001"}
    made = api.post(entry_path(tid, b), mtg_entry(b), token=org, headers=key)
    replay = api.post(entry_path(tid, b), mtg_entry(b), token=org, headers=key)
    assert made.status == replay.status == 201 and replay.body == made.body
    assert replay.headers.get("Idempotent-Replayed") == "true"
    assert len(api_rt_events(api, f"product-{tid}-{a}")) == 1
    assert len(api_rt_events(api, f"product-{tid}-{b}")) == 1
    # 7.2.5: the judge replaced pack 2; the replacement is entered as a correction
    fixed = mtg_entry(a)
    fixed["packs"][1] = {"cards": pack(MTG, "replacement", a)}
    fixed["reason"] = "7.2.5: pack 2 had 14 cards, replaced"
    r = api.post(entry_path(tid, a), fixed, token=org)
    assert r.status == 200 and r.body["revision"] == 2
    assert api.get(entry_path(tid, a), token=org).body["packs"][1]["cards"] == \
        pack(MTG, "replacement", a)
    events = api_rt_events(api, f"product-{tid}-{a}")
    assert events[-1].data["reason"].startswith("7.2.5")
    started = api.post(f"/v1/tournaments/{tid}/draft", token=org)
    assert started.status == 201
    seat = next(x["seat"] for x in started.body["pods"][0]["seats"] if x["player_id"] == a)
    log = api.get(f"/v1/tournaments/{tid}/draft/pods/1/log", token=org).body
    assert log["packs"][1][seat - 1]["cards"] == pack(MTG, "replacement", a)


def test_a_start_refused_for_missing_entries_leaves_entry_open(api):
    s = entered_draft(api, 3)
    tid, org = s["tid"], s["org"]
    ids = [p["player_id"] for p in s["players"]]
    api.post(entry_path(tid, ids[0]), mtg_entry(ids[0]), token=org)
    r = api.post(f"/v1/tournaments/{tid}/draft", token=org)
    assert r.status == 422 and r.body["error"] == "invalid_entered_product"
    assert r.body["details"][0]["players"] == sorted(ids[1:])
    assert api.post(f"/v1/tournaments/{tid}/draft", token=s["players"][0]["token"]).status == 403
    assert progress(api, s)["status"] == "open"
    # A refused start records nothing: no lock and unlock on the product gate either.
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 422
    assert api_rt_events(api, f"product-{tid}") == []
    for pid in ids[1:]:
        assert api.post(entry_path(tid, pid), mtg_entry(pid), token=org).status == 201
    key = {"Idempotency-Key": "draft-start-00000001"}
    first = api.post(f"/v1/tournaments/{tid}/draft", token=org, headers=key)
    assert first.status == 201
    replay = api.post(f"/v1/tournaments/{tid}/draft", token=org, headers=key)
    assert replay.status == 201 and replay.body == first.body
    assert progress(api, s)["status"] == "handed_out"
    again = api.post(f"/v1/tournaments/{tid}/draft", token=org)
    assert again.status == 409 and progress(api, s)["status"] == "handed_out"


def vtes_entry(pid: str, starter: str = "starter-lumen") -> dict:
    return {"packs": [{"cards": pack(VTES, pid, r)} for r in range(3)],
            "starters": [{"starter": starter}]}


def test_sealed_hands_out_entered_boosters_and_starters_and_late_arrivals(api):
    org = api.organizer()
    t = api.tournament(org, "vtes", "sealed", settings={"product": {"source": "entered"}})
    tid = t["tournament_id"]
    roster = [api.register(tid, f"P{i}", token=org) for i in range(4)]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    starters = ["starter-sable", "starter-lumen", "starter-verdigris", "starter-hollowborn"]
    wrong = api.post(entry_path(tid, roster[0]["player_id"]),
                     vtes_entry("w", starter="starter-nope"), token=org)
    assert wrong.status == 422 and wrong.body["details"][0]["code"] == "unknown_starter"
    for p, st in zip(roster, starters, strict=True):
        r = api.post(entry_path(tid, p["player_id"]), vtes_entry(p["player_id"], st), token=org)
        assert r.status == 201, r.body
    started = api.post(f"/v1/tournaments/{tid}/sealed", token=org)
    assert started.status == 201, started.body
    assert api.post(f"/v1/tournaments/{tid}/sealed/open", token=org).status == 200
    opened = api.get(f"/v1/tournaments/{tid}/sealed/log", token=org).body["state"]
    first = roster[0]["player_id"]
    expected = list(VTES.starter("starter-sable").cards) + \
        [c for r in range(3) for c in pack(VTES, first, r)]
    assert Counter(opened["pools"][first]) == Counter(expected)

    late = api.register(tid, "Late", token=org)["player_id"]
    body = {"player_id": late}
    missing = api.post(f"/v1/tournaments/{tid}/sealed/late-arrivals", body, token=org)
    assert missing.status == 422 and missing.body["error"] == "product_not_entered"
    assert api.post(entry_path(tid, late), vtes_entry(late), token=org).status == 201
    assert api.post(f"/v1/tournaments/{tid}/sealed/late-arrivals", body,
                    token=org).status == 201
    pool = api.get(f"/v1/tournaments/{tid}/sealed/log", token=org).body["state"]["pools"][late]
    assert Counter(pool) == Counter(list(VTES.starter("starter-lumen").cards)
                                    + [c for r in range(3) for c in pack(VTES, late, r)])
    again = api.post(entry_path(tid, late), vtes_entry(late), token=org)
    assert again.status == 409 and again.body["error"] == "product_handed_out"


def test_table_draft_hands_out_entered_packs(api):
    org = api.organizer()
    t = api.tournament(org, "vtes", "table-draft", settings={
        "product": {"source": "entered", "boosters": [{"set": "sample-vtes", "count": 1}],
                    "starters": []}, "draft": {"packs": 1}})
    tid = t["tournament_id"]
    ids = [api.register(tid, f"P{i}", token=org)["player_id"] for i in range(4)]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    for pid in ids:
        r = api.post(entry_path(tid, pid), {"packs": [{"cards": pack(VTES, pid)}]}, token=org)
        assert r.status == 201, r.body
    r = api.post(f"/v1/tournaments/{tid}/table-draft", {"pods": [ids]}, token=org)
    assert r.status == 201, r.body
    started = api_rt_events(api, f"tdraft-{tid}-1")[0]
    assert started.type == "TableDraftStarted"
    seats = started.data["players"]
    assert [sorted(p) for p in started.data["packs"][0]] == \
        [sorted(pack(VTES, pid)) for pid in seats]


# ---- players bring their own product (7.2.4) -------------------------------------------
OWN = {"source": "own", "boosters": [], "starters": [],
       "own": {"sets": ["sample-vtes"], "max_boosters": 2, "max_starters": 1,
               "per_set": {"sample-vtes": {"max_starters": 1}}}}


def test_own_product_limits_are_enforced_with_every_violation(api):
    org = api.organizer()
    t = api.tournament(org, "vtes", "sealed", settings={"product": OWN})
    tid = t["tournament_id"]
    a, b = (api.register(tid, n, token=org)["player_id"] for n in ("A", "B"))
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    too_much = {"packs": [{"set": "sample-vtes", "cards": pack(VTES, a, r)} for r in range(3)]
                + [{"set": "sample-mtg", "cards": pack(MTG, a)}, {"cards": pack(VTES, "n")}],
                "starters": [{"set": "sample-vtes", "starter": "starter-lumen"},
                             {"set": "sample-vtes", "starter": "starter-sable"}]}
    r = api.post(entry_path(tid, a), too_much, token=org)
    assert r.status == 422 and r.body["error"] == "invalid_product_entry"
    assert sorted(p["code"] for p in r.body["details"]) == [
        "set_not_allowed", "set_required", "too_many_boosters", "too_many_starters",
        "too_many_starters_of_set"]
    limit = next(p for p in r.body["details"] if p["code"] == "too_many_boosters")
    assert (limit["count"], limit["limit"]) == (5, 2)
    assert progress(api, {"tid": tid, "org": org})["entered"] == 0
    short = {"packs": [{"set": "sample-vtes", "cards": pack(VTES, a)[:10]}]}
    r = api.post(entry_path(tid, a), short, token=org)
    assert r.status == 422 and [p["code"] for p in r.body["details"]] == ["abnormal_pack"]

    fine_a = {"packs": [{"set": "sample-vtes", "cards": pack(VTES, a, r)} for r in range(2)],
              "starters": [{"set": "sample-vtes", "starter": "starter-lumen"}]}
    fine_b = {"packs": [{"set": "sample-vtes", "booster": "booster", "cards": pack(VTES, b)}]}
    assert api.post(entry_path(tid, a), fine_a, token=org).status == 201
    assert api.post(entry_path(tid, b), fine_b, token=org).status == 201
    assert api.post(f"/v1/tournaments/{tid}/sealed", token=org).status == 201
    assert api.post(f"/v1/tournaments/{tid}/sealed/open", token=org).status == 200
    pools = api.get(f"/v1/tournaments/{tid}/sealed/log", token=org).body["state"]["pools"]
    assert len(pools[a]) == len(VTES.starter("starter-lumen").cards) + 22
    assert Counter(pools[b]) == Counter(pack(VTES, b))
    # the deck rules use what each player brought (7.2.1): a starter, or one booster
    assert api.post(f"/v1/tournaments/{tid}/decks/open", {}, token=org).status == 201
    limits = {pid: api.post(f"/v1/tournaments/{tid}/decks/players/{pid}/validate",
                            {"crypt": [], "library": []}, token=org).body["limits"]
              for pid in (a, b)}
    assert (limits[a]["crypt_min"], limits[a]["deck_min"]) == (12, 40)
    assert (limits[b]["crypt_min"], limits[b]["deck_min"], limits[b]["recursions"]) == \
        (1, 5, 11)


def test_own_product_any_set_when_none_is_named(api):
    org = api.organizer()
    t = api.tournament(org, "vtes", "sealed", settings={"product": {
        "source": "own", "boosters": [], "starters": [], "own": {"max_boosters": 1}}})
    tid = t["tournament_id"]
    a = api.register(tid, "A", token=org)["player_id"]
    r = api.post(entry_path(tid, a), {"packs": [{"set": "sample-mtg", "cards": pack(MTG, a)}]},
                 token=org)
    assert r.status == 201, r.body          # entered before the tournament starts
    r = api.post(entry_path(tid, a), {"packs": [{"set": "sample-mtg", "cards": pack(MTG, a)},
                                                {"set": "nope", "cards": ["x"]}]}, token=org)
    assert r.status == 422
    assert sorted(p["code"] for p in r.body["details"]) == ["too_many_boosters", "unknown_set"]


def test_recorded_pools_respect_own_product_limits(api):
    org = api.organizer()
    t = api.tournament(org, "vtes", "sealed", settings={"product": OWN})
    tid = t["tournament_id"]
    a = api.register(tid, "A", token=org)["player_id"]
    api.register(tid, "B", token=org)
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/decks/open", {"at_the_table": True},
                    token=org).status == 201
    path = f"/v1/tournaments/{tid}/decks/pools/{a}"
    cards = pack(VTES, a, 0) + pack(VTES, a, 1)
    bad = api.post(path, {"cards": cards + pack(MTG, a)[:2],
                          "product": {"boosters": [{"count": 3, "cards": 11}], "starters": 2}},
                   token=org)
    assert bad.status == 422 and bad.body["error"] == "invalid_pool"
    assert sorted(p["code"] for p in bad.body["details"]) == [
        "card_not_in_allowed_sets", "too_many_boosters", "too_many_starters"]
    ok = api.post(path, {"cards": cards, "product": {"boosters": [{"count": 2, "cards": 11}]}},
                  token=org)
    assert ok.status == 201, ok.body


def test_an_entry_in_flight_when_the_hand_out_locks_is_refused(api, rt, monkeypatch):
    """The hand-out's lock commits between an entry's reads and its commit: the entry's
    check of the gate fails, it is re-run and refused, so the start never misses it."""
    import chalicelib.application.product as product_api
    from chalicelib.domain.product.aggregate import PRODUCT_GATE
    from chalicelib.domain.product.commands import LockEntries
    from chalicelib.service import Reply

    s = entered_draft(api, 2)
    tid, org = s["tid"], s["org"]
    pid = s["players"][0]["player_id"]
    real, calls = product_api.entry_sets, []

    def lock_meanwhile(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            def lock(uow):
                uow.decide(PRODUCT_GATE, tid, LockEntries("draft", "now", "o"))
                return Reply(200, None)
            rt.service.run(lock)
        return real(*args, **kwargs)
    monkeypatch.setattr(product_api, "entry_sets", lock_meanwhile)
    r = api.post(entry_path(tid, pid), mtg_entry(pid), token=org)
    assert len(calls) == 2          # re-run after the conflict
    assert r.status == 409 and r.body["error"] == "product_locked"
    assert api_rt_events(api, f"product-{tid}-{pid}") == []
    assert progress(api, s)["status"] == "locked"
