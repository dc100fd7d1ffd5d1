"""Deck building through HTTP for every game: phase and deadline, pools, registration
with every violation listed, reopen, multi-deck, deck checks and publication."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.data.sets import sample_sets

NOW = datetime(2026, 12, 4, 18, 0, tzinfo=UTC)


def cards(set_id, kind):
    return [c.id for c in sample_sets()[set_id].cards if c.kind == kind]


VT_CRYPT = cards("sample-vtes", "crypt")
VT_LIB = cards("sample-vtes", "library")
VT_POOL = VT_CRYPT + VT_LIB


def iso(moment):
    return moment.isoformat().replace("+00:00", "Z")


@pytest.fixture
def clock(rt):
    """The service's clock, settable: ``clock.at(minutes)`` moves to NOW + minutes."""
    class Clock:
        now = NOW

        def at(self, minutes):
            self.now = NOW + timedelta(minutes=minutes)
    c = Clock()
    rt.service.clock = lambda: c.now
    return c


def base(tid):
    return f"/v1/tournaments/{tid}/decks"


def setup(api, game, fmt="sealed", players=2, settings=None, deadline_minutes=60):
    """A started event whose product was handed out at the table: the staff record the
    pools (7.2.3) or players declare them with their decks."""
    s = api.started(game, fmt, players=players, **({"settings": settings} if settings else {}))
    deadline = iso(NOW + timedelta(minutes=deadline_minutes))
    r = api.post(f"{base(s['tid'])}/open", {"deadline": deadline, "at_the_table": True},
                 token=s["organizer"])
    assert r.status == 201, r.body
    assert r.body["open"] and r.body["deadline"] == iso(NOW + timedelta(minutes=deadline_minutes))
    return s


def record_pool(api, s, player, pool, product=None):
    body = {"cards": pool, **({"product": product} if product else {})}
    r = api.post(f"{base(s['tid'])}/pools/{player['player_id']}", body, token=s["organizer"])
    assert r.status == 201, r.body
    return r.body


def register(api, s, player, deck, token=None):
    return api.post(f"{base(s['tid'])}/players/{player['player_id']}", deck,
                    token=token or player["token"])


def violations(result):
    return sorted(v["code"] for v in result.body["details"])


def test_vtes_sealed_flow_privacy_and_publication(api, clock):
    s = setup(api, "vtes")   # default product: 3 boosters + a starter -> 40 / 12 (7.2.1)
    p1, p2 = s["players"]
    deck = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40]}
    r = register(api, s, p1, deck)
    assert r.status == 409 and r.body["error"] == "no_pool"
    pool = record_pool(api, s, p1, VT_POOL)
    assert pool["cards"] == VT_POOL
    r = register(api, s, p1, deck)
    assert r.status == 201, r.body
    registered = r.body["decks"][0]
    assert registered["recursions"] == 0
    assert (registered["limits"]["crypt_min"], registered["limits"]["deck_min"]) == (12, 40)
    assert registered["sizes"] == {"crypt": 12, "library": 40}
    assert r.body["active"] == "main" and r.body["pool"]["cards"] == VT_POOL
    again = register(api, s, p1, {"crypt": VT_CRYPT[:12], "library": VT_LIB[:41]})
    assert again.status == 409 and again.body["error"] == "deck_registered"

    path = f"{base(s['tid'])}/players/{p1['player_id']}"
    assert api.get(path, token=p1["token"]).status == 200
    assert api.get(path, token=p2["token"]).status == 403
    assert api.get(path).status == 401
    judge = api.post(f"/v1/tournaments/{s['tid']}/judges", {"name": "Jo"},
                     token=s["organizer"]).body["token"]
    assert api.get(path, token=judge).body["decks"][0]["deck"]["crypt"] == VT_CRYPT[:12]
    overview = api.get(base(s["tid"])).body
    assert overview["decklists"] is None and overview["unregistered"] == [p2["player_id"]]
    entry = {p["player_id"]: p for p in overview["players"]}[p1["player_id"]]
    assert entry["registered"] and entry["decks"][0]["recursions"] == 0

    assert api.post(f"{base(s['tid'])}/publish", token=judge).status == 403
    published = api.post(f"{base(s['tid'])}/publish", token=s["organizer"])
    assert published.status == 200 and published.body["registered"] == 1
    public = api.get(path)
    assert public.status == 200 and "pool" not in public.body
    assert "received" not in public.body["decks"][0]
    overview = api.get(base(s["tid"])).body
    assert overview["published"]
    assert overview["decklists"][0]["decks"][0]["deck"]["library"] == VT_LIB[:40]


@pytest.mark.parametrize("boosters,crypt,library,recursions", [
    (1, 1, 5, 11), (2, 2, 10, 5), (7, 7, 35, 1), (8, 8, 40, 0), (12, 12, 40, 0)])
def test_vtes_booster_table_through_the_api(api, clock, boosters, crypt, library, recursions):
    product = {"boosters": [{"set": "sample-vtes", "count": boosters}], "starters": []}
    s = setup(api, "vtes", "booster-draft", settings={"product": product})
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_POOL)
    check = f"{base(s['tid'])}/players/{p1['player_id']}/validate"
    short = api.post(check, {"crypt": VT_CRYPT[:crypt - 1], "library": VT_LIB[:library - 1]},
                     token=p1["token"]).body
    assert not short["legal"]
    assert [(v["zone"], v["count"], v["limit"]) for v in short["violations"]] == [
        ("library", library - 1, library), ("crypt", crypt - 1, crypt)]
    r = register(api, s, p1, {"crypt": VT_CRYPT[:crypt], "library": VT_LIB[:library]})
    assert r.status == 201, r.body
    assert r.body["decks"][0]["recursions"] == recursions
    assert r.body["decks"][0]["limits"]["effective_boosters"] == boosters


