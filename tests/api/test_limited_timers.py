"""Table (7.7) and mixed (7.8) draft timers through HTTP: a late command lands after every
expiry due (each at its own deadline) and a refused one records nothing; an unattended
pod catches up in one read or sweep; who reads which pick; pods are private to their
players."""
from __future__ import annotations

from chalicelib.entrypoints.schedules import sweep_limited_drafts

from .test_limited import events_of, roster


def iso(seconds: int) -> str:
    m, s = divmod(seconds, 60)
    return f"2026-11-22T18:{m:02d}:{s:02d}Z"


def table_pod(api, players=4, **body):
    tid, org, ids, tokens = roster(api, players, "table-draft", draft={"packs": 1})
    base = f"/v1/tournaments/{tid}/table-draft"
    r = api.post(base, {"pick_seconds": 30, "review_seconds": 0, **body}, token=org)
    assert r.status == 201, r.body
    return tid, org, ids, tokens, f"{base}/pods/1"


def picks_of(api, pod, org):
    return [e["data"] for e in events_of(api, pod, org) if e["type"] == "TableCardPicked"]


def test_a_table_pick_570_seconds_late_is_refused_and_records_nothing(api, clock):
    tid, org, ids, tokens, pod = table_pod(api)
    view = api.get(pod).body
    first, card = view["picker"], view["table"][1]["card"]
    assert view["deadline"] == iso(30)
    recorded = events_of(api, pod, org)
    clock.at(600)
    late = api.post(pod + "/picks", {"card": card}, token=tokens[first])
    assert late.status == 409 and late.body["error"] == "pick_expired", late.body
    assert late.body["details"]["issued"][0] == view["table"][0]["card"]   # the oldest
    assert events_of(api, pod, org) == recorded
    # The next read records the catch-up: every pick at its own deadline, oldest first.
    after = api.get(pod).body
    picks = picks_of(api, pod, org)
    # (review 0: each new set is laid out at the last pick of the one before)
    assert [p["at"] for p in picks] == [iso(30 * k) for k in range(1, 21)]
    assert all(p["auto"] for p in picks) and [p["order"] for p in picks[:3]] == [1, 2, 3]
    assert after["pick"] == 21 and after["deadline"] == iso(630)


def test_a_late_pick_by_the_next_player_lands_after_the_expiry(api, clock):
    tid, org, ids, tokens, pod = table_pod(api)
    view = api.get(pod).body
    second = view["pick_order"][1]
    clock.at(45)                      # the first picker's timer ran out at 30 s
    r = api.post(pod + "/picks", {"card": view["table"][4]["card"], "pick": 2},
                 token=tokens[second])
    assert r.status == 200, r.body
    assert [(p["player"], p["at"]) for p in r.body["auto_picks"]] == [
        (view["pick_order"][0], iso(30))]
    assert r.body["picked"]["player"] == second and not r.body["picked"]["auto"]
    assert r.body["me"]["deadline"] == iso(75)


def test_an_unattended_table_pod_catches_up_in_one_sweep(api, clock):
    tid, org, ids, tokens, pod = table_pod(api, review_seconds=20)
    clock.at(200)                     # deadlines at 50, 80, 110, 140, 170, 200 s
    sweep_limited_drafts(None)
    picks = picks_of(api, pod, org)
    assert [p["at"] for p in picks] == [iso(t) for t in (50, 80, 110, 140, 170, 200)]
    assert [p["order"] for p in picks] == [1, 2, 3, 4, 5, 6]
    assert api.get(pod).body["deadline"] == iso(230)
    sweep_limited_drafts(None)   # nothing more is due: nothing recorded
    assert len(picks_of(api, pod, org)) == 6


