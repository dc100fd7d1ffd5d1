"""A whole 8-player, 3-pack booster draft through HTTP: timers, pre-selected auto-picks,
a queued pack, a restart mid-draft, hidden information and refused out-of-turn actions."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from chalicelib.data.sets import sample_sets
from chalicelib.domain.decider import fold
from chalicelib.domain.draft.aggregate import POD
from chalicelib.domain.draft.decide import auto_pick
from chalicelib.domain.product.allocation import collate_packs
from chalicelib.domain.profiles import resolve_settings

TINY = {"id": "tiny-demo", "name": "Tiny", "game": "hack", "cards": [
    {"id": f"td-{i}", "name": f"Card {i}", "rarity": "rare" if i < 3 else "common"}
    for i in range(12)], "boosters": [{"id": "booster", "layouts": [{"slots": [
        {"count": 1, "filter": {"rarity": ["rare"]}},
        {"count": 4, "filter": {"rarity": ["common"]}}]}]}]}
T0 = datetime(2026, 12, 4, 18, 0, tzinfo=UTC)


class Clock:
    def __init__(self):
        self.now = T0

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def events_of(rt, stream):
    return rt.events.read(stream)


def pick_body(view, card=None):
    card = card or next((c for c in view["pack"] if c not in view.get("reveal", {})),
                        view["pack"][0])
    body = {"card": card, "round": view["round"], "pick": view["pick"]}
    special = view.get("reveal", {}).get(card)
    if special and special["action"] == "reveal":
        body["note"] = (special.get("choices") or ["noted"])[0]
    return body


def test_full_booster_draft_through_http(api, rt, restart):
    clock = Clock()
    rt.service.clock = clock
    setup = api.started("mtg", "booster-draft", players=8,
                        settings={"draft": {"pick_seconds": 60}})
    tid, org = setup["tid"], setup["organizer"]
    token = {p["player_id"]: p["token"] for p in setup["players"]}
    base = f"/v1/tournaments/{tid}/draft"
    pod_stream = f"pod-{tid}-1"

    product = api.get(f"/v1/tournaments/{tid}/product").body
    assert product["ready"] and [b["size"] for b in product["boosters"]] == [15, 15, 15]
    assert api.post(base, token=setup["players"][0]["token"]).status == 403
    started = api.post(base, token=org)
    assert started.status == 201 and started.body["rounds"] == 3
    assert api.post(base, token=org).status == 409
    seats = [s["player_id"] for s in started.body["pods"][0]["seats"]]
    assert len(seats) == 8 and sorted(seats) == sorted(token)
    assert api.get(base).body["status"] == "drafting"

    def me(player):
        r = api.get(f"{base}/pods/1/me", token=token[player])
        assert r.status == 200, r.body
        return r.body

    def pick(player, card=None):
        view = me(player)
        r = api.post(f"{base}/pods/1/picks", pick_body(view, card), token=token[player])
        assert r.status == 200, r.body
        return r.body

    a, b, c = seats[0], seats[1], seats[2]
    # the packs are collated from the seed: a replay of the collation gives the same packs
    opened = events_of(rt, pod_stream)[0].data
    settings = resolve_settings("mtg")["product"]
    seed = rt.service.read(__import__("chalicelib.domain.tournament", fromlist=["TOURNAMENT"])
                           .TOURNAMENT, tid)[0].seed
    for seat, player in enumerate(opened["seats"]):
        packs = collate_packs(settings, sample_sets(), seed, player, 0, 3)
        assert [opened["packs"][r][seat] for r in range(3)] == [p["cards"] for p in packs]

    # hidden information: a player sees only their own pack; nobody else's picks
    view_a = me(a)
    assert len(view_a["pack"]) == 15 and view_a["deadline"] is not None
    public = api.get(f"{base}/pods/1", token=token[b]).body
    assert "pack" not in public and all("cards" not in s for s in public["seats"])
    assert api.get(f"{base}/pods/1/log", token=token[a]).status == 403
    assert api.get(f"{base}/pods/1/me", token=org).status == 403
    assert api.get(f"/v1/tournaments/{tid}/players/{b}/pool", token=token[a]).status == 403
    assert api.get(f"{base}/pods/1").status == 401

    # a picks; the pack queues behind b's own pack; a has nothing until h passes
    first = pick(a)
    assert first["picked"]["pick"] == 1 and first["me"]["pack"] is None
    assert me(b)["waiting_packs"] == 1
    before = len(events_of(rt, pod_stream))
    out_of_turn = api.post(f"{base}/pods/1/picks", {"card": view_a["pack"][1]}, token=token[a])
    assert out_of_turn.status == 409 and out_of_turn.body["error"] == "not_your_turn"
    stale = api.post(f"{base}/pods/1/picks", {"card": me(b)["pack"][0], "pick": 2},
                     token=token[b])
    assert stale.status == 409 and stale.body["error"] == "stale_pick"
    assert api.post(f"{base}/pods/1/picks", {"card": view_a["pack"][1]},
                    token=org).status == 403
    assert len(events_of(rt, pod_stream)) == before

    # c pre-selects, b picks twice (its own pack then a's), then the clock runs out
    target = me(c)["pack"][3]
    assert api.post(f"{base}/pods/1/preselect", {"card": target},
                    token=token[c]).body["preselected"] == target
    pick(b)
    assert me(b)["pick"] == 2 and me(b)["waiting_packs"] == 0
    pick(b)
    clock.advance(61)
    touched = api.get(f"{base}/pods/1", token=token[a]).body
    assert touched["picks_made"] > 3
    log = api.get(f"{base}/pods/1/log", token=org).body
    auto_c = [p for p in log["picks"] if p["player"] == c]
    assert auto_c[0]["card"] == target and auto_c[0]["auto"] and auto_c[0]["preselected"]
    assert sum(p["auto"] and not p["preselected"] for p in log["picks"]) >= 5

    # restart the service mid-draft: nothing is lost
    state_before = rt.service.read(POD, (tid, 1))[0]
    rt = restart()
    rt.service.clock = clock
    assert rt.service.read(POD, (tid, 1))[0] == state_before
    assert api.get(f"{base}/pods/1/me", token=token[a]).body["pick_count"] == \
        len(state_before.picks[0])

    # draft rounds 1 and 2 by hand, quickly
    while True:
        pod = api.get(f"{base}/pods/1", token=org).body
        if pod["round"] == 3:
            break
        for player in seats:
            view = me(player)
            if view["pack"]:
                r = api.post(f"{base}/pods/1/picks", pick_body(view), token=token[player])
                assert r.status == 200, r.body
        clock.advance(1)
    # round 3 passes left again; nobody picks: the sweep makes every pick at its deadline
    assert pod["direction"] == "left"
    clock.advance(24 * 3600)
    swept = api.post(f"{base}/sweep", token=org)
    assert swept.status == 200 and swept.body["pods"][0]["status"] == "finished"
    assert api.get(base).body["status"] == "finished"
    assert api.post(f"{base}/pods/1/picks", {"card": "x"}, token=token[a]).status == 409

    # pools: 45 cards each, the player (and staff) can read them
    total = []
    for player in seats:
        pool = api.get(f"/v1/tournaments/{tid}/players/{player}/pool", token=token[player])
        assert pool.status == 200 and pool.body["complete"] and len(pool.body["pool"]) == 45
        total += pool.body["pool"]
    assert sorted(total) == sorted(c for rnd in opened["packs"] for p in rnd for c in p)

    # replaying the stream reproduces the state and every auto-pick exactly
    stored = events_of(rt, pod_stream)
    state = POD.initial()
    autos = 0
    for e in stored:
        event = e.event
        if e.type == "CardPicked" and e.data["auto"]:
            assert auto_pick(state, e.data["seat"], e.data["at"]) == event
            autos += 1
        state = POD.evolve(state, event)
    assert autos >= 8 * 15 and state == rt.service.read(POD, (tid, 1))[0]
    assert fold(POD, POD.initial(), [e.event for e in stored]).finished


def test_hack_draft_on_uploaded_set_and_late_arrival(api, rt):
    org = api.organizer()
    assert api.post("/v1/sets", TINY, token=org).status == 201
    # a .hack draft on the uploaded set: 4 packs, pods of six where possible
    setup = api.started("hack", "booster-draft", players=6, settings={
        "product": {"boosters": [{"set": "tiny-demo", "count": 4}]}})
    tid, org2 = setup["tid"], setup["organizer"]
    r = api.post(f"/v1/tournaments/{tid}/draft", token=org2)
    assert r.status == 201 and r.body["rounds"] == 4 and len(r.body["pods"][0]["seats"]) == 6
    p = setup["players"][0]
    me = api.get(f"/v1/tournaments/{tid}/draft/pods/1/me", token=p["token"]).body
    api.post(f"/v1/tournaments/{tid}/draft/pods/1/picks", {"card": me["pack"][0]},
             token=p["token"])
    # .hack: your own picks stay hidden until the draft ends
    me = api.get(f"/v1/tournaments/{tid}/draft/pods/1/me", token=p["token"]).body
    assert me["picks"] is None and me["pick_count"] == 1
    pool = api.get(f"/v1/tournaments/{tid}/players/{p['player_id']}/pool", token=p["token"])
    assert pool.body["pool"] is None
    staff_pool = api.get(f"/v1/tournaments/{tid}/players/{p['player_id']}/pool", token=org2)
    assert staff_pool.body["picks"] and len(staff_pool.body["picks"]) == 1

    # V:EKN 7.2.6: a late arrival receives sealed product instead
    late = api.register(tid, "Late Lou", token=org2)
    r = api.post(f"/v1/tournaments/{tid}/draft/late-arrivals",
                 {"player_id": late["player_id"]}, token=org2)
    assert r.status == 201 and len(r.body["pool"]) == 4 * 5
    assert api.post(f"/v1/tournaments/{tid}/draft/late-arrivals",
                    {"player_id": late["player_id"]}, token=org2).status == 409
    assert api.get(f"/v1/tournaments/{tid}/draft").body["late_arrivals"][0]["player_id"] == \
        late["player_id"]
    own = api.get(f"/v1/tournaments/{tid}/players/{late['player_id']}/pool",
                  token=late["token"]).body
    assert own["source"] == "late-sealed" and own["pool"] == r.body["pool"]


def test_pack_replacement_and_conspiracy_views(api, rt):
    setup = api.started("mtg", "booster-draft", players=4)
    tid, org = setup["tid"], setup["organizer"]
    base = f"/v1/tournaments/{tid}/draft"
    api.post(base, token=org)
    stream = f"pod-{tid}-1"
    r = api.post(f"{base}/pods/1/replacements", {"seat": 2, "round": 1, "reason": "14 cards"},
                 token=org)
    assert r.status == 201 and r.body["cards"] == 15
    player = setup["players"][0]
    assert api.post(f"{base}/pods/1/replacements", {"seat": 2, "round": 2, "reason": "x"},
                    token=player["token"]).status == 403
    bad = api.post(f"{base}/pods/1/replacements",
                   {"seat": 2, "round": 2, "reason": "x", "cards": ["cp-meadow"]}, token=org)
    assert bad.status == 422
    replaced = [e for e in rt.events.read(stream) if e.type == "PackReplaced"]
    assert len(replaced) == 1 and len(replaced[0].data["cards"]) == 15
    assert api.get(f"{base}/pods/1", token=org).body["replacements"][0]["seat"] == 2
    # a judge-entered replacement with conspiracy cards for seat 1: face up and reveal
    seats = [s["player_id"] for s in api.get(base).body["pods"][0]["seats"]]
    token = {p["player_id"]: p["token"] for p in setup["players"]}
    cards = api.get("/v1/sets/sample-mtg").body["definition"]["cards"]
    face_up = next(c["id"] for c in cards if c.get("draft_action") == "face-up")
    reveal = next(c for c in cards if c.get("draft_action") == "reveal" and c.get("reveal_choices"))
    commons = [c["id"] for c in cards if c["kind"] == "other"][:13]
    r = api.post(f"{base}/pods/1/replacements", {"seat": 1, "round": 1, "reason": "torn",
                                                 "cards": [face_up, reveal["id"], *commons]},
                 token=org)
    assert r.status == 201
    first, second = seats[0], seats[1]
    assert api.post(f"{base}/pods/1/picks", {"card": face_up}, token=token[first]).status == 200
    own = api.get(f"{base}/pods/1/me", token=token[second]).body
    api.post(f"{base}/pods/1/picks", pick_body(own), token=token[second])
    view = api.get(f"{base}/pods/1/me", token=token[second]).body
    assert view["reveal"][reveal["id"]]["action"] == "reveal"
    no_note = api.post(f"{base}/pods/1/picks", {"card": reveal["id"]}, token=token[second])
    assert no_note.status == 422 and no_note.body["error"] == "note_required"
    note = reveal["reveal_choices"][1]
    # the player pre-selected it and stepped away: a judge picks for them with the
    # information they chose (905.2b), not one drawn at random
    assert api.post(f"{base}/pods/1/preselect", {"card": reveal["id"]},
                    token=token[second]).status == 200
    pick_for = f"{base}/pods/1/players/{second}/pick-for"
    missing = api.post(pick_for, {}, token=org)
    assert missing.status == 422 and missing.body["error"] == "note_required"
    assert missing.body["details"]["card"] == reveal["id"]
    assert missing.body["details"]["choices"] == reveal["reveal_choices"]
    taken = api.post(pick_for, {"note": note}, token=org)
    assert taken.status == 201 and taken.body["note"] == note and taken.body["preselected"]
    public = api.get(f"{base}/pods/1", token=token[seats[3]]).body
    assert public["face_up"][0]["card"] == face_up and public["face_up"][0]["seat"] == 1
    assert public["revealed"][0]["note"] == note and public["revealed"][0]["seat"] == 2
    assert api.post(f"{base}/pods/1/face-down", {"card": face_up},
                    token=token[second]).status == 409
    assert api.post(f"{base}/pods/1/face-down", {"card": face_up},
                    token=token[first]).status == 200
    assert api.get(f"{base}/pods/1", token=org).body["face_up"] == []


def test_entered_packs_abnormal_count_and_scheduled_sweep(api, rt):
    from chalicelib.entrypoints.schedules import sweep_drafts

    clock = Clock()
    rt.service.clock = clock
    setup = api.started("mtg", "booster-draft", players=4, settings={
        "product": {"source": "entered"}, "draft": {"pick_seconds": 30}})
    tid, org = setup["tid"], setup["organizer"]
    base = f"/v1/tournaments/{tid}/draft"
    missing = api.post(base, token=org)
    assert missing.status == 422
    cards = [c["id"] for c in api.get("/v1/sets/sample-mtg").body["definition"]["cards"]
             if c["kind"] == "other"]
    packs = {p["player_id"]: [[cards[(i * 15 + j) % len(cards)] for j in range(15)]
                              for i in range(k * 3, k * 3 + 3)]
             for k, p in enumerate(setup["players"])}
    short = setup["players"][2]["player_id"]
    packs[short][1] = packs[short][1][:14]   # a physical pack one card short
    unknown = {**packs, short: [["not-a-card"] * 15] * 3}
    assert api.post(base, {"packs": unknown}, token=org).status == 422
    started = api.post(base, {"packs": packs}, token=org)
    assert started.status == 201
    seat = next(s["seat"] for s in started.body["pods"][0]["seats"] if s["player_id"] == short)
    pod = api.get(f"{base}/pods/1", token=org).body
    assert pod["abnormal_packs"] == [{"round": 2, "seat": seat, "count": 14, "expected": 15}]
    log = api.get(f"{base}/pods/1/log", token=org).body
    assert [p["cards"] for p in log["packs"][0]][seat - 1] == packs[short][0]
    fixed = api.post(f"{base}/pods/1/replacements", {"seat": seat, "round": 2,
                                                     "reason": "14 cards"}, token=org)
    assert fixed.status == 201
    assert api.get(f"{base}/pods/1", token=org).body["abnormal_packs"] == []

    # nobody touches the pod; the scheduled sweep applies expired timers
    clock.advance(31)
    before = len(rt.events.read(f"pod-{tid}-1"))
    sweep_drafts(None)
    picked = rt.events.read(f"pod-{tid}-1")[before:]
    assert [e.type for e in picked] == ["CardPicked"] * 4
    assert all(e.data["auto"] for e in picked)


def test_hack_draft_runs_on_the_shipped_sample_set_by_default(api):
    """.hack//ENEMY defaults: four 11-card boosters of sample-hack, pods of six, passing
    left, right, left, right."""
    setup = api.started("hack", "booster-draft", players=12)
    tid, org = setup["tid"], setup["organizer"]
    product = api.get(f"/v1/tournaments/{tid}/product").body
    assert product["ready"] and product["settings"]["boosters"] == [
        {"set": "sample-hack", "booster": "booster", "count": 4}]
    r = api.post(f"/v1/tournaments/{tid}/draft", token=org)
    assert r.status == 201 and r.body["rounds"] == 4
    assert [len(pod["seats"]) for pod in r.body["pods"]] == [6, 6]
    player = setup["players"][0]
    pod = next(pod["pod"] for pod in r.body["pods"]
               if any(s["player_id"] == player["player_id"] for s in pod["seats"]))
    me = api.get(f"/v1/tournaments/{tid}/draft/pods/{pod}/me", token=player["token"]).body
    assert len(me["pack"]) == 11


def test_staff_pick_for_an_absent_player_in_an_untimed_draft(api, rt):
    setup = api.started("mtg", "booster-draft", players=4)
    tid, org = setup["tid"], setup["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 201
    absent, present = setup["players"][0], setup["players"][1]
    url = f"/v1/tournaments/{tid}/draft/pods/1/players/{absent['player_id']}/pick-for"
    before = len(events_of(rt, f"pod-{tid}-1"))
    assert api.post(url, token=present["token"]).status == 403      # players may not
    assert len(events_of(rt, f"pod-{tid}-1")) == before
    pack = api.get(f"/v1/tournaments/{tid}/draft/pods/1/me", token=absent["token"]).body["pack"]
    taken = api.post(url, token=org)
    assert taken.status == 201 and taken.body["round"] == 1 and taken.body["pick"] == 1
    picked = [e for e in events_of(rt, f"pod-{tid}-1") if e.type == "CardPicked"][-1]
    assert picked.data["by"] and picked.data["auto"] and picked.data["card"] in pack
    # nothing is waiting for the absent player until the neighbour passes: 409, nothing recorded
    again = api.post(url, token=org)
    assert again.status == 409 and len(events_of(rt, f"pod-{tid}-1")) == before + 1