def test_vtes_own_product_with_ten_card_packs(api, clock):
    s = setup(api, "vtes", settings={"product": {"source": "own", "boosters": [],
                                                 "starters": []}})
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_POOL, product={"boosters": [{"count": 6, "cards": 10}]})
    # 60 cards = 5 effective boosters (7.2.1 note): 5 crypt / 25 library, 1 recursion
    r = register(api, s, p1, {"crypt": VT_CRYPT[:5], "library": VT_LIB[:24]})
    assert r.status == 422 and violations(r) == ["too_few"]
    r = register(api, s, p1, {"crypt": VT_CRYPT[:5], "library": VT_LIB[:25]})
    assert r.status == 201 and r.body["decks"][0]["recursions"] == 1


def test_vtes_restricted_trade_needs_65_and_12(api, clock):
    s = setup(api, "vtes", "restricted-trade")
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_POOL + VT_LIB[:10])
    r = register(api, s, p1, {"crypt": VT_CRYPT[:13], "library": VT_LIB + VT_LIB[:4]})
    assert r.status == 422
    assert sorted((v["code"], v["zone"], v["limit"]) for v in r.body["details"]) == [
        ("too_few", "library", 65), ("too_many", "crypt", 12)]
    r = register(api, s, p1, {"crypt": VT_CRYPT[:12], "library": VT_LIB + VT_LIB[:5]})
    assert r.status == 201, r.body


def test_every_violation_is_listed(api, clock):
    s = setup(api, "vtes")
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_CRYPT[:12] + VT_LIB[:40])
    deck = {"crypt": VT_CRYPT[:11] + [VT_LIB[0]], "library": VT_LIB[1:40] + [VT_LIB[1]]
            + [VT_CRYPT[20]] + ["nope"], "main": [VT_LIB[2]]}
    r = register(api, s, p1, deck)
    assert r.status == 422 and r.body["error"] == "invalid_deck"
    assert violations(r) == ["exceeds_pool", "exceeds_pool", "not_in_pool", "not_in_pool",
                             "too_few", "unknown_card", "wrong_zone", "wrong_zone",
                             "zone_not_used"]
    assert api.get(f"{base(s['tid'])}/players/{p1['player_id']}",
                   token=p1["token"]).status == 404


def test_deadline_extension_and_reopen(api, clock):
    s = setup(api, "vtes", deadline_minutes=30)
    p1, p2 = s["players"]
    for p in (p1, p2):
        record_pool(api, s, p, VT_POOL)
    deck = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40]}
    clock.at(30)
    assert register(api, s, p1, deck).status == 201          # at the deadline
    clock.at(31)
    late = register(api, s, p2, deck)
    assert late.status == 409 and late.body["error"] == "deadline_passed"
    deadline = f"{base(s['tid'])}/deadline"
    assert api.post(deadline, {"deadline": iso(NOW + timedelta(minutes=45))},
                    token=p1["token"]).status == 403
    r = api.post(deadline, {"deadline": iso(NOW + timedelta(minutes=45))}, token=s["organizer"])
    assert r.status == 200 and r.body["deadline"] == iso(NOW + timedelta(minutes=45))
    assert register(api, s, p2, deck).status == 201
    changed = {"crypt": VT_CRYPT[:13], "library": VT_LIB[:40]}
    assert register(api, s, p1, changed).status == 409
    reopen = api.post(f"{base(s['tid'])}/players/{p1['player_id']}/reopen", token=s["organizer"])
    assert reopen.status == 200 and reopen.body["reopened"]
    clock.at(90)
    r = register(api, s, p1, changed)
    assert r.status == 201 and r.body["decks"][0]["version"] == 2
    assert register(api, s, p1, deck).status == 409


def test_staff_register_for_a_player_and_received_list(api, clock):
    s = setup(api, "vtes", settings={"deck": {"require_received_list": True}})
    p1, p2 = s["players"]
    deck = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40]}
    r = register(api, s, p1, deck)
    assert r.status == 422 and violations(r) == ["received_list_missing"]
    assert register(api, s, p1, {**deck, "received": VT_POOL}, token=p2["token"]).status == 403
    r = register(api, s, p1, {**deck, "received": VT_POOL}, token=s["organizer"])
    assert r.status == 201 and r.body["decks"][0]["received"] == VT_POOL
    assert r.body["decks"][0]["registered_by"] != p1["player_id"]


def test_hack_35_card_draw_deck_any_copies(api, clock):
    # physical product: the staff record each pool (7.2.3)
    s = setup(api, "hack", "booster-draft", settings={"product": {"boosters": []}})
    p1 = s["players"][0]
    pool = ["hk-kite"] * 20 + [f"hk-card-{i}" for i in range(30)]
    record_pool(api, s, p1, pool)
    r = register(api, s, p1, {"main": pool[:34]})
    assert r.status == 422 and [(v["code"], v["limit"]) for v in r.body["details"]] == \
        [("too_few", 35)]
    r = register(api, s, p1, {"main": pool[:36]})
    assert r.status == 422 and r.body["details"][0]["code"] == "too_many"
    r = register(api, s, p1, {"main": pool[:35]})
    assert r.status == 201 and r.body["decks"][0]["sizes"] == {"main": 35}


