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
from tests.api.test_product_entries import VTES, entered_draft, mtg_entry, pack


def types(rt, stream):
    return [e.type for e in rt.events.read(stream)]


def enter(cases, org, tid, pid, body):
    """As the route passes a body: every pack and starter with its optional fields."""
    packs = [{"set": None, "booster": None, **p} for p in body.get("packs", [])]
    starters = [{"set": None, **s} for s in body.get("starters", [])]
    return cases.run(product.enter, org, tid, pid, packs, starters, None)


def owner(rt, tid):
    return Principal("organizer", rt.service.read(TOURNAMENT, tid)[0].organizer_id)


def start_draft(rt, org, tid, start=None):
    """The draft's start as its route runs it, through the hand-out's lock."""
    start = start or (lambda uow, entered: Reply(201, draft.start(uow, org, tid, None, None,
                                                                  entered)))
    return handout.run_start(Reads(rt.service, rt.views), org, tid, "draft", None, start, None)


def test_a_start_refused_in_its_rehearsal_records_nothing(api, rt, cases):
    s = entered_draft(api, 2)
    tid = s["tid"]
    org = owner(rt, tid)
    ids = [p["player_id"] for p in s["players"]]
    created, doc = enter(cases, org, tid, ids[0], {"packs": mtg_entry(ids[0])["packs"]})
    assert created and doc["revision"] == 1
    with pytest.raises(Invalid) as refused:
        start_draft(rt, org, tid)
    assert refused.value.code == "invalid_entered_product"
    assert types(rt, f"product-{tid}") == [] and types(rt, f"draft-{tid}") == []


def test_a_start_refused_after_the_lock_unlocks_the_gate(api, rt, cases):
    s = entered_draft(api, 2)
    tid = s["tid"]
    org = owner(rt, tid)
    for p in s["players"]:
        enter(cases, org, tid, p["player_id"], mtg_entry(p["player_id"]))

    def start(uow, entered):
        if not entered.rehearsal:       # something changed between rehearsal and start
            raise Conflict("changed meanwhile")
        return Reply(201, draft.start(uow, org, tid, None, None, entered))
    with pytest.raises(Conflict):
        start_draft(rt, org, tid, start)
    assert types(rt, f"product-{tid}") == ["EnteredProductLocked", "EnteredProductUnlocked"]
    reply = start_draft(rt, org, tid)
    assert reply.status == 201
    assert types(rt, f"product-{tid}")[2:] == ["EnteredProductLocked",
                                                "EnteredProductHandedOut"]
    opened = rt.events.read(f"pod-{tid}-1")[0].data
    seat = opened["seats"].index(s["players"][0]["player_id"])
    assert [opened["packs"][r][seat] for r in range(3)] == \
        [p["cards"] for p in mtg_entry(s["players"][0]["player_id"])["packs"]]


def test_a_table_drafts_late_arrival_receives_the_product_entered_for_them(api, rt, cases):
    org_key = api.organizer()
    tid = api.tournament(org_key, "vtes", "table-draft", settings={
        "product": {"source": "entered", "boosters": [{"set": "sample-vtes", "count": 1}],
                    "starters": []}, "draft": {"packs": 1}})["tournament_id"]
    ids = [api.register(tid, f"P{i}", token=org_key)["player_id"] for i in range(4)]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org_key).status == 200
    org = owner(rt, tid)
    for pid in ids:
        enter(cases, org, tid, pid, {"packs": [{"cards": pack(VTES, pid)}]})
    assert handout.run_start(
        Reads(rt.service, rt.views), org, tid, "table-draft", None,
        lambda uow, entered: Reply(201, table_draft.start(
            uow, org, tid, None, None, None, None, None, entered)), None).status == 201
    late = api.register(tid, "Late", token=org_key)["player_id"]
    enter(cases, org, tid, late, {"packs": [{"cards": pack(VTES, late)}]})
    got = cases.run(roster_drafts.late_arrival, org, table_draft.TABLE, tid, late)
    assert Counter(got["pool"]) == Counter(pack(VTES, late))
    assert types(rt, f"product-{tid}-{late}") == ["PlayerProductEntered",
                                                  "PlayerProductHandedOut"]
