"""The table (V:EKN 7.7) and mixed (7.8) drafts' use cases without HTTP: the review time
from the draft profile, a pick's document with the expiries applied before it, who may
look at a seat (one refusal, one code), staff picks, replacements without cards, late
arrivals and the scheduled sweep of both drafts."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chalicelib.application import mixed_draft, registration, roster_drafts, table_draft
from chalicelib.application.reads import Reads
from chalicelib.data.sets import sample_sets
from chalicelib.domain.errors import Conflict, Forbidden, Invalid
from chalicelib.domain.mixed_draft import MIXED_DRAFT
from chalicelib.domain.product.collation import collate
from chalicelib.domain.rng import derive
from chalicelib.domain.table_draft import TABLE_DRAFT
from chalicelib.domain.table_draft.decide import advance
from tests.application import seeds
from tests.application.conftest import organizer, player

TABLE = table_draft.TABLE

ONE_BOOSTER = {"boosters": [{"set": "sample-vtes", "count": 1}], "starters": []}


def event_of(world, fmt="table-draft", players=4, **draft):
    return world.given(seeds.started("vtes", fmt, players=players, settings={
        "product": ONE_BOOSTER, "draft": {"packs": 1, **draft}}))


def start_table(world, event, pick_seconds=None, review_seconds=None, pods=None):
    return world.run(table_draft.start, organizer(event), event["tid"], pods, None, None,
                     pick_seconds, review_seconds, None)


def table(rt, tid, n=1):
    return rt.service.read(TABLE_DRAFT, (tid, n))[0]


def later(rt, seconds):
    moment = rt.service.clock() + timedelta(seconds=seconds)
    rt.service.clock = lambda: moment


def reads(rt):
    return Reads(rt.service, rt.views)


def caught_up_picker(rt, tid):
    """Who picks once every timer due now has been applied."""
    caught, _ = advance(table(rt, tid), rt.service.clock())
    return caught.picker


def table_pack(k):
    return collate(sample_sets()["sample-vtes"], "booster", derive("entered", k))


@pytest.mark.parametrize("profile,given,expected", [
    ({}, None, 20), ({"table_review_seconds": 7}, None, 7), ({"table_review_seconds": 7}, 0, 0)])
def test_the_review_time_comes_from_the_draft_profile(world, profile, given, expected):
    event = event_of(world, **profile)
    started = start_table(world, event, review_seconds=given)
    assert started["settings"]["review_seconds"] == expected
    assert table(world.rt, event["tid"]).review_seconds == expected


def test_a_mixed_drafts_review_time_comes_from_the_profile_too(world):
    event = event_of(world, "mixed-draft", table_review_seconds=9)
    started = world.run(mixed_draft.start, organizer(event), event["tid"], None, None, None,
                        6, None, None, None, None)
    assert started["settings"]["review_seconds"] == 9
    state = world.rt.service.read(MIXED_DRAFT, (event['tid'], 1))[0]
    assert state.crypt.review_seconds == 9


def test_a_pick_answers_with_the_expiries_applied_before_it(world):
    event = event_of(world)
    tid = event["tid"]
    start_table(world, event, pick_seconds=30, review_seconds=0)
    first = table(world.rt, tid).picker
    later(world.rt, 31)                                   # the first picker's timer ran out
    second = caught_up_picker(world.rt, tid)
    card = next(c["card"] for c in table(world.rt, tid).table[1:])
    done = world.run(table_draft.pick, player(event, second), tid, 1, card, None)
    assert [p["player"] for p in done["auto_picks"]] == [first]
    assert done["picked"]["player"] == second and done["picked"]["card"] == card
    assert not done["picked"]["auto"] and done["me"]["status"] == "drafting"


def test_who_may_look_at_a_seat(world):
    event = event_of(world, players=8)
    tid, org = event["tid"], organizer(event)
    ids = [p["player_id"] for p in event["players"]]
    start_table(world, event, pods=[ids[:4], ids[4:]])
    with pytest.raises(Forbidden) as refused:
        roster_drafts.seat(reads(world.rt), org, TABLE, tid, 1)
    assert refused.value.code == "not_a_player"
    with pytest.raises(Forbidden) as refused:
        roster_drafts.seat(reads(world.rt), player(event, ids[5]), TABLE, tid, 1)
    assert refused.value.code == "not_in_pod"
    seated = roster_drafts.seat(reads(world.rt), player(event, ids[0]), TABLE, tid, 1)
    assert seated["status"] == "drafting"


def test_a_staff_pick_and_a_replacement_whose_contents_are_unknown(world):
    event = event_of(world)
    tid, org = event["tid"], organizer(event)
    ids = [p["player_id"] for p in event["players"]]
    # a second pack beyond the product's one booster: what it should hold is unknown
    packs = {pid: [table_pack(k), table_pack(k + 10)] for k, pid in enumerate(ids)}
    world.run(table_draft.start, org, tid, [ids], None, packs, None, 0, None)
    with pytest.raises(Invalid) as refused:
        world.run(table_draft.replace_pack, org, tid, 1, 2, 2, "torn", None)
    assert refused.value.code == "cards_required"
    picker = table(world.rt, tid).picker
    taken = world.run(table_draft.pick_for, org, tid, 1, picker, None)
    assert taken["by"] == org.id and taken["picked"]["player"] == picker
    with pytest.raises(Conflict) as refused:
        world.run(table_draft.pick_for, org, tid, 1, picker, None)
    assert refused.value.code == "not_their_turn"


def test_late_arrivals_of_a_table_draft(world):
    event = event_of(world)
    tid, org = event["tid"], organizer(event)
    early = event["players"][0]["player_id"]
    with pytest.raises(Conflict) as refused:
        world.run(roster_drafts.late_arrival, org, TABLE, tid, early)
    assert refused.value.code == "not_started"
    start_table(world, event)
    with pytest.raises(Conflict) as refused:
        world.run(roster_drafts.late_arrival, org, TABLE, tid, early)
    assert refused.value.code == "already_has_product"
    late = world.run(registration.register, organizer(event), tid, "Late", None,
                     "pdm_late_" + "0" * 34)["player"]["player_id"]
    got = world.run(roster_drafts.late_arrival, org, TABLE, tid, late)
    assert len(got["pool"]) == 11


def test_the_sweep_catches_up_every_running_table_and_mixed_draft(world):
    tabled, mixed = event_of(world), event_of(world, "mixed-draft")
    start_table(world, tabled, pick_seconds=5, review_seconds=0)
    world.run(mixed_draft.start, organizer(mixed), mixed["tid"], None, None, None, 6, 5, 0, 5,
              None)
    roster_drafts.sweep_running(reads(world.rt))
    assert table(world.rt, tabled["tid"]).picks == 0
    later(world.rt, 24 * 3600)
    roster_drafts.sweep_running(reads(world.rt))
    assert table(world.rt, tabled["tid"]).status == "completed"
    assert world.rt.service.read(MIXED_DRAFT, (mixed['tid'], 1))[0].status == "completed"
    assert list(world.rt.views.list("limited-active", limit=10)) == []
