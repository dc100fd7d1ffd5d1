"""Entered product handed out without HTTP: a start refused in its rehearsal records
nothing, a start refused after the lock unlocks the gate again, a start that succeeds
hands every entry out with it, and a late arrival of a table draft receives the product
entered for them (7.2.6)."""
from __future__ import annotations

from collections import Counter

import pytest

from chalicelib.application import draft, handout, product, roster_drafts, table_draft
from chalicelib.application.reads import Reads
from chalicelib.auth import Principal
from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.tournament import TOURNAMENT
from chalicelib.service import Reply
from tests.api.test_product_entries import VTES, mtg_entry, pack
from tests.application import seeds

ENTERED = {"product": {"source": "entered"}}


def types(rt, stream):
    return [e.type for e in rt.events.read(stream)]


def enter(world, org, tid, pid, body):
    """As the route passes a body: every pack and starter with its optional fields."""
    packs = [{"set": None, "booster": None, **p} for p in body.get("packs", [])]
    starters = [{"set": None, **s} for s in body.get("starters", [])]
    return world.run(product.enter, org, tid, pid, packs, starters, None)


def owner(rt, tid):
    return Principal("organizer", rt.service.read(TOURNAMENT, tid)[0].organizer_id)


def start_draft(rt, org, tid, start=None):
    """The draft's start as its route runs it, through the hand-out's lock."""
    start = start or (lambda uow, entered: Reply(201, draft.start(uow, org, tid, None, None,
                                                                  entered)))
    return handout.run_start(Reads(rt.service, rt.views), org, tid, "draft", None, start, None)


def test_a_start_refused_in_its_rehearsal_records_nothing(world):
    s = world.given(seeds.started("mtg", "booster-draft", players=2, settings=ENTERED))
    tid = s["tid"]
    org = owner(world.rt, tid)
    ids = [p["player_id"] for p in s["players"]]
    created, doc = enter(world, org, tid, ids[0], {"packs": mtg_entry(ids[0])["packs"]})
    assert created and doc["revision"] == 1
    with pytest.raises(Invalid) as refused:
        start_draft(world.rt, org, tid)
    assert refused.value.code == "invalid_entered_product"
    assert types(world.rt, f"product-{tid}") == [] and types(world.rt, f"draft-{tid}") == []


def test_a_start_refused_after_the_lock_unlocks_the_gate(world):
    s = world.given(seeds.started("mtg", "booster-draft", players=2, settings=ENTERED))
    tid = s["tid"]
    org = owner(world.rt, tid)
    for p in s["players"]:
        enter(world, org, tid, p["player_id"], mtg_entry(p["player_id"]))

    def start(uow, entered):
        if not entered.rehearsal:       # something changed between rehearsal and start
            raise Conflict("changed meanwhile")
        return Reply(201, draft.start(uow, org, tid, None, None, entered))
    with pytest.raises(Conflict):
        start_draft(world.rt, org, tid, start)
    assert types(world.rt, f"product-{tid}") == ["EnteredProductLocked", "EnteredProductUnlocked"]
    reply = start_draft(world.rt, org, tid)
    assert reply.status == 201
    assert types(world.rt, f"product-{tid}")[2:] == ["EnteredProductLocked",
                                                "EnteredProductHandedOut"]
    opened = world.rt.events.read(f"pod-{tid}-1")[0].data
    seat = opened["seats"].index(s["players"][0]["player_id"])
    assert [opened["packs"][r][seat] for r in range(3)] == \
        [p["cards"] for p in mtg_entry(s["players"][0]["player_id"])["packs"]]


def test_a_table_drafts_late_arrival_receives_the_product_entered_for_them(world):
    event = world.given(seeds.started("vtes", "table-draft", players=4, settings={
        "product": {"source": "entered", "boosters": [{"set": "sample-vtes", "count": 1}],
                    "starters": []}, "draft": {"packs": 1}}))
    tid, ids = event["tid"], [p["player_id"] for p in event["players"]]
    org = owner(world.rt, tid)
    for pid in ids:
        enter(world, org, tid, pid, {"packs": [{"cards": pack(VTES, pid)}]})
    assert handout.run_start(
        Reads(world.rt.service, world.rt.views), org, tid, "table-draft", None,
        lambda uow, entered: Reply(201, table_draft.start(
            uow, org, tid, None, None, None, None, None, entered)), None).status == 201
    late = seeds.late(world, tid)
    enter(world, org, tid, late, {"packs": [{"cards": pack(VTES, late)}]})
    got = world.run(roster_drafts.late_arrival, org, table_draft.TABLE, tid, late)
    assert Counter(got["pool"]) == Counter(pack(VTES, late))
    assert types(world.rt, f"product-{tid}-{late}") == ["PlayerProductEntered",
                                                  "PlayerProductHandedOut"]
