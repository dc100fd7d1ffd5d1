"""The booster draft's use cases without HTTP: a pick's document read off the pod it
produced (due auto-picks counted), staff picks, the scheduled sweep, a replacement pack
collated from the seed, late arrivals (collated or entered product), the refusals'
codes, and the pool as the player and the staff see it."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chalicelib.application import draft, draft_pods, player_pool
from chalicelib.application.reads import Reads
from chalicelib.data.sets import sample_sets
from chalicelib.domain.draft.aggregate import POD
from chalicelib.domain.draft.decide import advance
from chalicelib.domain.errors import Conflict, Forbidden, Invalid, NotFound
from chalicelib.domain.product.collation import collate
from chalicelib.domain.rng import derive
from chalicelib.domain.tournament import TOURNAMENT
from tests.application import seeds
from tests.application.conftest import organizer, player


def started(world, game="mtg", players=4, n=0, **settings):
    event = world.given(seeds.started(game, "booster-draft", players=players,
                                      settings=settings, n=n))
    world.run(draft.start, organizer(event), event["tid"], None, None, None)
    return event


def pod(rt, tid, n=1):
    return rt.service.read(POD, (tid, n))[0]


def events(rt, stream):
    return [e.type for e in rt.events.read(stream)]


def later(rt, seconds):
    moment = rt.service.clock() + timedelta(seconds=seconds)
    rt.service.clock = lambda: moment


def reads(rt):
    return Reads(rt.service, rt.views)


def test_a_pick_is_answered_from_the_pod_it_produced(world):
    event = started(world, draft={"pick_seconds": 30})
    tid = event["tid"]
    seats = pod(world.rt, tid).seats
    first = player(event, seats[0])
    pack = pod(world.rt, tid).current_pack(0)
    done = world.run(draft.pick, first, tid, 1, pack[0], 1, 1, None)
    assert done["picked"] == {"card": pack[0], "round": 1, "pick": 1, "note": None}
    assert done["auto_picks"] == 0 and done["me"]["pick_count"] == 1
    # the others' timers run out: their picks are applied (and counted) before the next
    later(world.rt, 31)
    second = player(event, seats[1])
    caught, due = advance(pod(world.rt, tid), draft_pods.ms(world.rt.service.clock()))
    card = caught.current_pack(1)[0]
    done = world.run(draft.pick, second, tid, 1, card, None, None, None)
    assert done["auto_picks"] == len(due) == pod(world.rt, tid).pick_count - 2
    assert done["auto_picks"] >= 3 and done["picked"] == {
        "card": card, "round": 1, "pick": 2, "note": None}


def test_refusals_answer_with_one_code_and_record_nothing(world):
    event = started(world)
    tid, org = event["tid"], organizer(event)
    before = events(world.rt, f"pod-{tid}-1")
    seats = pod(world.rt, tid).seats
    outsider = world.given(seeds.started("mtg", "booster-draft", players=2))
    with pytest.raises(Forbidden) as refused:
        world.run(draft.pick, player(outsider, outsider["players"][0]["player_id"]), tid, 1,
                  "x", None, None, None)
    assert refused.value.code == "not_a_player"
    with pytest.raises(Forbidden) as refused:
        world.run(draft.pick, org, tid, 1, "x", None, None, None)
    assert refused.value.code == "not_a_player"
    with pytest.raises(Conflict) as refused:
        world.run(draft.pick, player(event, seats[0]), tid, 1, "x", 2, None, None)
    assert refused.value.code == "stale_pick"
    with pytest.raises(NotFound) as refused:
        world.run(draft.pick_for, org, tid, 1, "p0000000000")
    assert refused.value.code == "not_in_pod"
    with pytest.raises(Conflict) as refused:
        world.run(draft.start, org, tid, None, None, None)
    assert refused.value.code == "already_started"
    assert events(world.rt, f"pod-{tid}-1") == before


def test_the_start_refuses_another_format_or_a_tournament_not_running(world):
    sealed = world.given(seeds.started("vtes", "sealed", players=2))
    with pytest.raises(Conflict) as refused:
        world.run(draft.start, organizer(sealed), sealed["tid"], None, None, None)
    assert refused.value.code == "wrong_format"
    tid = seeds.created(world, "mtg", "booster-draft")["tournament_id"]
    owner = world.rt.service.read(TOURNAMENT, tid)[0].organizer_id
    from chalicelib.auth import Principal
    with pytest.raises(Conflict) as refused:
        world.run(draft.start, Principal("organizer", owner), tid, None, None, None)
    assert refused.value.code == "not_running"


def test_a_staff_pick_takes_the_players_pick_and_says_who_took_it(world):
    event = started(world)
    tid, org = event["tid"], organizer(event)
    absent = pod(world.rt, tid).seats[0]
    pack = pod(world.rt, tid).current_pack(0)
    taken = world.run(draft.pick_for, org, tid, 1, absent)
    assert (taken["round"], taken["pick"], taken["by"]) == (1, 1, org.id)
    last = pod(world.rt, tid).picks[0][-1]
    assert last.card in pack and last.auto and taken["cards_left"] == pod(world.rt, tid).cards_left
    with pytest.raises(Conflict) as refused:         # nothing waits for them yet
        world.run(draft.pick_for, org, tid, 1, absent)
    assert refused.value.code == "not_their_turn"
    with pytest.raises(Forbidden):
        world.run(draft.pick_for, player(event, pod(world.rt, tid).seats[1]), tid, 1, absent)


def test_the_scheduled_sweep_applies_every_running_drafts_expired_timers(world):
    a = started(world, draft={"pick_seconds": 30})
    b = started(world, n=1, draft={"pick_seconds": 30})
    draft_pods.sweep_running(reads(world.rt))
    assert pod(world.rt, a["tid"]).pick_count == pod(world.rt, b["tid"]).pick_count == 0
    later(world.rt, 31)
    draft_pods.sweep_running(reads(world.rt))
    assert pod(world.rt, a["tid"]).pick_count == pod(world.rt, b["tid"]).pick_count == 4
    assert all(p.auto for seat in pod(world.rt, a["tid"]).picks for p in seat)
    swept = world.run(lambda uow: draft_pods.sweep_pod(uow, a["tid"], 1))
    assert swept == {"pod": 1, "auto_picks": 0, "status": "drafting"}


def test_a_replacement_pack_is_collated_from_the_seed(world):
    event = started(world)
    tid, org = event["tid"], organizer(event)
    before = pod(world.rt, tid)
    meta = before.pack_meta[1][1]
    r = world.run(draft.replace_pack, org, tid, 1, 2, 2, "13 cards", None)
    seed = world.rt.service.read(TOURNAMENT, tid)[0].seed
    expected = collate(sample_sets()[meta["set"]], meta["booster"],
                       derive(seed, "replacement", 1, 2, 2, 0))
    assert pod(world.rt, tid).packs_by_round[1][1] == tuple(expected)
    assert r["cards"] == len(expected) and r["replacements"][0]["seat"] == 2
    with pytest.raises(Invalid) as refused:
        world.run(draft.replace_pack, org, tid, 1, 9, 1, "no such seat", None)
    assert refused.value.code == "no_such_pack"
    world.run(draft.pick, player(event, before.seats[0]), tid, 1,
              before.current_pack(0)[0], None, None, None)
    with pytest.raises(Conflict) as refused:
        world.run(draft.replace_pack, org, tid, 1, 1, 1, "too late", None)
    assert refused.value.code == "pack_opened"


def test_late_arrivals_receive_sealed_product_once_the_draft_started(world):
    event = world.given(seeds.started("mtg", "booster-draft", players=4))
    tid, org = event["tid"], organizer(event)
    early = event["players"][0]["player_id"]
    with pytest.raises(Conflict) as refused:
        world.run(draft.late_arrival, org, tid, early)
    assert refused.value.code == "not_started"
    world.run(draft.start, org, tid, None, None, None)
    with pytest.raises(Conflict) as refused:            # drafting in a pod
        world.run(draft.late_arrival, org, tid, early)
    assert refused.value.code == "already_has_product"
    late = seeds.late(world, tid)
    got = world.run(draft.late_arrival, org, tid, late)
    assert got["pool"] and len(got["product"]["packs"]) == 3
    with pytest.raises(Conflict) as refused:
        world.run(draft.late_arrival, org, tid, late)
    assert refused.value.code == "already_has_product"
    pool = player_pool.pool(reads(world.rt), player(event, late), tid, late)
    assert (pool["source"], pool["pool"]) == ("late-sealed", got["pool"])


def test_the_pool_shows_the_picks_as_the_profile_allows(world):
    event = started(world, game="hack", players=6)
    tid, org = event["tid"], organizer(event)
    first = pod(world.rt, tid).seats[0]
    world.run(draft.pick, player(event, first), tid, 1, pod(world.rt, tid).current_pack(0)[0],
              None, None, None)
    own = player_pool.pool(reads(world.rt), player(event, first), tid, first)
    assert own["picks"] is None and own["pool"] is None      # .hack: after the draft
    staff = player_pool.pool(reads(world.rt), org, tid, first)
    assert len(staff["picks"]) == 1 and staff["complete"] is False
    with pytest.raises(Forbidden):
        player_pool.pool(reads(world.rt), player(event, pod(world.rt, tid).seats[1]), tid, first)
