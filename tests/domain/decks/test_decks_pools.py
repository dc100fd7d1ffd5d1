"""Pools read off other aggregates' states, and whether a round is being played."""
from types import SimpleNamespace as NS

import pytest

from chalicelib.domain.decks import pools
from chalicelib.domain.draft.roster.state import DraftState
from chalicelib.domain.errors import Conflict
from chalicelib.domain.table_draft.roster.state import RosterState


def test_traded_pool_is_library_held_stock_and_completed_crypt():
    pod = NS(pod=1, status="completed",
             decks={"p1": {"library": ["l1", "l2"], "crypt": ["c1"], "stock": ["s1", "s2"]}},
             stock={"p1": (("s1", False), ("x9", False))}, crypt_done={"p1": ("c1", "c7")})
    assert pools.traded_pool(pod, "p1") == ["l1", "l2", "s1", "x9", "c1", "c7"]
    with pytest.raises(Conflict) as err:
        pools.traded_pool(NS(**{**vars(pod), "status": "crypt"}), "p1")
    assert err.value.code == "trade_not_finished"


@pytest.mark.parametrize("in_pod", [False, True])
def test_booster_draft_pool_starters_picks_and_late_arrivals(in_pod):
    kept = {"p1": [{"cards": ["s1", "s2"]}]}
    # the starters recorded by the draft's start (before DraftStarted version 3) or by
    # the player's pod's opening
    draft = DraftState(late={"p9": {"packs": [{"cards": ["a", "b"]}],
                                    "starters": [{"cards": ["s"]}]}},
                       starters=None if in_pod else kept)
    pod = NS(pod=2, finished=True, seat_of={"p1": 0}, pool=lambda seat: ["k1", "k2"],
             starters=kept if in_pod else {})
    assert pools.booster_draft_pool(draft, pod, "p1") == ["s1", "s2", "k1", "k2"]
    assert sorted(pools.booster_draft_pool(draft, None, "p9")) == ["a", "b", "s"]
    with pytest.raises(Conflict) as err:
        pools.booster_draft_pool(draft, NS(**{**vars(pod), "finished": False}), "p1")
    assert err.value.code == "draft_not_finished" and err.value.details == {"pod": 2}


@pytest.mark.parametrize("pool_of", [pools.table_draft_pool, pools.mixed_draft_pool])
def test_a_table_or_mixed_draft_late_arrival_builds_from_their_sealed_product(pool_of):
    """7.2.6: a player added after the draft started has no pod, only sealed product."""
    roster = RosterState(late={"p9": {"packs": [{"cards": ["a", "b"]}],
                                      "starters": [{"cards": ["s"]}]}})
    assert pool_of(roster, None, "p9") == ["s", "a", "b"]


def test_sealed_pool_only_when_final():
    assert pools.sealed_pool(NS(pools={"p1": ("a", "a")}), "p1") == ["a", "a"]
    assert pools.sealed_pool(NS(pools={}), "p1") is None


@pytest.mark.parametrize("current,final_started,final_result,expected", [
    (None, False, None, False),
    (NS(complete=False), False, None, True),
    (NS(complete=True), False, None, False),
    (NS(complete=True), True, None, True),
    (NS(complete=True), True, {"p1": 10}, False),
])
def test_tables_round_in_progress(current, final_started, final_result, expected):
    tables = NS(current=current, final_started=final_started, final_result=final_result)
    assert pools.tables_round_in_progress(tables) is expected


@pytest.mark.parametrize("current,cut,expected", [
    (None, None, False), (NS(closed=False), None, True), (NS(closed=True), None, False),
    (NS(closed=True), NS(), True),
])
def test_swiss_round_in_progress(current, cut, expected):
    assert pools.swiss_round_in_progress(NS(current=current, cut=cut)) is expected
