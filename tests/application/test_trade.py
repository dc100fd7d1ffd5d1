"""The restricted trade's use cases without HTTP: a set-up from the player's sealed pool
only once it is open (409 ``no_pool``) and only in a restricted trade, pods formed by
staff after the hand-out (409 ``not_started``) from the players with product, a pod's
commands for its players (403 ``not_a_player``, 404 for a pod that is not there), and
what the pod, its feed and its log show to whom."""
from __future__ import annotations

import pytest

from chalicelib.application import sealed, trade
from chalicelib.application.reads import Reads
from chalicelib.auth import Principal
from chalicelib.domain.errors import Conflict, Forbidden, Invalid, NotFound
from chalicelib.domain.sealed import SEALED
from chalicelib.domain.trade import TRADE_POD, TRADE_PREP
from tests.api.test_limited import split_pool
from tests.application import seeds
from tests.application.conftest import organizer, player

PRODUCT = {"boosters": [{"set": "sample-vtes", "count": 1}],
           "starters": [{"set": "sample-vtes", "count": 2}]}


def reads(rt):
    return Reads(rt.service, rt.views)


def types(rt, stream):
    return [e.type for e in rt.events.read(stream)]


def ids(event):
    return [p["player_id"] for p in event["players"]]


def restricted(world, players=4, opened=True):
    event = world.given(seeds.started("vtes", "restricted-trade", players=players,
                                      settings={"product": PRODUCT}))
    if opened:
        org = organizer(event)
        world.run(sealed.start, org, event["tid"], None, None, None, None)
        world.run(sealed.open_product, org, event["tid"])
    return event


def set_up(world, event, pid):
    pool = world.rt.service.read(SEALED, event['tid'])[0].pools[pid]
    split = split_pool(list(pool))
    return world.run(trade.set_deck, player(event, pid), event["tid"], split["library"],
                     split["stock"], split["crypt"], split["sideboard"])


def formed(world, players=4):
    event = restricted(world, players)
    for p in ids(event):
        set_up(world, event, p)
    world.run(trade.form_pods, organizer(event), event["tid"], [ids(event)], None)
    return event


def test_a_set_up_needs_an_open_sealed_pool_in_a_restricted_trade(world):
    event = restricted(world, opened=False)
    tid, me = event["tid"], player(event, ids(event)[0])
    empty = ([], [], [], [])
    with pytest.raises(Conflict) as refused:          # nothing handed out yet
        world.run(trade.set_deck, me, tid, *empty)
    assert refused.value.code == "no_pool"
    world.run(sealed.start, organizer(event), tid, None, None, None, None)
    with pytest.raises(Conflict) as refused:          # handed out, not opened
        world.run(trade.set_deck, me, tid, *empty)
    assert refused.value.code == "no_pool"
    with pytest.raises(Forbidden) as refused:
        world.run(trade.set_deck, organizer(event), tid, *empty)
    assert refused.value.code == "not_a_player"
    other = world.given(seeds.started("vtes", "sealed", players=2))
    with pytest.raises(Conflict) as refused:
        world.run(trade.set_deck, player(other, ids(other)[0]), other["tid"], *empty)
    assert refused.value.code == "wrong_format"
    assert types(world.rt, f"trade-{tid}") == [] and types(world.rt, f"trade-{other['tid']}") == []


def test_a_set_up_is_checked_against_the_pool(world):
    event = restricted(world)
    tid, pid = event["tid"], ids(event)[0]
    pool = list(world.rt.service.read(SEALED, tid)[0].pools[pid])
    split = split_pool(pool)
    with pytest.raises(Invalid) as refused:
        world.run(trade.set_deck, player(event, pid), tid, split["library"][:49],
                  split["stock"], split["crypt"] + [split["library"][0]], split["sideboard"])
    assert refused.value.code == "invalid_trade_deck"
    done = set_up(world, event, pid)
    facts = done.pop("card_facts")
    assert done == {"tournament_id": tid, "player_id": pid, **split}
    assert set(facts) == {card for zone in split.values() for card in zone}
    assert world.rt.service.read(TRADE_PREP, tid)[0].decks[pid]["library"] == \
        split["library"]


