"""Bounded property tests: whatever the pod size, pack sizes and choices, every card is
drafted or traded exactly once and the turn rules hold."""
from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from chalicelib.domain.table_draft import TABLE_DRAFT, Pick, StartTableDraft
from chalicelib.domain.table_draft.order import snake
from chalicelib.domain.trade import (
    TRADE_POD,
    AcceptTrade,
    DeclineTrade,
    OfferTrade,
    StartTradePod,
    TradeDeck,
)

from .helpers import Run, at


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 7), sizes=st.lists(st.integers(0, 13), min_size=1, max_size=3),
       crypt=st.integers(0, 4), choice=st.randoms(use_true_random=False))
def test_table_draft_drafts_every_card_once_in_snake_order(seats, sizes, crypt, choice):
    players = [f"p{i}" for i in range(seats)]
    packs = [[[f"{p}k{k}{'C' if i < crypt else 'L'}{i}" for i in range(size)]
              for k, size in enumerate(sizes)] for p in players]
    kinds = {c: "crypt" if "C" in c.split("k")[1] else "library"
             for seat in packs for pack in seat for c in pack}
    run = Run(TABLE_DRAFT)
    run(StartTableDraft(pod=1, players=players, packs=packs, kinds=kinds, review_seconds=0,
                        now=at(0)))
    n = 0
    while run.state.status == "drafting":
        s = run.state
        if s.turn == 0:
            # The laid-out set follows the horseshoe from the active player.
            assert list(s.order) == snake(s.active, seats, len(s.table))
            # Crypt cards come first out of every pack (7.7.1).
            for seat in range(seats):
                laid = [c["card"] for c in s.table if c["seat"] == seat]
                left = list(s.packs[s.pack_no][seat])
                assert not (any("C" in c.split("k")[1] for c in left) and
                            any("L" in c.split("k")[1] for c in laid))
        n += 1
        card = choice.choice(s.table)["card"]
        run(Pick(player=s.picker, card=card, now=at(n)))
    drafted = Counter(c for pool in run.state.pools.values() for c in pool)
    assert drafted == Counter(kinds.keys())


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 5), stock=st.integers(1, 15), choice=st.randoms(use_true_random=False))
def test_trading_conserves_cards_and_respects_declines(seats, stock, choice):
    players = [f"p{i}" for i in range(seats)]
    decks = {p: TradeDeck(library=[], stock=[f"{p}-s{i}" for i in range(stock)],
                          crypt=[], sideboard=[f"{p}-c0", f"{p}-c1"]) for p in players}
    run = Run(TRADE_POD)
    run(StartTradePod(pod=1, players=players, first_seat=choice.choice(players), decks=decks,
                      now=at(0)))
    before = Counter(c for p in players for c, _ in run.state.stock[p])
    steps = 0
    while run.state.status == "trading":
        steps += 1
        assert steps < 10 * seats * stock
        s = run.state
        me = s.active_player
        assert s.face_up(me)
        targets = [p for p in players if p != me and p not in s.declined and s.face_up(p)]
        assert targets
        target = choice.choice(targets)
        run(OfferTrade(player=me, target=target, slot=choice.choice(s.face_up(target)),
                       now=at(steps)))
        turn = run.state.turn
        if choice.random() < 0.4:
            run(DeclineTrade(player=target, now=at(steps)))
            if run.state.status == "trading" and run.state.turn == turn:
                assert target in run.state.declined
        else:
            run(AcceptTrade(player=target, slot=choice.choice(run.state.face_up(me)),
                            now=at(steps)))
            assert run.state.status != "trading" or run.state.turn == turn + 1
    assert all(not run.state.face_up(p) for p in players)
    assert Counter(c for p in players for c, _ in run.state.stock[p]) == before