def test_munchkin_thirty_cards_and_one_hero(api, clock):
    s = setup(api, "munchkin", "booster-draft")
    p1 = s["players"][0]
    others = cards("sample-munchkin", "other")
    heroes = cards("sample-munchkin", "hero")
    drafted_hero = next(h for h in heroes if h != "mk-draft-wanderer")
    pool = others[:30] + others[:4] + [drafted_hero, "mk-draft-wanderer"]
    record_pool(api, s, p1, pool)
    check = f"{base(s['tid'])}/players/{p1['player_id']}/validate"
    bad = api.post(check, {"main": others[:26] + [others[0]] * 3 + [drafted_hero]},
                   token=p1["token"]).body
    assert sorted(v["code"] for v in bad["violations"]) == \
        ["exceeds_pool", "hero_missing", "too_few", "too_many_copies", "wrong_zone"]
    r = register(api, s, p1, {"main": others[:30], "hero": "mk-draft-wanderer"})
    assert r.status == 201, r.body


def test_mtg_forty_cards_basic_lands_provided_conspiracies_aside(api, clock):
    s = setup(api, "mtg", "booster-draft")
    p1 = s["players"][0]
    spells = cards("sample-mtg", "other")
    conspiracy = cards("sample-mtg", "conspiracy")[0]
    land = cards("sample-mtg", "basic-land")[0]
    record_pool(api, s, p1, spells[:30] + [conspiracy])
    r = register(api, s, p1, {"main": spells[:22] + [land] * 17 + [conspiracy]})
    assert r.status == 422 and violations(r) == ["too_few", "wrong_zone"]
    r = register(api, s, p1, {"main": spells[:23] + [land] * 17,
                              "sideboard": spells[23:30] + [conspiracy]})
    assert r.status == 201, r.body


def test_deck_checks_by_judges(api, clock):
    s = setup(api, "vtes")
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_POOL)
    deck = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40]}
    assert register(api, s, p1, deck).status == 201
    judge = api.post(f"/v1/tournaments/{s['tid']}/judges", {"name": "Jo"},
                     token=s["organizer"]).body["token"]
    checks = f"{base(s['tid'])}/players/{p1['player_id']}/checks"
    ok = api.post(checks, {**deck, "round": 1}, token=judge)
    assert ok.status == 201 and ok.body["matches"] and ok.body["discrepancies"] == []
    presented = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:39] + [VT_LIB[50]]}
    bad = api.post(checks, {**presented, "round": 2, "note": "table 3"}, token=judge)
    assert bad.status == 201 and not bad.body["matches"]
    assert bad.body["discrepancies"] == sorted([
        {"zone": "library", "card": VT_LIB[39], "registered": 1, "found": 0},
        {"zone": "library", "card": VT_LIB[50], "registered": 0, "found": 1}],
        key=lambda d: d["card"])
    assert api.post(checks, deck, token=p1["token"]).status == 403
    listed = api.get(f"{base(s['tid'])}/checks", token=judge).body["checks"]
    assert [c["matches"] for c in listed] == [True, False]
    assert api.get(f"{base(s['tid'])}/checks", token=p1["token"]).status == 403
    overview = api.get(base(s["tid"])).body
    assert (overview["checks"], overview["discrepancies"]) == (2, 1)


def test_multi_deck_switching(api, clock):
    s = setup(api, "vtes", players=4, settings={"deck": {"multi_deck": True}})
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_POOL)
    first = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40], "label": "aggro"}
    second = {"crypt": VT_CRYPT[12:24], "library": VT_LIB[20:60], "label": "control"}
    assert register(api, s, p1, first).status == 201
    r = register(api, s, p1, second)
    assert r.status == 201 and r.body["active"] == "aggro" and len(r.body["decks"]) == 2
    switch = f"{base(s['tid'])}/players/{p1['player_id']}/switch"
    r = api.post(switch, {"label": "control"}, token=p1["token"])
    assert r.status == 200 and r.body["active"] == "control"
    assert api.post(switch, {"label": "nope"}, token=p1["token"]).status == 404


def test_multi_deck_refused_with_twelve_players_and_switch_without_it(api, clock):
    s = api.started("vtes", "sealed", players=12, settings={"deck": {"multi_deck": True}})
    r = api.post(f"{base(s['tid'])}/open", {"at_the_table": True}, token=s["organizer"])
    assert r.status == 422 and r.body["error"] == "multi_deck_not_allowed"
    s = setup(api, "vtes")
    p1 = s["players"][0]
    r = api.post(f"{base(s['tid'])}/players/{p1['player_id']}/switch", {"label": "main"},
                 token=p1["token"])
    assert r.status == 409


def test_phase_must_be_open_and_default_deadline(api, clock):
    s = api.started("munchkin", "booster-draft", players=2)
    p1 = s["players"][0]
    assert api.get(base(s["tid"])).status == 404
    r = register(api, s, p1, {"main": ["x"] * 30})
    assert r.status == 409 and r.body["error"] == "deckbuilding_not_open"
    # Munchkin: "Once all cards have been distributed, players are given 20 minutes"
    r = api.post(f"{base(s['tid'])}/open", token=s["organizer"])
    assert r.status == 409 and r.body["error"] == "product_phase_open"
    assert [i["kind"] for i in r.body["details"]["open"]] == ["draft_not_started"]
    r = api.post(f"{base(s['tid'])}/open", {"at_the_table": True}, token=s["organizer"])
    assert r.status == 201 and r.body["deadline"] == iso(NOW + timedelta(minutes=20))
    assert api.post(f"{base(s['tid'])}/open", token=s["organizer"]).status == 409
    assert api.post(f"{base(s['tid'])}/open", token=p1["token"]).status == 403
    assert api.get(base(s["tid"])).body["open"] is True


