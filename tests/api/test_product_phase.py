"""Play waits for the product phase of a limited event (V:EKN 7.3.1, 7.5.4; Munchkin:
draft, then rounds): the first pairing, seating or pod game is refused with 409
``product_phase_open`` naming what is open, and records nothing; a product phase cannot
start once play has (409 ``play_started``)."""
from __future__ import annotations

import pytest

from chalicelib.data.sets import sample_sets
from chalicelib.domain import swiss as sw
from chalicelib.domain.tables import commands as tc
from chalicelib.domain.tables.aggregate import TABLES
from chalicelib.domain.tournament import TOURNAMENT
from chalicelib.service import Reply


def _open(r):
    assert r.status == 409 and r.body["error"] == "product_phase_open", r.body
    return {item["kind"]: item for item in r.body["details"]["open"]}


def _count(rt, stream):
    return len(rt.events.read(stream))


def test_swiss_waits_for_every_draft_pod(api, rt):
    event = api.started("munchkin", "booster-draft", players=8)
    tid, org = event["tid"], event["organizer"]
    pair = f"/v1/tournaments/{tid}/swiss/rounds"
    decks = f"/v1/tournaments/{tid}/decks/open"
    assert list(_open(api.post(pair, token=org))) == ["draft_not_started"]
    # deck building starts "once all cards have been distributed" (Munchkin)
    assert list(_open(api.post(decks, token=org))) == ["draft_not_started"]
    # one ordinary card per pack, so the draft is short
    card = next(c.id for c in sample_sets()["sample-munchkin"].cards if not c.draft_action)
    ids = [p["player_id"] for p in event["players"]]
    started = api.post(f"/v1/tournaments/{tid}/draft",
                       {"packs": {p: [[card]] * 4 for p in ids}, "pods": [ids[:4], ids[4:]]},
                       token=org)
    assert started.status == 201, started.body

    def pick_all(pod, rounds):
        for _ in range(rounds):
            for p in (ids[:4], ids[4:])[pod - 1]:
                r = api.post(f"/v1/tournaments/{tid}/draft/pods/{pod}/players/{p}/pick-for",
                             token=org)
                assert r.status == 201, r.body
    pick_all(1, 4)
    pick_all(2, 3)
    still = _open(api.post(pair, token=org))
    assert still["draft_pods_open"]["pods"] == [2]
    assert _count(rt, f"swiss-{tid}") == 0
    for body in ({}, {"at_the_table": True}):     # the draft is Podium's: it ends here
        assert _open(api.post(decks, body, token=org))["draft_pods_open"]["pods"] == [2]
    assert _count(rt, f"decks-{tid}") == 0
    pick_all(2, 1)
    assert api.post(decks, token=org).status == 201
    assert api.post(pair, token=org).status == 201
    # the draft cannot be run again now that round 1 is paired
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 409


def test_tables_wait_for_the_sealed_product_to_be_handed_out_and_opened(api, rt):
    event = api.started("vtes", "sealed", players=8)
    tid, org = event["tid"], event["organizer"]
    seat = f"/v1/tournaments/{tid}/tables/rounds"
    assert list(_open(api.post(seat, token=org))) == ["sealed_not_handed_out"]
    assert api.post(f"/v1/tournaments/{tid}/sealed", token=org).status == 201
    assert list(_open(api.post(seat, token=org))) == ["sealed_not_opened"]
    assert _count(rt, f"tables-{tid}") == 0
    assert api.post(f"/v1/tournaments/{tid}/sealed/open", token=org).status == 200
    assert api.post(seat, token=org).status == 201


def test_sealed_swap_waits_for_the_deal(api):
    event = api.started("vtes", "sealed-swap", players=8)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/sealed", token=org).status == 201
    assert api.post(f"/v1/tournaments/{tid}/sealed/open", token=org).status == 200
    seat = f"/v1/tournaments/{tid}/tables/rounds"
    assert list(_open(api.post(seat, token=org))) == ["swap_not_dealt"]
    for p in event["players"]:
        assert api.post(f"/v1/tournaments/{tid}/sealed/registrations",
                        token=p["token"]).status == 201
    assert api.post(f"/v1/tournaments/{tid}/sealed/swap", token=org).status == 200
    assert api.post(seat, token=org).status == 201


def test_table_and_mixed_drafts_and_restricted_trade_hold_the_seating(api):
    table = api.started("vtes", "table-draft", players=8)
    seat = f"/v1/tournaments/{table['tid']}/tables/rounds"
    assert list(_open(api.post(seat, token=table["organizer"]))) == ["draft_not_started"]
    assert api.post(f"/v1/tournaments/{table['tid']}/table-draft",
                    token=table["organizer"]).status == 201
    assert _open(api.post(seat, token=table["organizer"]))["draft_pods_open"]["pods"] == [1, 2]

    mixed = api.started("vtes", "mixed-draft", players=8)
    seat = f"/v1/tournaments/{mixed['tid']}/tables/rounds"
    assert api.post(f"/v1/tournaments/{mixed['tid']}/mixed-draft", {"pile_size": 5},
                    token=mixed["organizer"]).status == 201
    assert list(_open(api.post(seat, token=mixed["organizer"]))) == ["draft_pods_open"]

    trade = api.started("vtes", "restricted-trade", players=8)
    api.hand_out(trade)
    seat = f"/v1/tournaments/{trade['tid']}/tables/rounds"
    assert list(_open(api.post(seat, token=trade["organizer"]))) == ["trade_pods_not_formed"]


