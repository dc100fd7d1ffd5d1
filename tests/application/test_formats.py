"""The format registry without HTTP: every limited format's object says what is left of
its product phase and which pool a player builds from, along each format's own steps;
pools recorded at the table end a phase that did not begin in Podium; play has started
once a round is paired or seated."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chalicelib.application import draft, formats, mixed_draft, roster_drafts, table_draft
from chalicelib.application.reads import Reads
from chalicelib.domain.decks import pools
from chalicelib.domain.draft.aggregate import POD
from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.tournament import TOURNAMENT
from tests.application.conftest import organizer


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


def test_booster_draft_from_its_start_to_its_last_pick(api, rt, cases):
    event = api.started("mtg", "booster-draft", players=4)
    tid, org = event["tid"], organizer(event)
    assert check(rt, tid) == (["draft_not_started"], None)
    cases.run(draft.start, org, tid, None, None, None)
    assert check(rt, tid) == (["draft_pods_open"], "draft_not_finished")
    seats = [p["player_id"] for p in event["players"]]
    while not rt.service.read(POD, (tid, 1))[0].finished:
        for pid in seats:
            try:
                cases.run(draft.pick_for, org, tid, 1, pid)
            except Conflict:
                pass            # nothing waiting for that player yet
            except Invalid as asked:   # 905.2b: the judge enters what the player chose
                assert asked.code == "note_required"
                choices = asked.details["choices"] or ["noted"]
                cases.run(draft.pick_for, org, tid, 1, pid, choices[0])
    items, pool = check(rt, tid)
    assert items == [] and len(pool) == 45


@pytest.mark.parametrize("fmt", ["table-draft", "mixed-draft"])
def test_table_and_mixed_drafts_from_their_start_to_the_swept_end(api, rt, cases, fmt):
    product = {"boosters": [{"set": "sample-vtes", "count": 1}], "starters": []}
    event = api.started("vtes", fmt, players=4, settings={"product": product})
    tid, org = event["tid"], organizer(event)
    assert check(rt, tid) == (["draft_not_started"], None)
    if fmt == "table-draft":
        cases.run(table_draft.start, org, tid, None, None, None, 5, 0, None)
    else:
        cases.run(mixed_draft.start, org, tid, None, None, None, 6, 5, 0, 5, None)
    assert check(rt, tid) == (["draft_pods_open"], "draft_not_finished")
    later = rt.service.clock() + timedelta(days=1)
    rt.service.clock = lambda: later
    roster_drafts.sweep_running(Reads(rt.service, rt.views))
    items, pool = check(rt, tid)
    assert items == [] and pool
    fmt_object = formats.FORMATS[fmt]
    t = state(rt, tid)
    read = lambda d, s: rt.service.read(d, s)[0]  # noqa: E731
    roster = fmt_object.roster(read, tid)
    pod = read(fmt_object.decider, fmt_object.pod_stream(tid, 1))
    expected = (pools.table_draft_pool if fmt == "table-draft" else pools.mixed_draft_pool)(
        roster, pod, t.order[0])
    assert pool == expected


@pytest.mark.parametrize("fmt,steps", [
    ("sealed", ["sealed_not_opened"]),
    ("sealed-swap", ["sealed_not_opened", "swap_not_dealt"])])
def test_sealed_and_swap_until_the_final_pool(api, rt, fmt, steps):
    event = api.started("vtes", fmt, players=4)
    tid, org = event["tid"], event["organizer"]
    assert check(rt, tid) == (["sealed_not_handed_out"], None)
    base = f"/v1/tournaments/{tid}/sealed"
    assert api.post(base, token=org).status == 201
    assert check(rt, tid) == ([steps[0]], None)
    assert api.post(base + "/open", token=org).status == 200
    if fmt == "sealed-swap":
        assert check(rt, tid) == ([steps[1]], None)
        for p in event["players"]:
            assert api.post(base + "/registrations", token=p["token"]).status == 201
        assert api.post(base + "/swap", token=org).status == 200
    items, pool = check(rt, tid)
    assert items == [] and pool == api.get(
        f"/v1/tournaments/{tid}/players/{event['players'][0]['player_id']}/pool",
        token=org).body["pool"]


def test_restricted_trade_waits_for_its_sealed_pools_then_its_pods(api, rt):
    from tests.api.test_limited import split_pool

    product = {"boosters": [{"set": "sample-vtes", "count": 1}],
               "starters": [{"set": "sample-vtes", "count": 2}]}
    event = api.started("vtes", "restricted-trade", players=4, settings={"product": product})
    tid, org = event["tid"], event["organizer"]
    sealed, base = f"/v1/tournaments/{tid}/sealed", f"/v1/tournaments/{tid}/trade"
    assert check(rt, tid) == (["sealed_not_handed_out"], None)
    api.post(sealed, token=org)
    api.post(sealed + "/open", token=org)
    assert check(rt, tid) == (["trade_pods_not_formed"], None)
    for p in event["players"]:
        pool = api.get(sealed, token=p["token"]).body["pools"][p["player_id"]]
        assert api.post(base + "/setup", split_pool(pool), token=p["token"]).status == 200
    assert api.post(base + "/pods", {}, token=org).status == 201
    assert check(rt, tid) == (["trade_pods_open"], "trade_not_finished")


def record_pools(api, event, card):
    for p in event["players"]:
        r = api.post(f"/v1/tournaments/{event['tid']}/decks/pools/{p['player_id']}",
                     {"cards": [card]}, token=event["organizer"])
        assert r.status == 201, r.body


@pytest.mark.parametrize("fmt", list(formats.FORMATS))
def test_pools_recorded_at_the_table_end_a_phase_that_did_not_begin_here(api, rt, fmt):
    event = api.started("vtes", fmt, players=2)
    assert check(rt, event["tid"])[0] != []
    record_pools(api, event, "vt-aaron")
    assert check(rt, event["tid"])[0] == []


def test_recorded_pools_do_not_end_a_phase_that_began_here(api, rt):
    event = api.started("vtes", "sealed", players=2)
    assert api.post(f"/v1/tournaments/{event['tid']}/sealed",
                    token=event["organizer"]).status == 201
    record_pools(api, event, "vt-aaron")
    assert check(rt, event["tid"])[0] == ["sealed_not_opened"]


def test_play_has_started_once_the_first_round_is_seated(api, rt, cases):
    from chalicelib.application import tables

    event = api.ready("vtes", "sealed", players=5)
    reads = Reads(rt.service, rt.views)
    assert not formats.play_started(reads, state(rt, event["tid"]))
    cases.run(tables.seat_round, organizer(event), event["tid"])
    assert formats.play_started(reads, state(rt, event["tid"]))