def test_sealed_pool_comes_from_the_sealed_product(api, clock, rt):
    from chalicelib.domain.sealed import SEALED, OpenProduct, StartSealed
    from chalicelib.service import Reply

    s = setup(api, "vtes", "sealed")
    p1, p2 = s["players"]
    opened = VT_CRYPT[:12] + VT_LIB[:40]
    allocations = {p["player_id"]: {"packs": [{"set": "sample-vtes", "booster": "booster",
                                               "cards": opened}], "starters": []}
                   for p in (p1, p2)}

    def work(uow):
        ids = [p1["player_id"], p2["player_id"]]
        uow.decide(SEALED, s["tid"], StartSealed(players=ids, allocations=allocations,
                                                            now=NOW))
        uow.decide(SEALED, s["tid"], OpenProduct(now=NOW))
        return Reply(200, {})
    rt.service.run(work)
    # nobody recorded a pool: the sealed product is the pool (7.2.4)
    r = register(api, s, p1, {"crypt": VT_CRYPT[:12], "library": VT_LIB[:39] + [VT_LIB[45]]})
    assert r.status == 422
    assert [(v["code"], v["card"]) for v in r.body["details"]] == [("not_in_pool", VT_LIB[45])]
    r = register(api, s, p1, {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40]})
    assert r.status == 201 and r.body["decks"][0]["sizes"] == {"crypt": 12, "library": 40}


def _draft_everything(rt, tid, players):
    """Runs the tournament's booster draft to the end (each seat takes the first card of
    the pack in front of it) through the draft deciders; returns pools by player."""
    from chalicelib.domain.draft.aggregate import DRAFT, POD
    from chalicelib.domain.draft.commands import MakePick
    from chalicelib.domain.draft.setup import start_commands
    from chalicelib.domain.tournament import TOURNAMENT
    from chalicelib.service import Reply

    tournament, _ = rt.service.read(TOURNAMENT, tid)
    settings = {k: dict(v) for k, v in tournament.settings.items()}
    ms = int(NOW.timestamp() * 1000)
    start, opens = start_commands(tournament=tid, seed=tournament.seed, players=players,
                                  product=settings["product"], draft=settings["draft"],
                                  sets=sample_sets(), now=ms, by="org")

    def begin(uow):
        uow.decide(DRAFT, tid, start)
        for command in opens:
            uow.decide(POD, (tid, command.pod), command)
        return Reply(200, {})
    rt.service.run(begin)
    pools = {}
    for command in opens:
        key = (tid, command.pod)
        while True:
            pod, _ = rt.service.read(POD, key)
            if pod.finished:
                break
            seat = next(s for s in range(len(pod.seats)) if pod.current_pack(s))
            player, card = pod.seats[seat], pod.current_pack(seat)[0]
            special = pod.specials.get(card, {})   # 905.2b: revealed cards need a note
            note = (special.get("choices") or ["noted"])[0] \
                if special.get("action") == "reveal" else None
            rt.service.run(lambda uow, p=player, c=card, n=note, k=key: (
                uow.decide(POD, k, MakePick(player=p, card=c, now=ms, note=n)),
                Reply(200, {}))[1])
        for seat, player in enumerate(pod.seats):
            pools[player] = pod.pool(seat)
    return pools


def test_mtg_booster_draft_to_registered_deck(api, clock, rt):
    s = setup(api, "mtg", "booster-draft", players=4)
    p1 = s["players"][0]
    early = register(api, s, p1, {"main": ["cp-meadow"] * 40})
    assert early.status == 409   # no pool known yet: the draft has not happened
    pools = _draft_everything(rt, s["tid"], [p["player_id"] for p in s["players"]])
    pool = pools[p1["player_id"]]
    assert len(pool) == 45       # 905.1a: three 15-card packs
    kinds = {c.id: c.kind for c in sample_sets()["sample-mtg"].cards}
    conspiracies = [c for c in pool if kinds[c] == "conspiracy"]
    spells = [c for c in pool if kinds[c] != "conspiracy"]
    land = cards("sample-mtg", "basic-land")[0]
    main = spells[:23] + [land] * (17 + max(0, 23 - len(spells)))
    outsider = next(c for c in cards("sample-mtg", "other") if c not in pool)
    r = register(api, s, p1, {"main": main[:-1] + [outsider]})
    assert r.status == 422 and [v["code"] for v in r.body["details"]] == ["not_in_pool"]
    r = register(api, s, p1, {"main": main, "sideboard": spells[23:] + conspiracies})
    assert r.status == 201, r.body
    assert r.body["decks"][0]["sizes"]["main"] == len(main) >= 40


def test_munchkin_booster_draft_to_registered_deck(api, clock, rt):
    from collections import Counter

    s = setup(api, "munchkin", "booster-draft", players=4)
    p1 = s["players"][0]
    pools = _draft_everything(rt, s["tid"], [p["player_id"] for p in s["players"]])
    kinds = {c.id: c.kind for c in sample_sets()["sample-munchkin"].cards}
    r = api.post(f"{base(s['tid'])}/players/{p1['player_id']}/validate", {"main": []},
                 token=p1["token"])
    assert r.status == 200 and r.body["pool_size"] == 48 + 1   # 4 x 12 + the draft hero
    main, counted = [], Counter()
    for card in pools[p1["player_id"]]:
        if kinds[card] != "hero" and counted[card] < 3 and len(main) < 30:
            main.append(card)
            counted[card] += 1
    assert len(main) == 30
    r = register(api, s, p1, {"main": main, "hero": "mk-draft-wanderer"})
    assert r.status == 201, r.body