def test_free_for_all_pod_games_wait_for_the_draft(api, rt):
    event = api.started("mtg", "booster-draft", players=8)
    tid, org = event["tid"], event["organizer"]
    ids = [p["player_id"] for p in event["players"]]
    r = api.post(f"/v1/tournaments/{tid}/ffa/pods/1/result",
                 {"winner": ids[0], "eliminated": ids[1:4]}, token=org)
    assert list(_open(r)) == ["draft_not_started"]
    assert _count(rt, f"ffa-{tid}") == 0


def test_late_arrivals_with_sealed_product_do_not_hold_play(api):
    event = api.started("hack", "booster-draft", players=8)
    api.draft(event)
    tid, org = event["tid"], event["organizer"]
    late = api.register(tid, "Late Lou", token=org)
    assert api.post(f"/v1/tournaments/{tid}/draft/late-arrivals",
                    {"player_id": late["player_id"]}, token=org).status == 201
    assert api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).status == 201


def _tournament(rt, tid):
    state, _ = rt.service.read(TOURNAMENT, tid)
    return state


def test_no_product_phase_starts_once_play_has(api, rt):
    """An event paired or seated before play waited for the product (recorded before this
    rule) cannot start its draft or hand out sealed product mid-round."""
    swiss = api.started("munchkin", "booster-draft", players=8)
    t = _tournament(rt, swiss["tid"])
    rt.service.run(lambda uow: (uow.decide(sw.SWISS, t.id, sw.PairRound(
        t.seed, dict(t.settings["swiss"]), [p.id for p in t.active_players()],
        "2026-12-04T18:00:00+00:00", "legacy")), Reply(200, {}))[1])
    r = api.post(f"/v1/tournaments/{t.id}/draft", token=swiss["organizer"])
    assert r.status == 409 and r.body["error"] == "play_started", r.body
    assert _count(rt, f"draft-{t.id}") == 0

    tables = api.started("vtes", "sealed", players=8)
    t = _tournament(rt, tables["tid"])
    rt.service.run(lambda uow: (uow.decide(TABLES, t.id, tc.SeatRound(
        [p.id for p in t.active_players()], t.seed, dict(t.settings["tables"]),
        "2026-12-04T18:00:00+00:00")), Reply(200, {}))[1])
    r = api.post(f"/v1/tournaments/{t.id}/sealed", token=tables["organizer"])
    assert r.status == 409 and r.body["error"] == "play_started", r.body
    assert _count(rt, f"sealed-{t.id}") == 0


def test_a_draft_run_at_the_table_ends_with_every_pool_recorded(api, rt):
    """A store drafts physical boosters at the table and records each pool (7.2.3):
    deck building (Munchkin: "once all cards have been distributed") and play may start
    once every active player's pool is recorded, and the draft can no longer be started
    in Podium afterwards."""
    event = api.started("munchkin", "booster-draft", players=4)
    tid, org = event["tid"], event["organizer"]
    decks = f"/v1/tournaments/{tid}/decks"
    cards = [c.id for c in sample_sets()["sample-munchkin"].cards][:12]
    pair = f"/v1/tournaments/{tid}/swiss/rounds"
    for player in event["players"][:3]:
        r = api.post(f"{decks}/pools/{player['player_id']}", {"cards": cards}, token=org)
        assert r.status == 201, r.body
    assert list(_open(api.post(pair, token=org))) == ["draft_not_started"]
    assert list(_open(api.post(f"{decks}/open", token=org))) == ["draft_not_started"]
    assert _count(rt, f"swiss-{tid}") == 0 and _count(rt, f"decks-{tid}") == 3
    last = event["players"][3]["player_id"]
    assert api.post(f"{decks}/pools/{last}", {"cards": cards}, token=org).status == 201
    assert api.post(f"{decks}/open", {"deadline": "2030-01-01T00:00:00Z"},
                    token=org).status == 201
    assert api.post(pair, token=org).status == 201
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 409


@pytest.mark.parametrize("game, fmt, start, body", [
    ("munchkin", "booster-draft", "draft", {}),
    ("vtes", "sealed", "sealed", {}),
    ("vtes", "table-draft", "table-draft", {}),
    ("vtes", "mixed-draft", "mixed-draft", {"pile_size": 6}),
    ("vtes", "restricted-trade", "trade/pods", {}),
])
def test_no_product_phase_starts_once_deck_building_opened_at_the_table(api, rt, game, fmt,
                                                                         start, body):
    """Deck building opened on product handed out at the table: the staff record the pools
    (7.2.3); a draft, hand-out or trade started in Podium now would give a second pool."""
    event = api.started(game, fmt, players=8)
    tid, org = event["tid"], event["organizer"]
    opened = api.post(f"/v1/tournaments/{tid}/decks/open", {"at_the_table": True}, token=org)
    assert opened.status == 201, opened.body
    before = sum(1 for _ in rt.events.all_events())
    r = api.post(f"/v1/tournaments/{tid}/{start}", body, token=org)
    assert r.status == 409 and r.body["error"] == "deckbuilding_open", r.body
    assert sum(1 for _ in rt.events.all_events()) == before