def test_an_unattended_mixed_pod_then_a_late_library_pick(api, clock):
    tid, org, ids, tokens = roster(
        api, 4, "mixed-draft",
        product={"boosters": [{"set": "sample-vtes", "count": 2}], "starters": []})
    base = f"/v1/tournaments/{tid}/mixed-draft"
    r = api.post(base, {"pile_size": 6, "review_seconds": 0, "pods": [ids],
                        "pick_seconds": 5, "library_pick_seconds": 900}, token=org)
    assert r.status == 201, r.body
    pod = f"{base}/pods/1"
    crypt_total = sum(len(c) for c in events_of(api, pod, org)[0]["data"]["crypt"])
    end = 5 * crypt_total
    clock.at(end + 1)                 # every crypt pick expired, one after the other
    sweep_limited_drafts(None)
    log = events_of(api, pod, org)
    crypt = [e["data"] for e in log if e["type"] == "TableCardPicked"]
    assert [p["at"] for p in crypt] == [iso(5 * k) for k in range(1, crypt_total + 1)]
    opened = next(e["data"] for e in log if e["type"] == "MixedLibraryRoundStarted")
    assert opened["at"] == iso(end) and opened["deadline"] == iso(end + 900)
    view = api.get(pod).body
    assert view["status"] == "library"
    me = api.get(pod + "/me", token=tokens[ids[0]]).body
    recorded = events_of(api, pod, org)
    clock.at(end + 1000)              # everyone's library timer ran out at end + 900
    late = api.post(pod + "/library-picks", {"card": me["pack"]["cards"][0],
                                             "pack": me["pack"]["id"]}, token=tokens[ids[0]])
    assert late.status == 409 and late.body["error"] == "pick_expired", late.body
    # the judge's card came from the pile the player was looking at; another pile is now
    # in front of them
    (issued,) = late.body["details"]["issued"]
    assert issued["issued_from"] == me["pack"]["id"] and issued["at"] == iso(end + 900)
    assert issued["card"] in me["pack"]["cards"] and issued["round"] == 1
    assert late.body["details"]["now_in_front"] not in (None, me["pack"]["id"])
    assert "pack" not in late.body["details"]
    assert events_of(api, pod, org) == recorded
    api.get(pod)
    auto = [e["data"] for e in events_of(api, pod, org)[len(recorded):]
            if e["type"] == "MixedLibraryCardPicked"]
    assert len(auto) == 4 and {a["at"] for a in auto} == {iso(end + 900)}


def test_table_picks_are_read_by_the_pod_and_staff_only(api, clock):
    tid, org, ids, tokens = roster(api, 8, "table-draft", draft={"packs": 1})
    base = f"/v1/tournaments/{tid}/table-draft"
    pods = [ids[:4], ids[4:]]
    assert api.post(base, {"pods": pods, "review_seconds": 0}, token=org).status == 201
    pod = f"{base}/pods/1"
    view = api.get(pod).body
    chosen = view["table"][2]["card"]
    # A card id may lie on the table twice: a pick by id takes its oldest copy.
    order = next(c["order"] for c in view["table"] if c["card"] == chosen)
    r = api.post(pod + "/picks", {"card": chosen}, token=tokens[view["picker"]])
    assert r.status == 200, r.body

    def picked(token=None):
        feed = api.get(pod + "/events", token=token).body["events"]
        return next(e["data"] for e in feed if e["type"] == "TableCardPicked")
    witness = picked(tokens[pods[0][3]])
    assert witness["card"] == chosen and witness["order"] == order
    assert picked(org)["card"] == witness["card"]
    for outsider in (None, tokens[pods[1][0]]):     # the public, a player of another pod
        seen = picked(outsider)
        assert "card" not in seen and "order" not in seen and seen["player"] == view["picker"]
    # The public still sees the table and each player's latest pick of the set (7.7).
    public = api.get(pod).body
    assert public["latest"] == {view["picker"]: witness["card"]} and "pools" not in public
    # A player of pod 2 may not read pod 1's seat.
    other = api.get(pod + "/me", token=tokens[pods[1][0]])
    assert other.status == 403 and other.body["error"] == "not_in_pod"
    assert api.get(pod + "/me", token=tokens[pods[0][0]]).status == 200


def test_a_player_of_another_mixed_pod_gets_403_on_me(api, clock):
    tid, org, ids, tokens = roster(
        api, 8, "mixed-draft",
        product={"boosters": [{"set": "sample-vtes", "count": 1}], "starters": []})
    base = f"/v1/tournaments/{tid}/mixed-draft"
    r = api.post(base, {"pile_size": 6, "pods": [ids[:4], ids[4:]]}, token=org)
    assert r.status == 201, r.body
    other = api.get(f"{base}/pods/1/me", token=tokens[ids[5]])
    assert other.status == 403 and other.body["error"] == "not_in_pod"
    assert api.get(f"{base}/pods/2/me", token=tokens[ids[5]]).status == 200