def test_restricted_trade_deck_is_what_the_trade_left(api, clock, rt):
    """7.4: set-ups of 50 + 15 stock + 10 crypt, a trading pod where every offer is
    declined but one accepted, two crypt cards added; the deck is then exactly 65 / 12."""
    from chalicelib.domain import trade
    from chalicelib.service import Reply

    s = setup(api, "vtes", "restricted-trade", players=4)      # 7.4.2: pods of four to five
    tid, (p1, p2, p3, p4) = s["tid"], [p["player_id"] for p in s["players"]]
    kinds = {c.id: c.kind for c in sample_sets()["sample-vtes"].cards}
    lib = VT_LIB + VT_LIB[:5]
    first = trade.TradeDeck(library=lib[:50], stock=lib[50:], crypt=VT_CRYPT[:10],
                            sideboard=VT_CRYPT[10:])
    other = trade.TradeDeck(library=lib[15:], stock=lib[:15], crypt=VT_CRYPT[14:],
                            sideboard=VT_CRYPT[:14])
    setups = {p1: first, p2: other, p3: other, p4: other}
    order = [p1, p2, p3, p4]
    prep, pod = tid, (tid, 1)

    def run(stream, decider, command):
        rt.service.run(lambda uow: (uow.decide(decider, stream, command), Reply(200, {}))[1])

    for player, deck in setups.items():
        run(prep, trade.TRADE_PREP, trade.SetTradeDeck(player=player, deck=deck,
                                                       pool=VT_POOL + VT_LIB[:5],
                                                       kinds=kinds, now=NOW))
    run(prep, trade.TRADE_PREP, trade.FormTradePods(players=order, seed="s",
                                                    pods=[order], now=NOW))
    # the open-trade-pods reaction opens the pod as formed: the first seat's turn
    opened = rt.service.read(trade.TRADE_POD, pod)[0]
    assert opened.players == tuple(order) and opened.status == "trading"
    early = register(api, s, s["players"][0], {"crypt": VT_CRYPT[:12], "library": lib[:65]})
    assert early.status == 409 and early.body["error"] == "trade_not_finished"
    accepted = False
    while True:
        state, _ = rt.service.read(trade.TRADE_POD, pod)
        if state.status != "trading":
            break
        if state.offer is None:
            active = state.active_player
            target = next(p for p in order if p != active and p not in state.declined
                          and state.face_up(p))
            run(pod, trade.TRADE_POD, trade.OfferTrade(player=active, target=target,
                                                       slot=state.face_up(target)[0], now=NOW))
        elif not accepted:
            target = state.offer["target"]
            active = state.active_player
            run(pod, trade.TRADE_POD, trade.AcceptTrade(player=target,
                                                        slot=state.face_up(active)[0], now=NOW))
            accepted = True
        else:
            run(pod, trade.TRADE_POD, trade.DeclineTrade(player=state.offer["target"], now=NOW))
    for player in order:
        run(pod, trade.TRADE_POD, trade.AddCrypt(player=player,
                                                 cards=list(setups[player].sideboard[:2]),
                                                 now=NOW))
    state, _ = rt.service.read(trade.TRADE_POD, pod)
    assert state.status == "completed" and state.trades == 1
    held = [card for card, _ in state.stock[p1]]
    assert held != list(setups[p1].stock)            # one card changed hands
    crypt = VT_CRYPT[:12]
    r = register(api, s, s["players"][0], {"crypt": crypt, "library": lib[:50] + lib[50:]})
    given = [v["card"] for v in r.body["details"]]   # the card traded away is gone
    assert r.status == 422 and violations(r) == ["not_in_pool"] and given[0] not in held
    r = register(api, s, s["players"][0], {"crypt": crypt, "library": lib[:50] + held})
    assert r.status == 201, r.body
    assert r.body["decks"][0]["limits"]["deck_max"] == 65


def test_multi_deck_changes_only_between_rounds(api, clock, rt):
    from chalicelib.domain.tables.aggregate import TABLES
    from chalicelib.domain.tables.commands import SeatRound
    from chalicelib.domain.tournament import TOURNAMENT
    from chalicelib.service import Reply

    s = setup(api, "vtes", players=4, settings={"deck": {"multi_deck": True}})
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_POOL)
    first = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40], "label": "aggro"}
    second = {"crypt": VT_CRYPT[12:24], "library": VT_LIB[20:60], "label": "control"}
    assert register(api, s, p1, first).status == 201
    assert register(api, s, p1, second).status == 201
    tournament, _ = rt.service.read(TOURNAMENT, s['tid'])
    ids = [p["player_id"] for p in s["players"]]

    def run(command):
        rt.service.run(lambda uow: (uow.decide(TABLES, s['tid'], command),
                                    Reply(200, {}))[1])
    run(SeatRound(players=ids, seed=tournament.seed,
                  settings=dict(tournament.settings["tables"]), now=iso(NOW)))
    switch = f"{base(s['tid'])}/players/{p1['player_id']}/switch"
    during = api.post(switch, {"label": "control"}, token=p1["token"])
    assert during.status == 409 and during.body["error"] == "round_in_progress"
    changed = register(api, s, p1, {**first, "library": VT_LIB[1:41]})
    assert changed.status == 409 and changed.body["error"] == "round_in_progress"
    table, _ = rt.service.read(TABLES, s['tid'])
    seated = table.current.tables[0]
    from chalicelib.application import tables as tables_play
    from chalicelib.auth import Principal
    rt.service.run(lambda uow: Reply(200, tables_play.report(
        uow, Principal("organizer", tournament.organizer_id), s["tid"], 1, 1,
        {seated[0]: 8, **{p: 0 for p in seated[1:]}})))
    after = api.post(switch, {"label": "control"}, token=p1["token"])
    assert after.status == 200 and after.body["active"] == "control"
    assert register(api, s, p1, {**first, "library": VT_LIB[1:41]}).status == 201


