"""Sealed product's use cases without HTTP: who hands it out and in which tournaments, the
organizer's packs for every active player and only theirs, the product collated from
the seed, starter trading from the profile unless the staff say, commands before the
hand-out (409 ``not_started``) and from non-players (403 ``not_a_player``) recording
nothing, late arrivals' own product (7.2.6), and what each caller is shown."""
from __future__ import annotations

import pytest

from chalicelib.application import sealed
from chalicelib.application.reads import Reads
from chalicelib.application.sets import product_sets
from chalicelib.auth import Principal
from chalicelib.domain.errors import Conflict, Forbidden, Invalid, NotFound
from chalicelib.domain.product.allocation import allocate, allocate_one, pool_of
from chalicelib.domain.sealed import SEALED
from chalicelib.domain.tournament import TOURNAMENT
from tests.application import seeds
from tests.application.conftest import organizer, player


def reads(rt):
    return Reads(rt.service, rt.views)


def events(rt, tid):
    return [e.type for e in rt.events.read(f"sealed-{tid}")]


def ids(event):
    return [p["player_id"] for p in event["players"]]


def tournament_state(rt, tid):
    return rt.service.read(TOURNAMENT, tid)[0]


def hand_out(world, event, **kwargs):
    args = {"hand_back_percent": None, "starter_trading": None, "packs": None, **kwargs}
    return world.run(sealed.start, organizer(event), event["tid"], args["hand_back_percent"],
                     args["starter_trading"], args["packs"], None)


def test_staff_hand_out_in_a_running_sealed_tournament_only(world):
    event = world.given(seeds.started("vtes", "sealed", players=2))
    tid = event["tid"]
    with pytest.raises(Forbidden):
        world.run(sealed.start, player(event, ids(event)[0]), tid, None, None, None, None)
    draft = world.given(seeds.started("vtes", "booster-draft", players=2))
    with pytest.raises(Conflict) as refused:
        hand_out(world, draft)
    assert refused.value.code == "wrong_format"
    waiting = seeds.created(world, "vtes", "sealed")
    with pytest.raises(Conflict) as refused:
        world.run(sealed.start, Principal("organizer", waiting["organizer_id"]),
                  waiting["tournament_id"], None, None, None, None)
    assert refused.value.code == "not_running"
    assert events(world.rt, tid) == [] and events(world.rt, draft["tid"]) == []


def test_the_product_is_collated_from_the_seed_with_the_profiles_starter_trading(world):
    event = world.given(seeds.started("vtes", "sealed", players=3))
    tid = event["tid"]
    staff = hand_out(world, event)
    t = tournament_state(world.rt, tid)
    product = t.section("product")
    expected = allocate(product, product_sets(reads(world.rt), product), t.seed, ids(event))
    state = world.rt.service.read(SEALED, tid)[0]
    for p in ids(event):
        assert [pack["cards"] for pack in state.packs[p]] == \
            [pack["cards"] for pack in expected[p]["packs"]]
    assert staff["starter_trading"] == product.get("starter_trading", False)
    assert not staff["swap"] and staff["hand_back_percent"] is None
    with pytest.raises(Conflict) as refused:
        hand_out(world, event)
    assert refused.value.code == "already_started"


def test_the_body_sets_starter_trading_and_a_swaps_hand_back(world):
    swap = world.given(seeds.started("vtes", "sealed-swap", players=2))
    staff = hand_out(world, swap, hand_back_percent=20, starter_trading=True)
    assert staff["swap"] and staff["hand_back_percent"] == 20 and staff["starter_trading"]
    other = world.given(seeds.started("vtes", "sealed-swap", players=2, n=1))
    assert hand_out(world, other)["hand_back_percent"] == 15


def test_the_organizers_packs_are_every_active_players_and_only_theirs(world):
    event = world.given(seeds.started("vtes", "sealed", players=2))
    a, b = ids(event)
    with pytest.raises(Invalid) as refused:
        hand_out(world, event, packs={a: [["vt-x"]], "p0000000000": [["vt-y"]]})
    assert refused.value.code == "invalid_packs"
    assert refused.value.details == {"missing": [b], "not_active": ["p0000000000"]}
    assert events(world.rt, event["tid"]) == []
    hand_out(world, event, packs={a: [["vt-x", "vt-y"]], b: [["vt-z"]]})
    world.run(sealed.open_product, organizer(event), event["tid"])
    state = world.rt.service.read(SEALED, event['tid'])[0]
    assert list(state.pools[a]) == ["vt-x", "vt-y"] and list(state.pools[b]) == ["vt-z"]


