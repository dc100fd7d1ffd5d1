"""The product phase rule (V:EKN 7.3.1, 7.5.4): what is still open of a draft, a sealed
hand-out (and swap) and a restricted trade, the pools recorded at the table (7.2.3), and
whether play has started. Which format uses which check: tests/application/test_formats.py."""
from __future__ import annotations

from types import SimpleNamespace as S

import pytest

from chalicelib.domain.product.phase import (
    draft_open,
    play_started,
    sealed_open,
    trade_open,
    unless_recorded,
)


def kinds(items):
    return [i["kind"] for i in items]


@pytest.mark.parametrize("what", ["draft", "table draft", "mixed draft"])
def test_drafts_wait_for_the_start_then_for_every_pod(what):
    (item,) = draft_open(what, started=False)
    assert item["kind"] == "draft_not_started" and item["message"] == f"the {what} has not started"
    (item,) = draft_open(what, started=True, unfinished=[1, 3])
    assert item["kind"] == "draft_pods_open" and item["pods"] == [1, 3]
    assert "1, 3" in item["message"]
    assert draft_open(what, started=True) == []


def test_sealed_waits_for_hand_out_and_opening():
    assert kinds(sealed_open(None)) == ["sealed_not_handed_out"]
    assert kinds(sealed_open(S(status="new"))) == ["sealed_not_handed_out"]
    assert kinds(sealed_open(S(status="allocated"))) == ["sealed_not_opened"]
    assert sealed_open(S(status="opened")) == []
    assert sealed_open(S(status="final")) == []


def test_sealed_swap_waits_for_the_deal():
    assert kinds(sealed_open(S(status="opened"), swap=True)) == ["swap_not_dealt"]
    assert sealed_open(S(status="final"), swap=True) == []


def test_restricted_trade_waits_for_the_sealed_pool_then_every_trading_pod():
    assert kinds(trade_open(None, formed=False)) == ["sealed_not_handed_out"]
    final = S(status="final")
    assert kinds(trade_open(final, formed=False)) == ["trade_pods_not_formed"]
    (item,) = trade_open(final, formed=True, unfinished=[2])
    assert item["kind"] == "trade_pods_open" and item["pods"] == [2]
    assert trade_open(final, formed=True) == []


def test_play_started_by_a_pairing_a_seating_or_a_pod_game():
    assert not play_started()
    assert not play_started(swiss=S(rounds=(), cut=None), tables=S(rounds=(), final_started=False),
                            ffa=S(pods={}))
    assert play_started(swiss=S(rounds=("R1",), cut=None))
    assert play_started(tables=S(rounds=(), final_started=True))
    assert play_started(ffa=S(pods={1: []}))


def test_pools_recorded_for_everyone_end_a_phase_run_at_the_table():
    items = draft_open("draft", started=False)
    assert unless_recorded(items, pools_recorded=True, started_here=False) == []
    assert unless_recorded(items, pools_recorded=False, started_here=False) == items


def test_recorded_pools_do_not_end_a_phase_that_began_in_podium():
    items = draft_open("draft", started=True, unfinished=[2])
    assert unless_recorded(items, pools_recorded=True, started_here=True) == items