def test_organizer_overrides_a_limit_per_tournament(api, clock):
    s = setup(api, "hack", "booster-draft", settings={"deck": {"deck_min": 40, "deck_max": 40},
                                                      "product": {"boosters": []}})
    p1 = s["players"][0]
    pool = ["hk-kite"] * 40
    record_pool(api, s, p1, pool)
    r = register(api, s, p1, {"main": pool[:35]})
    assert r.status == 422 and [(v["code"], v["limit"]) for v in r.body["details"]] == \
        [("too_few", 40)]
    assert register(api, s, p1, {"main": pool}).status == 201
    bad = api.post("/v1/tournaments", {"name": "x", "game": "mtg", "format": "booster-draft",
                                       "settings": {"deck": {"deck_min": 50, "deck_max": 45}}},
                   token=s["organizer"])
    assert bad.status == 422


@pytest.mark.parametrize("fmt", ["table-draft", "mixed-draft"])
def test_vtes_table_and_mixed_drafts_to_registered_decks(api, clock, rt, fmt):
    """7.7 / 7.8: pods drafted to the end (always the oldest card on the table or the
    first of the pile); the pool is the starters kept aside plus every pick."""
    from chalicelib.domain import mixed_draft, table_draft
    from chalicelib.domain.mixed_draft.setup import mixed_draft_commands
    from chalicelib.domain.table_draft.aggregate import MIXED_DRAFT_ROSTER, TABLE_DRAFT_ROSTER
    from chalicelib.domain.table_draft.setup import table_draft_commands
    from chalicelib.domain.tournament import TOURNAMENT
    from chalicelib.service import Reply

    product = {"boosters": [{"set": "sample-vtes", "count": 3}], "starters": []}
    s = setup(api, "vtes", fmt, players=4, settings={"product": product})
    tid, ids = s["tid"], [p["player_id"] for p in s["players"]]
    tournament, _ = rt.service.read(TOURNAMENT, tid)
    settings = {k: dict(v) for k, v in tournament.settings.items()}
    common = {"seed": tournament.seed, "players": ids, "product": settings["product"],
              "draft": settings["draft"], "sets": sample_sets(), "now": NOW,
              "pick_seconds": 600, "review_seconds": 0}
    table = fmt == "table-draft"
    if table:
        form, starts = table_draft_commands(**common)
        decider, roster = table_draft.TABLE_DRAFT, TABLE_DRAFT_ROSTER
    else:
        form, starts = mixed_draft_commands(**common, pile_size=3, library_pick_seconds=600)
        decider, roster = mixed_draft.MIXED_DRAFT, MIXED_DRAFT_ROSTER

    def run(stream, dec, command):
        rt.service.run(lambda uow: (uow.decide(dec, stream, command), Reply(200, {}))[1])
    run(tid, roster, form)      # its reaction opens each pod as planned (open-roster-pods)
    assert all(rt.service.read(decider, (tid, start.pod))[0].players == tuple(start.players)
               for start in starts)
    early = register(api, s, s["players"][0], {"crypt": VT_CRYPT[:3], "library": VT_LIB[:15]})
    assert early.status == 409 and early.body["error"] == "draft_not_finished"
    kinds = {c.id: c.kind for c in sample_sets()["sample-vtes"].cards}
    for start in starts:
        key = (tid, start.pod)
        while True:
            pod, _ = rt.service.read(decider, key)
            crypt_phase = pod if table else pod.crypt
            if pod.status == "completed":
                break
            if pod.status in ("drafting", "crypt"):
                picker = crypt_phase.picker
                mine = crypt_phase.pools.get(picker, ())
                wanted = "crypt" if sum(kinds[c] == "crypt" for c in mine) < 3 else "library"
                on_table = [t["card"] for t in crypt_phase.table]
                card = next((c for c in on_table if kinds[c] == wanted), on_table[0])
                run(key, decider, table_draft.Pick(player=picker, card=card, now=NOW))
                continue
            seat = next(i for i in range(len(pod.players)) if pod.front(i))
            run(key, decider, mixed_draft.LibraryPick(player=pod.players[seat],
                                                   card=pod.front(seat)[1][0], now=NOW))
    p1 = s["players"][0]
    check = api.post(f"{base(tid)}/players/{p1['player_id']}/validate", {},
                     token=p1["token"]).body
    assert check["limits"]["crypt_min"] == 3 and check["limits"]["deck_min"] == 15  # 3 boosters
    roster = rt.service.read(roster, tid)[0]
    pod = rt.service.read(decider, (tid, roster.pod_of(p1["player_id"])))[0]
    drafted = list(pod.pools[p1["player_id"]]) if table else \
        list(pod.crypt.pools[p1["player_id"]]) + list(pod.library[p1["player_id"]])
    crypt = [c for c in drafted if kinds[c] == "crypt"]
    library = [c for c in drafted if kinds[c] == "library"]
    assert check["pool_size"] == len(drafted) and len(crypt) >= 3 and len(library) >= 15
    outsider = next(c for c in VT_LIB if c not in drafted)
    r = register(api, s, p1, {"crypt": crypt, "library": library[:-1] + [outsider]})
    assert r.status == 422 and violations(r) == ["not_in_pool"]
    r = register(api, s, p1, {"crypt": crypt, "library": library})
    assert r.status == 201 and r.body["decks"][0]["recursions"] == 3