def test_commands_before_the_hand_out_answer_not_started_and_record_nothing(world):
    event = world.given(seeds.started("vtes", "sealed", players=2))
    tid, org, me = event["tid"], organizer(event), player(event, ids(event)[0])
    attempts = [(sealed.open_product, org), (sealed.deal_swap, org),
                (sealed.late_arrival, org, ids(event)[0]),
                (sealed.register_product, me, None),
                (sealed.offer_starter_trade, me, "S1", "S2"),
                (sealed.answer_starter_trade, me, "T1", True)]
    for use_case, actor, *args in attempts:
        with pytest.raises(Conflict) as refused:
            world.run(use_case, actor, tid, *args)
        assert refused.value.code == "not_started", use_case.__name__
    entered = world.given(seeds.started("vtes", "sealed", players=2,
                                        settings={"product": {"source": "entered"}}))
    with pytest.raises(Conflict) as refused:       # before the player's entry is looked at
        world.run(sealed.late_arrival, organizer(entered), entered["tid"], ids(entered)[0])
    assert refused.value.code == "not_started"
    with pytest.raises(NotFound):
        sealed.progress(reads(world.rt), org, tid)
    with pytest.raises(NotFound):
        sealed.log(reads(world.rt), org, tid)
    assert events(world.rt, tid) == []


def test_only_the_events_players_act_on_the_product(world):
    event = world.given(seeds.started("vtes", "sealed", players=2))
    tid = event["tid"]
    hand_out(world, event, starter_trading=True)
    other = world.given(seeds.started("vtes", "sealed", players=2, n=1))
    for actor in (organizer(event), player(other, ids(other)[0])):
        with pytest.raises(Forbidden) as refused:
            world.run(sealed.offer_starter_trade, actor, tid, "S1", "S2")
        assert refused.value.code == "not_a_player"
        with pytest.raises(Forbidden) as refused:
            sealed.progress(reads(world.rt), player(other, ids(other)[0]), tid)
        assert refused.value.code == "not_a_player"
    with pytest.raises(Forbidden):
        world.run(sealed.open_product, player(event, ids(event)[0]), tid)
    with pytest.raises(Forbidden):
        sealed.log(reads(world.rt), player(event, ids(event)[0]), tid)
    assert events(world.rt, tid) == ["SealedStarted"]


def test_a_late_arrival_receives_their_own_product(world):
    event = world.given(seeds.started("vtes", "sealed", players=2))
    tid, org = event["tid"], organizer(event)
    hand_out(world, event)
    with pytest.raises(NotFound):
        world.run(sealed.late_arrival, org, tid, "p0000000000")
    late = seeds.late(world, tid)
    with pytest.raises(Forbidden):
        world.run(sealed.late_arrival, player(event, ids(event)[0]), tid, late)
    staff = world.run(sealed.late_arrival, org, tid, late)
    assert late in staff["players"]
    t = tournament_state(world.rt, tid)
    product = t.section("product")
    expected = allocate_one(product, product_sets(reads(world.rt), product), t.seed, late)
    state = world.rt.service.read(SEALED, tid)[0]
    assert sorted(state.pools[late]) == sorted(pool_of(expected))
    with pytest.raises(Conflict) as refused:
        world.run(sealed.late_arrival, org, tid, late)
    assert refused.value.code == "already_a_player"
    mine = sealed.progress(reads(world.rt), player(event, late), tid)
    assert sorted(mine["pools"][late]) == sorted(pool_of(expected))


def test_each_caller_sees_their_own_product_and_events(world):
    event = world.given(seeds.started("vtes", "sealed", players=2))
    tid, org = event["tid"], organizer(event)
    a, b = ids(event)
    hand_out(world, event)
    world.run(sealed.open_product, org, tid)
    assert sealed.progress(reads(world.rt), None, tid)["tournament_id"] == tid
    mine = sealed.progress(reads(world.rt), player(event, a), tid)
    assert list(mine["opened"]) == [a]
    assert set(sealed.progress(reads(world.rt), org, tid)["opened"]) == {a, b}
    feed = {e["type"]: e["data"]
            for e in sealed.events(world.reads, player(event, a), tid)["events"]}
    assert list(feed["SealedProductOpened"]["opened"]) == [a]
    public = {e["type"]: e["data"] for e in sealed.events(reads(world.rt), None, tid)["events"]}
    assert public["SealedProductOpened"]["opened"] == {} and "packs" not in public["SealedStarted"]
    log = sealed.log(reads(world.rt), org, tid)
    assert [e["type"] for e in log["events"]] == ["SealedStarted", "SealedProductOpened"]
