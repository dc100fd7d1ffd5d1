"""The format registry without HTTP: every limited format's object says what is left of
its product phase and which pool a player builds from, along each format's own steps;
pools recorded at the table end a phase that did not begin in Podium; play has started
once a round is paired or seated."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chalicelib.application import (
    decks,
    draft,
    formats,
    mixed_draft,
    player_pool,
    roster_drafts,
    sealed,
    table_draft,
    trade,
)
from chalicelib.application.reads import Reads
from chalicelib.domain.decks import pools
from chalicelib.domain.draft.aggregate import POD
from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.sealed import SEALED
from chalicelib.domain.tournament import TOURNAMENT
from tests.application import seeds
from tests.application.conftest import organizer, player


def kinds(items):
    return [i["kind"] for i in items]


def state(rt, tid):
    return rt.service.read(TOURNAMENT, tid)[0]


def check(rt, tid):
    """(what is left of the phase, the first player's pool or the refusal's code)."""
    reads, t = Reads(rt.service, rt.views), state(rt, tid)
    try:
        pool = formats.pool_of(reads, t, t.order[0])
    except Conflict as exc:
        pool = exc.code
    return kinds(formats.open_items(reads, t)), pool


def test_every_limited_format_has_one_object():
    assert sorted(formats.FORMATS) == sorted(
        ["booster-draft", "table-draft", "mixed-draft", "sealed", "sealed-swap",
         "restricted-trade"])
    assert all(f.name == name for name, f in formats.FORMATS.items())


def test_booster_draft_from_its_start_to_its_last_pick(world):
    event = world.given(seeds.started("mtg", "booster-draft", players=4))
    tid, org = event["tid"], organizer(event)
    assert check(world.rt, tid) == (["draft_not_started"], None)
    world.run(draft.start, org, tid, None, None, None)
    assert check(world.rt, tid) == (["draft_pods_open"], "draft_not_finished")
    seats = [p["player_id"] for p in event["players"]]
    while not world.rt.service.read(POD, (tid, 1))[0].finished:
        for pid in seats:
            try:
                world.run(draft.pick_for, org, tid, 1, pid)
            except Conflict:
                pass            # nothing waiting for that player yet
            except Invalid as asked:   # 905.2b: the judge enters what the player chose
                assert asked.code == "note_required"
                choices = asked.details["choices"] or ["noted"]
                world.run(draft.pick_for, org, tid, 1, pid, choices[0])
    items, pool = check(world.rt, tid)
    assert items == [] and len(pool) == 45


@pytest.mark.parametrize("fmt", ["table-draft", "mixed-draft"])
def test_table_and_mixed_drafts_from_their_start_to_the_swept_end(world, fmt):
    product = {"boosters": [{"set": "sample-vtes", "count": 1}], "starters": []}
    event = world.given(seeds.started("vtes", fmt, players=4, settings={"product": product}))
    tid, org = event["tid"], organizer(event)
    assert check(world.rt, tid) == (["draft_not_started"], None)
    if fmt == "table-draft":
        world.run(table_draft.start, org, tid, None, None, None, 5, 0, None)
    else:
        world.run(mixed_draft.start, org, tid, None, None, None, 6, 5, 0, 5, None)
    assert check(world.rt, tid) == (["draft_pods_open"], "draft_not_finished")
    later = world.rt.service.clock() + timedelta(days=1)
    world.rt.service.clock = lambda: later
    roster_drafts.sweep_running(Reads(world.rt.service, world.rt.views))
    items, pool = check(world.rt, tid)
    assert items == [] and pool
    fmt_object = formats.FORMATS[fmt]
    t = state(world.rt, tid)
    read = lambda d, s: world.rt.service.read(d, s)[0]  # noqa: E731
    roster = fmt_object.roster(read, tid)
    pod = read(fmt_object.decider, (tid, 1))
    expected = (pools.table_draft_pool if fmt == "table-draft" else pools.mixed_draft_pool)(
        roster, pod, t.order[0])
    assert pool == expected


@pytest.mark.parametrize("fmt,steps", [
    ("sealed", ["sealed_not_opened"]),
    ("sealed-swap", ["sealed_not_opened", "swap_not_dealt"])])
def test_sealed_and_swap_until_the_final_pool(world, fmt, steps):
    event = world.given(seeds.started("vtes", fmt, players=4))
    tid, org = event["tid"], organizer(event)
    assert check(world.rt, tid) == (["sealed_not_handed_out"], None)
    world.run(sealed.start, org, tid, None, None, None, None)
    assert check(world.rt, tid) == ([steps[0]], None)
    world.run(sealed.open_product, org, tid)
    if fmt == "sealed-swap":
        assert check(world.rt, tid) == ([steps[1]], None)
        for p in event["players"]:
            world.run(sealed.register_product, player(event, p["player_id"]), tid, None)
        world.run(sealed.deal_swap, org, tid)
    items, pool = check(world.rt, tid)
    first = event["players"][0]["player_id"]
    assert items == [] and pool == player_pool.pool(world.reads, org, tid, first)["pool"]


def test_restricted_trade_waits_for_its_sealed_pools_then_its_pods(world):
    from tests.api.test_limited import split_pool

    product = {"boosters": [{"set": "sample-vtes", "count": 1}],
               "starters": [{"set": "sample-vtes", "count": 2}]}
    event = world.given(seeds.started("vtes", "restricted-trade", players=4,
                                      settings={"product": product}))
    tid, org = event["tid"], organizer(event)
    assert check(world.rt, tid) == (["sealed_not_handed_out"], None)
    world.run(sealed.start, org, tid, None, None, None, None)
    world.run(sealed.open_product, org, tid)
    assert check(world.rt, tid) == (["trade_pods_not_formed"], None)
    pools = world.rt.service.read(SEALED, tid)[0].pools
    for p in event["players"]:
        split = split_pool(list(pools[p["player_id"]]))
        world.run(trade.set_deck, player(event, p["player_id"]), tid, split["library"],
                  split["stock"], split["crypt"], split["sideboard"])
    world.run(trade.form_pods, org, tid, None, None)
    assert check(world.rt, tid) == (["trade_pods_open"], "trade_not_finished")


def record_pools(world, event, card):
    for p in event["players"]:
        world.run(decks.record_pool, organizer(event), event["tid"], p["player_id"], [card],
                  None)


@pytest.mark.parametrize("fmt", list(formats.FORMATS))
def test_pools_recorded_at_the_table_end_a_phase_that_did_not_begin_here(world, fmt):
    event = world.given(seeds.started("vtes", fmt, players=2))
    assert check(world.rt, event["tid"])[0] != []
    record_pools(world, event, "vt-aaron")
    assert check(world.rt, event["tid"])[0] == []


def test_recorded_pools_do_not_end_a_phase_that_began_here(world):
    event = world.given(seeds.started("vtes", "sealed", players=2))
    world.run(sealed.start, organizer(event), event["tid"], None, None, None, None)
    record_pools(world, event, "vt-aaron")
    assert check(world.rt, event["tid"])[0] == ["sealed_not_opened"]


def test_play_has_started_once_the_first_round_is_seated(world):
    from chalicelib.application import tables

    event = world.given(seeds.ready("vtes", "sealed", players=5))
    reads = Reads(world.rt.service, world.rt.views)
    assert not formats.play_started(reads, state(world.rt, event["tid"]))
    world.run(tables.seat_round, organizer(event), event["tid"])
    assert formats.play_started(reads, state(world.rt, event["tid"]))