def test_staff_form_the_pods_after_the_hand_out(world):
    event = restricted(world, opened=False)
    tid, org = event["tid"], organizer(event)
    with pytest.raises(Conflict) as refused:
        world.run(trade.form_pods, org, tid, None, None)
    assert refused.value.code == "not_started"
    world.run(sealed.start, org, tid, None, None, None, None)
    world.run(sealed.open_product, org, tid)
    for p in ids(event)[:3]:
        set_up(world, event, p)
    with pytest.raises(Forbidden):
        world.run(trade.form_pods, player(event, ids(event)[0]), tid, None, None)
    with pytest.raises(Conflict) as refused:
        world.run(trade.form_pods, org, tid, None, None)
    assert refused.value.code == "setups_missing"
    assert refused.value.details == {"missing": [ids(event)[3]]}
    set_up(world, event, ids(event)[3])
    with pytest.raises(Invalid) as refused:
        world.run(trade.form_pods, org, tid, None, {"first": ids(event)[2]})
    assert refused.value.code == "invalid_first_seat"
    done = world.run(trade.form_pods, org, tid, None, {"1": ids(event)[2]})
    assert done["pods"] == [{"pod": 1, "players": done["pods"][0]["players"],
                             "first_seat": ids(event)[2]}]
    assert sorted(done["pods"][0]["players"]) == sorted(ids(event))
    pod = world.rt.service.read(TRADE_POD, (tid, 1))[0]
    assert pod.status == "trading" and pod.active_player == ids(event)[2]


def test_a_pods_commands_are_its_players(world):
    event = formed(world)
    tid = event["tid"]
    pod = world.rt.service.read(TRADE_POD, (tid, 1))[0]
    me = pod.active_player
    target = next(p for p in pod.players if p != me)
    slot = next(i for i, _ in enumerate(pod.stock[target]))
    with pytest.raises(Forbidden) as refused:
        world.run(trade.offer, organizer(event), tid, 1, target, slot)
    assert refused.value.code == "not_a_player"
    with pytest.raises(NotFound):
        world.run(trade.offer, player(event, me), tid, 2, target, slot)
    before = types(world.rt, f"trade-{tid}-1")
    with pytest.raises(Conflict) as refused:
        world.run(trade.offer, player(event, target), tid, 1, me, 0)
    assert refused.value.code == "not_your_turn"
    assert types(world.rt, f"trade-{tid}-1") == before
    done = world.run(trade.offer, player(event, me), tid, 1, target, slot)
    assert [e["type"] for e in done["events"]] == ["TradeOffered"]
    assert done["pod"]["active"] == me
    answered = world.run(trade.decline, player(event, target), tid, 1)
    assert "TradeDeclined" in [e["type"] for e in answered["events"]]


def test_the_pod_its_feed_and_its_log_show_what_each_caller_may_see(world):
    event = formed(world)
    tid, org = event["tid"], organizer(event)
    member = ids(event)[0]
    outsider = trade.pod_view(reads(world.rt), None, tid, 1)
    assert "stock" not in outsider and outsider["active"]
    mine = trade.pod_view(reads(world.rt), player(event, member), tid, 1)
    assert list(mine["decks"]) == [member] and set(mine["stock"]) == set(ids(event))
    assert set(trade.pod_view(reads(world.rt), org, tid, 1)["decks"]) == set(ids(event))
    for caller in (None, Principal("organizer", "o0123456789a")):
        with pytest.raises(Forbidden) as refused:
            trade.events(reads(world.rt), caller, tid, 1)
        assert refused.value.code == "not_in_pod"
    feed = trade.events(reads(world.rt), player(event, member), tid, 1)["events"]
    assert feed[0]["type"] == "TradePodStarted" and "decks" not in feed[0]["data"]
    assert feed[0]["data"]["my_deck"]["library"] == \
        world.rt.service.read(TRADE_PREP, tid)[0].decks[member]["library"]
    with pytest.raises(Forbidden):
        trade.log(reads(world.rt), player(event, member), tid, 1)
    log = trade.log(reads(world.rt), org, tid, 1)
    assert log["pod"] == 1 and log["events"][0]["data"]["decks"]
    with pytest.raises(NotFound):
        trade.pod_view(reads(world.rt), org, tid, 2)