def test_a_retried_registration_is_replayed_not_refused(api, clock):
    s = setup(api, "vtes")
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_POOL)
    deck = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40]}
    key = {"Idempotency-Key": "deck-registration-0001"}
    path = f"{base(s['tid'])}/players/{p1['player_id']}"
    first = api.post(path, deck, token=p1["token"], headers=key)
    again = api.post(path, deck, token=p1["token"], headers=key)
    assert first.status == again.status == 201 and again.body == first.body
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert api.post(path, deck, token=p1["token"]).status == 409   # a new attempt is refused


def _overview_deck(api, s, player):
    view = api.get(base(s["tid"])).body
    entry = next(p for p in view["players"] if p["player_id"] == player["player_id"])
    return entry


def test_mtg_physical_product_basic_lands_by_name_and_kinds_flagged(api, clock):
    """Card sets unknown (boosters: []): basic lands are recognised by name; that
    conspiracies stay out of the main deck could not be checked, and the deck says so."""
    s = setup(api, "mtg", "booster-draft", settings={"product": {"boosters": []}})
    p1 = s["players"][0]
    spells = [f"spell-{i}" for i in range(23)]
    record_pool(api, s, p1, spells)
    deck = {"main": spells + ["Plains"] * 9 + ["island"] * 7 + ["mtg:Snow-Covered_Swamp"]}
    check = api.post(f"{base(s['tid'])}/players/{p1['player_id']}/validate", deck,
                     token=p1["token"]).body
    assert check["legal"] and [u["code"] for u in check["unverified"]] == ["kinds_unverified"]
    r = register(api, s, p1, deck)
    assert r.status == 201, r.body
    assert [u["code"] for u in r.body["decks"][0]["unverified"]] == ["kinds_unverified"]
    assert _overview_deck(api, s, p1)["decks"][0]["unverified"] == ["kinds_unverified"]
    # a land-like name that is no basic land still needs the pool
    record_pool(api, s, s["players"][1], spells)
    r = register(api, s, s["players"][1], {"main": spells + ["Plains"] * 16 + ["Tundra"]})
    assert r.status == 422 and violations(r) == ["not_in_pool"]


def test_munchkin_unknown_kinds_are_flagged_not_passed_silently(api, clock):
    s = setup(api, "munchkin", "booster-draft",
              settings={"product": {"boosters": [], "starters": []}})
    p1 = s["players"][0]
    pool = [f"mk-card-{i}" for i in range(29)] + ["mk-some-hero", "mk-other-hero"]
    record_pool(api, s, p1, pool)
    # a hero in the main deck cannot be told from other cards without card kinds
    deck = {"main": pool[:29] + ["mk-other-hero"], "hero": "mk-some-hero"}
    check = api.post(f"{base(s['tid'])}/players/{p1['player_id']}/validate", deck,
                     token=p1["token"]).body
    assert [u["code"] for u in check["unverified"]] == ["kinds_unverified"], check
    assert "hero" in check["unverified"][0]["message"]
    r = register(api, s, p1, deck)
    assert r.status == 201 and r.body["decks"][0]["unverified"][0]["code"] == "kinds_unverified"
    assert _overview_deck(api, s, p1)["decks"][0]["unverified"] == ["kinds_unverified"]
    # with the shipped card set the same mistake is a violation, nothing unverified
    s = setup(api, "munchkin", "booster-draft")
    p1 = s["players"][0]
    others, heroes = cards("sample-munchkin", "other"), cards("sample-munchkin", "hero")
    record_pool(api, s, p1, others[:29] + heroes[:2])
    check = api.post(f"{base(s['tid'])}/players/{p1['player_id']}/validate",
                     {"main": others[:29] + [heroes[1]], "hero": heroes[0]},
                     token=p1["token"]).body
    assert [v["code"] for v in check["violations"]] == ["wrong_zone", "too_few"] and \
        check["unverified"] == []


def test_munchkin_physical_product_with_declared_heroes_is_checked_for_real(api, clock):
    """The organizer declares the draft hero and the product's heroes: the 30 + one hero
    (the draft hero or a drafted one, not both) checks run, nothing is unverified."""
    s = setup(api, "munchkin", "booster-draft", settings={
        "product": {"boosters": [], "starters": []},
        "deck": {"draft_hero": "op-flamingo", "hero_cards": ["mk-some-hero", "mk-other-hero"]}})
    p1 = s["players"][0]
    cards_ = [f"mk-card-{i}" for i in range(31)]
    record_pool(api, s, p1, cards_ + ["mk-some-hero", "mk-other-hero"])  # no draft hero
    path = f"{base(s['tid'])}/players/{p1['player_id']}"
    both = api.post(f"{path}/validate", {"main": cards_[:29] + ["mk-other-hero"],
                                         "hero": "op-flamingo"}, token=p1["token"]).body
    assert not both["legal"] and both["unverified"] == []
    assert sorted(v["code"] for v in both["violations"]) == ["too_few", "wrong_zone"]
    r = register(api, s, p1, {"main": cards_[:30], "hero": cards_[30]})   # no hero card
    assert r.status == 422 and violations(r) == ["wrong_zone"]
    r = register(api, s, p1, {"main": cards_[:30], "hero": "op-flamingo"})
    assert r.status == 201, r.body
    assert r.body["decks"][0]["unverified"] == []
    assert _overview_deck(api, s, p1)["decks"][0]["unverified"] == []


