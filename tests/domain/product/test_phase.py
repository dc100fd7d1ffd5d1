"""The product phase rule (V:EKN 7.3.1, 7.5.4): what is still open per limited format,
and whether play has started."""
from __future__ import annotations

from types import SimpleNamespace as S

import pytest

from chalicelib.domain.product.phase import open_product, play_started


def kinds(items):
    return [i["kind"] for i in items]


@pytest.mark.parametrize("fmt", ["booster-draft", "table-draft", "mixed-draft"])
def test_drafts_wait_for_the_start_then_for_every_pod(fmt):
    assert kinds(open_product(fmt)) == ["draft_not_started"]
    (item,) = open_product(fmt, draft_started=True, unfinished_pods=[1, 3])
    assert item["kind"] == "draft_pods_open" and item["pods"] == [1, 3]
    assert "1, 3" in item["message"]
    assert open_product(fmt, draft_started=True) == []


def test_sealed_waits_for_hand_out_and_opening():
    assert kinds(open_product("sealed")) == ["sealed_not_handed_out"]
    assert kinds(open_product("sealed", sealed=S(status="new"))) == ["sealed_not_handed_out"]
    assert kinds(open_product("sealed", sealed=S(status="allocated"))) == ["sealed_not_opened"]
    assert open_product("sealed", sealed=S(status="final")) == []


def test_sealed_swap_waits_for_the_deal():
    assert kinds(open_product("sealed-swap", sealed=S(status="opened"))) == ["swap_not_dealt"]
    assert open_product("sealed-swap", sealed=S(status="final")) == []


def test_restricted_trade_waits_for_the_sealed_pool_then_every_trading_pod():
    assert kinds(open_product("restricted-trade")) == ["sealed_not_handed_out"]
    final = S(status="final")
    assert kinds(open_product("restricted-trade", sealed=final)) == ["trade_pods_not_formed"]
    (item,) = open_product("restricted-trade", sealed=final, trade_formed=True,
                           unfinished_pods=[2])
    assert item["kind"] == "trade_pods_open" and item["pods"] == [2]
    assert open_product("restricted-trade", sealed=final, trade_formed=True) == []


def test_play_started_by_a_pairing_a_seating_or_a_pod_game():
    assert not play_started()
    assert not play_started(swiss=S(rounds=(), cut=None), tables=S(rounds=(), final_started=False),
                            ffa=S(pods={}))
    assert play_started(swiss=S(rounds=("R1",), cut=None))
    assert play_started(tables=S(rounds=(), final_started=True))
    assert play_started(ffa=S(pods={1: []}))


@pytest.mark.parametrize("fmt", ["booster-draft", "table-draft", "mixed-draft", "sealed",
                                 "sealed-swap", "restricted-trade"])
def test_pools_recorded_for_everyone_end_a_phase_run_at_the_table(fmt):
    assert open_product(fmt, pools_recorded=True) == []
    assert open_product(fmt, pools_recorded=False) != []


def test_recorded_pools_do_not_end_a_phase_that_began_in_podium():
    assert open_product("booster-draft", draft_started=True, unfinished_pods=[2],
                        pools_recorded=True)[0]["kind"] == "draft_pods_open"
    assert open_product("sealed", sealed=S(status="allocated"),
                        pools_recorded=True)[0]["kind"] == "sealed_not_opened"
