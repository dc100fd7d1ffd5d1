"""Pods of table and mixed drafts, late arrivals (7.2.6) and final pools."""
from __future__ import annotations

import pytest

from chalicelib.domain.errors import Conflict
from chalicelib.domain.mixed_draft import MIXED_DRAFT
from chalicelib.domain.mixed_draft.pools import final_pool as mixed_pool
from chalicelib.domain.table_draft import TABLE_DRAFT, Pick, StartTableDraft
from chalicelib.domain.table_draft.aggregate import TABLE_DRAFT_ROSTER
from chalicelib.domain.table_draft.pools import final_pool
from chalicelib.domain.table_draft.roster.commands import AddLateArrival, FormPods

from .helpers import Run, at

STARTER = {"set": "s", "starter": "lumen", "cards": ["st-1", "st-2"]}


def roster():
    run = Run(TABLE_DRAFT_ROSTER)
    with pytest.raises(Conflict):
        run(AddLateArrival(player="late", allocation={"packs": []}, now=at(0)))
    run(FormPods(capability="table-draft", pods=[["a", "b"]], first_seats=["b"],
                 starters={"a": [STARTER], "b": []}, now=at(0)))
    return run


def test_pods_once_and_late_arrivals_get_sealed_product():
    run = roster()
    with pytest.raises(Conflict):
        run(FormPods(capability="table-draft", pods=[["a"]], first_seats=["a"], now=at(1)))
    run(AddLateArrival(player="late", allocation={"starters": [STARTER],
                                                  "packs": [{"cards": ["x", "y"]}]}, now=at(1)))
    with pytest.raises(Conflict):
        run(AddLateArrival(player="late", allocation={"packs": []}, now=at(2)))
    with pytest.raises(Conflict):
        run(AddLateArrival(player="a", allocation={"packs": []}, now=at(2)))
    assert final_pool(run.state, None, "late") == ["st-1", "st-2", "x", "y"]
    assert mixed_pool(run.state, None, "late") == ["st-1", "st-2", "x", "y"]
    assert run.state.pod_of("b") == 1 and run.state.pod_of("late") is None


def test_final_table_pool_is_starters_plus_picks_once_complete():
    r = roster()
    pod = Run(TABLE_DRAFT)
    pod(StartTableDraft(pod=1, players=["a", "b"], first_seat="b", packs=[[["c1"]], [["c2"]]],
                        kinds={"c1": "library", "c2": "library"}, review_seconds=0, now=at(0)))
    assert final_pool(r.state, pod.state, "a") is None
    pod(Pick(player="b", card="c1", now=at(1)))
    pod(Pick(player="a", card="c2", now=at(2)))
    assert final_pool(r.state, pod.state, "a") == ["st-1", "st-2", "c2"]
    assert final_pool(r.state, pod.state, "b") == ["c1"]
    assert mixed_pool(r.state, MIXED_DRAFT.initial(), "a") is None
