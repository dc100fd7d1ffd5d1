from dataclasses import replace

import pytest

from chalicelib.data.sets import sample_sets
from chalicelib.domain.decider import fold
from chalicelib.domain.draft.aggregate import DRAFT
from chalicelib.domain.draft.opening import open_pod_command
from chalicelib.domain.draft.roster.commands import ProvideLateArrival
from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.events import decode
from chalicelib.domain.product.allocation import deal_starters
from chalicelib.domain.profiles import resolve_settings

from .pod_helpers import T0, Pod, players, start


def test_start_draft_pods_starters_and_packs():
    draft, opens = start("vtes", 9)
    assert [len(o.seats) for o in opens] == [5, 4]  # V:EKN 7.5.1: roughly equal pods
    assert draft.rounds == 3
    # each pod's opening deals its players' starters (7.5.2); the start lists nobody's
    assert draft.starters is None
    assert sorted(p for o in opens for p in o.starters) == players(9)
    assert all(len(o.starters[p]) == 1 for o in opens for p in o.seats)
    seated = sorted(p for o in opens for p in o.seats)
    assert seated == players(9)
    assert all(len(pack) == 11 for o in opens for rnd in o.packs for pack in rnd)
    # the same seed gives the same pods and packs; another seed does not
    again, opens2 = start("vtes", 9)
    assert [o.packs for o in opens2] == [o.packs for o in opens] and again == draft
    _, other = start("vtes", 9, seed="seed-2")
    assert [o.packs for o in other] != [o.packs for o in opens]


def test_packs_subset_and_explicit_pods():
    draft, opens = start("mtg", 4, draft={"packs": 2},
                         explicit_pods=[["p04", "p03"], ["p02", "p01"]])
    assert draft.rounds == 2 and [o.seats for o in opens] == [["p04", "p03"], ["p02", "p01"]]
    with pytest.raises(Invalid):
        start("mtg", 4, draft={"packs": 5})
    with pytest.raises(Invalid):
        start("mtg", 4, explicit_pods=[["p01", "p02", "p03"]])
    with pytest.raises(Invalid):  # a draft needs boosters configured
        start("hack", 6, product={"boosters": []})
    _, hack = start("hack", 6)  # .hack defaults: four boosters of the shipped sample set
    assert len(hack[0].packs) == 4


def test_draft_aggregate_start_once_and_late_arrivals():
    draft_cmd, _ = start("mtg", 4)
    events = DRAFT.decide(draft_cmd, DRAFT.initial())
    state = fold(DRAFT, DRAFT.initial(), events)
    assert state.pod_of == {"p01": 1, "p02": 1, "p03": 1, "p04": 1}
    with pytest.raises(Conflict):
        DRAFT.decide(draft_cmd, state)
    late = ProvideLateArrival("p09", {"packs": [], "starters": []}, T0, "org")
    state = fold(DRAFT, state, DRAFT.decide(late, state))
    assert "p09" in state.late
    with pytest.raises(Conflict):
        DRAFT.decide(late, state)
    with pytest.raises(Conflict):
        DRAFT.decide(ProvideLateArrival("p01", {}, T0, "org"), state)
    with pytest.raises(Conflict):
        DRAFT.decide(late, DRAFT.initial())


def test_each_pod_opening_records_its_players_starters_unless_the_start_recorded_them():
    """V:EKN 7.5.2: the starters are dealt from the seed to the whole field; since
    DraftStarted version 3 each pod's opening records its own players', and a start
    recorded before (every player's, in the start) still opens pods that record none."""
    settings = resolve_settings("vtes", {})
    dealt = deal_starters(settings["product"], sample_sets(), "seed-1", players(9))
    command, opens = start("vtes", 9)
    (started,) = DRAFT.decide(command, DRAFT.initial())
    draft = fold(DRAFT, DRAFT.initial(), [started])
    for o in opens:
        pod = Pod(o)
        assert pod.events[0].data["starters"] == {p: dealt[p] for p in o.seats}
        assert all(draft.starters_of(p, pod.state) == dealt[p] for p in o.seats)
    old = decode("DraftStarted", {**started.data, "starters": dealt}, 2)
    before = fold(DRAFT, DRAFT.initial(), [old])
    assert before.starters == dealt and before.starters_of("p01") == dealt["p01"]
    again = open_pod_command(tournament="t1", draft=before, n=1, seed="seed-1",
                             product=settings["product"], settings=settings["draft"],
                             sets=sample_sets())
    assert again.starters is None and again == replace(opens[0], starters=None)