def test_a_pool_only_the_player_declared_is_flagged(api, clock):
    """7.2.4: a player's own `received` list is no proof of ownership: accepted as the
    pool only from staff; from the player the registration is flagged pool_unverified."""
    s = setup(api, "hack", "booster-draft", settings={"product": {"boosters": []}})
    p1, p2 = s["players"]
    pool = [f"hk-card-{i}" for i in range(35)]
    r = register(api, s, p1, {"main": pool, "received": pool})
    assert r.status == 201
    assert [u["code"] for u in r.body["decks"][0]["unverified"]] == ["pool_unverified"]
    assert _overview_deck(api, s, p1)["decks"][0]["unverified"] == ["pool_unverified"]
    seen = api.get(f"{base(s['tid'])}/players/{p1['player_id']}", token=s["organizer"]).body
    assert seen["decks"][0]["unverified"][0]["code"] == "pool_unverified"
    r = register(api, s, p2, {"main": pool, "received": pool}, token=s["organizer"])
    assert r.status == 201 and r.body["decks"][0]["unverified"] == []
    # without any list nothing is known: refused, nothing recorded
    s2 = setup(api, "hack", "booster-draft", settings={"product": {"boosters": []}})
    r = register(api, s2, s2["players"][0], {"main": pool})
    assert r.status == 409 and r.body["error"] == "no_pool"


def test_multi_deck_adding_a_deck_after_the_deadline_before_round_one(api, clock):
    s = setup(api, "vtes", players=4, settings={"deck": {"multi_deck": True}},
              deadline_minutes=30)
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_POOL)
    first = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40], "label": "aggro"}
    second = {"crypt": VT_CRYPT[12:24], "library": VT_LIB[20:60], "label": "control"}
    assert register(api, s, p1, first).status == 201
    clock.at(31)
    for deck in (second, {**first, "library": VT_LIB[1:41]}):
        r = register(api, s, p1, deck)
        assert r.status == 409 and r.body["error"] == "deadline_passed"
    got = api.get(f"{base(s['tid'])}/players/{p1['player_id']}", token=p1["token"]).body
    assert [d["label"] for d in got["decks"]] == ["aggro"] and got["decks"][0]["version"] == 1


def test_no_deadline_extension_for_a_registered_deck_reopen_it_instead(api, clock):
    s = setup(api, "vtes", players=2, deadline_minutes=30)
    p1, p2 = s["players"]
    for p in (p1, p2):
        record_pool(api, s, p, VT_POOL)
    deck = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40]}
    assert register(api, s, p1, deck).status == 201
    url = f"{base(s['tid'])}/players/{p1['player_id']}"
    later = iso(NOW + timedelta(minutes=90))
    events = len(api.event_log(s["tid"], s["organizer"]))
    r = api.post(f"{url}/deadline", {"deadline": later}, token=s["organizer"])
    assert r.status == 409 and r.body["error"] == "deck_registered", r.body
    assert "reopen" in r.body["message"] and r.body["details"]["decks"] == ["main"]
    assert len(api.event_log(s["tid"], s["organizer"])) == events      # nothing appended
    assert _overview_deck(api, s, p1)["extended_until"] is None
    # Reopen is the way to let the player change it, with its own deadline.
    assert api.post(f"{url}/reopen", {"until": later}, token=s["organizer"]).status == 200
    clock.at(60)
    assert register(api, s, p1, {**deck, "library": VT_LIB[1:41]}).status == 201
    # A player without a deck still gets an extension.
    assert api.post(f"{base(s['tid'])}/players/{p2['player_id']}/deadline",
                    {"deadline": later}, token=s["organizer"]).status == 200


def test_multi_deck_player_with_a_deck_may_still_be_extended(api, clock):
    s = setup(api, "vtes", players=2, settings={"deck": {"multi_deck": True}},
              deadline_minutes=30)
    p1 = s["players"][0]
    record_pool(api, s, p1, VT_POOL)
    assert register(api, s, p1, {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40]}).status == 201
    later = iso(NOW + timedelta(minutes=90))
    r = api.post(f"{base(s['tid'])}/players/{p1['player_id']}/deadline", {"deadline": later},
                 token=s["organizer"])
    assert r.status == 200 and r.body["extended_until"] == later


def test_organizer_extends_the_deadline_for_one_late_player(api, clock):
    s = setup(api, "vtes", players=3, deadline_minutes=30)
    p1, p2, p3 = s["players"]
    for p in (p1, p2, p3):
        record_pool(api, s, p, VT_POOL)
    deck = {"crypt": VT_CRYPT[:12], "library": VT_LIB[:40]}
    clock.at(40)
    assert register(api, s, p1, deck).status == 409
    url = f"{base(s['tid'])}/players/{p1['player_id']}/deadline"
    later = iso(NOW + timedelta(minutes=60))
    assert api.post(url, {"deadline": later}, token=p1["token"]).status == 403
    bad = api.post(url, {"deadline": iso(NOW + timedelta(minutes=35))}, token=s["organizer"])
    assert bad.status == 422 and len(bad.body["details"]) == 1
    r = api.post(url, {"deadline": later}, token=s["organizer"])
    assert r.status == 200 and r.body["extended_until"] == later
    assert _overview_deck(api, s, p1)["extended_until"] == later
    assert register(api, s, p1, deck).status == 201
    assert register(api, s, p2, deck).status == 409          # only p1 was extended
    clock.at(61)
    assert register(api, s, p3, deck).status == 409
    changed = {"crypt": VT_CRYPT[:13], "library": VT_LIB[:40]}
    assert register(api, s, p1, changed).status == 409        # registered, not reopened


def test_the_deck_overview_tells_a_missing_tournament_from_a_closed_phase(api):
    assert api.get("/v1/tournaments/t0123456789ab/decks").body["error"] == \
        "tournament_not_found"
    event = api.started("vtes", "sealed", players=2)
    r = api.get(f"/v1/tournaments/{event['tid']}/decks")
    assert r.status == 404 and r.body["error"] == "deckbuilding_not_open", r.body
