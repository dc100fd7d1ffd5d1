"""The restricted-trade procedure in one pod (7.4.3)."""
from __future__ import annotations

from collections import Counter

import pytest

from chalicelib.domain.errors import Conflict, Forbidden, Invalid
from chalicelib.domain.trade import (
    TRADE_POD,
    AcceptTrade,
    AddCrypt,
    DeclineTrade,
    OfferTrade,
    StartTradePod,
    TradeDeck,
    view,
)

from .helpers import Run, at
from .trade_fixtures import deck

POD = ["ann", "bob", "cat", "dan"]


def start(players=POD, first="bob", decks=None):
    run = Run(TRADE_POD)
    run(StartTradePod(pod=1, players=players, first_seat=first,
                      decks=decks or {p: deck(p) for p in players}, now=at(0)))
    return run


def small_decks(sizes: dict[str, int]) -> dict[str, TradeDeck]:
    """Decks whose stock has been cut short, to reach the end states quickly. (The
    pod decider trusts the set-up validated by the preparation aggregate.)"""
    out = {}
    for p, n in sizes.items():
        d = deck(p)
        out[p] = TradeDeck(library=d.library, stock=d.stock[:n], crypt=d.crypt,
                           sideboard=d.sideboard)
    return out


def test_judge_designated_first_seat_and_an_accepted_trade_passes_left():
    run = start()
    assert run.types() == ["TradePodStarted", "TradeTurnStarted"]
    assert run.state.active_player == "bob"
    run(OfferTrade(player="bob", target="dan", slot=3, now=at(1)))
    events = run(AcceptTrade(player="dan", slot=7, now=at(2)))
    assert [e.type for e in events] == ["TradeAccepted", "TradeTurnEnded", "TradeTurnStarted"]
    assert events[1].data["reason"] == "traded"
    assert run.state.stock["bob"][7] == ("dan-L53", False)
    assert run.state.stock["dan"][3] == ("bob-L57", False)
    assert run.state.active_player == "cat"


def test_declines_turn_cards_down_and_block_that_player_for_the_turn():
    run = start()
    events = run(OfferTrade(player="bob", target="ann", slot=0, now=at(1)))
    assert events[0].data["card"] == "ann-L50"
    run(DeclineTrade(player="ann", now=at(2)))
    assert run.state.stock["ann"][0] == ("ann-L50", False)
    assert run.state.active_player == "bob"
    with pytest.raises(Invalid) as exc:
        run(OfferTrade(player="bob", target="ann", slot=1, now=at(3)))
    assert exc.value.code == "declined_this_turn"
    with pytest.raises(Invalid) as exc:
        run(OfferTrade(player="bob", target="cat", slot=99, now=at(3)))
    assert exc.value.code == "not_face_up"
    run(OfferTrade(player="bob", target="cat", slot=0, now=at(3)))
    run(DeclineTrade(player="cat", now=at(4)))
    run(OfferTrade(player="bob", target="dan", slot=0, now=at(5)))
    events = run(DeclineTrade(player="dan", now=at(6)))
    # Everyone declined: bob's turn is over and cat (to his left) becomes active.
    assert [e.type for e in events] == ["TradeDeclined", "TradeTurnEnded", "TradeTurnStarted"]
    assert events[1].data["reason"] == "all_declined"
    assert run.state.active_player == "cat" and run.state.declined == frozenset()
    # ann can be selected again in the new turn, but not her face-down card.
    with pytest.raises(Invalid):
        run(OfferTrade(player="cat", target="ann", slot=0, now=at(7)))
    run(OfferTrade(player="cat", target="ann", slot=1, now=at(7)))


def test_out_of_turn_actions_are_refused_and_append_nothing():
    run = start()
    before = (run.state, len(run.events))
    with pytest.raises(Conflict) as exc:
        run(OfferTrade(player="ann", target="bob", slot=0, now=at(1)))
    assert exc.value.code == "not_your_turn"
    with pytest.raises(Forbidden):
        run(OfferTrade(player="zed", target="bob", slot=0, now=at(1)))
    with pytest.raises(Conflict) as exc:
        run(AcceptTrade(player="dan", slot=0, now=at(1)))
    assert exc.value.code == "no_offer"
    assert (run.state, len(run.events)) == before
    run(OfferTrade(player="bob", target="dan", slot=0, now=at(1)))
    with pytest.raises(Conflict) as exc:
        run(AcceptTrade(player="cat", slot=0, now=at(2)))
    assert exc.value.code == "not_your_offer"
    with pytest.raises(Conflict) as exc:
        run(DeclineTrade(player="bob", now=at(2)))
    assert exc.value.code == "not_your_offer"
    with pytest.raises(Conflict) as exc:
        run(OfferTrade(player="bob", target="cat", slot=0, now=at(2)))
    assert exc.value.code == "offer_pending"
    with pytest.raises(Conflict) as exc:
        run(AddCrypt(player="bob", cards=["bob-C10", "bob-C11"], now=at(2)))
    assert exc.value.code == "still_trading"


def test_players_without_face_up_cards_are_skipped_and_a_lone_holder_turns_down():
    run = start(first="ann", decks=small_decks({"ann": 1, "bob": 2, "cat": 1, "dan": 3}))
    run(OfferTrade(player="ann", target="bob", slot=0, now=at(1)))
    run(AcceptTrade(player="bob", slot=0, now=at(2)))          # ann has nothing face up
    assert run.state.active_player == "bob"
    run(OfferTrade(player="bob", target="cat", slot=0, now=at(3)))
    events = run(AcceptTrade(player="cat", slot=1, now=at(4)))
    # bob and cat now have nothing face up; dan alone has: turned down, trading ends.
    assert [e.type for e in events] == ["TradeAccepted", "TradeStockTurnedDown",
                                        "TradeTurnEnded", "TradingEnded"]
    assert events[1].data == {"player": "dan", "slots": [0, 1, 2], "at": events[1].data["at"]}
    assert run.state.status == "crypt"


def test_turn_skips_players_with_no_face_up_cards():
    run = start(first="ann", decks=small_decks({"ann": 2, "bob": 1, "cat": 1, "dan": 2}))
    run(OfferTrade(player="ann", target="bob", slot=0, now=at(1)))
    events = run(AcceptTrade(player="bob", slot=0, now=at(2)))
    assert events[-1].type == "TradeTurnStarted"
    assert events[-1].data["player"] == "cat" and events[-1].data["skipped"] == ["bob"]


def play_to_the_end(run, decline_every=5):
    """A scripted pod: the active player selects the first face-up card of the next
    player they may select from. Every offer of every fourth turn is declined (so that
    whole turn is declined), and every ``decline_every``-th offer otherwise."""
    offers = 0
    while run.state.status == "trading":
        s = run.state
        me = s.active_player
        target = next(p for p in s.players[s.active + 1:] + s.players[:s.active]
                      if p != me and p not in s.declined and s.face_up(p))
        run(OfferTrade(player=me, target=target, slot=s.face_up(target)[0], now=at(offers)))
        offers += 1
        if s.turn % 4 == 0 or offers % decline_every == 0:
            run(DeclineTrade(player=target, now=at(offers)))
        else:
            run(AcceptTrade(player=target, slot=run.state.face_up(me)[-1], now=at(offers)))
    return offers


def test_a_full_pod_ends_with_crypt_12_and_library_65():
    run = start(players=POD + ["eve"], first="cat",
                decks={p: deck(p) for p in POD + ["eve"]})
    before = Counter(c for p in run.state.players for c, _ in run.state.stock[p])
    offers = play_to_the_end(run)
    assert offers > 20
    assert all(not s.face_up(p) for s in [run.state] for p in s.players)
    assert Counter(c for p in run.state.players for c, _ in run.state.stock[p]) == before
    types = run.types()
    assert "TradeDeclined" in types and "TradeAccepted" in types
    ended = [e for e in run.events if e.type == "TradeTurnEnded"]
    assert {e.data["reason"] for e in ended} >= {"traded", "all_declined"}
    # Each turn passes to the left, skipping nobody here until stocks run low.
    starts = [e.data["player"] for e in run.events if e.type == "TradeTurnStarted"]
    assert starts[:3] == ["cat", "dan", "eve"]
    with pytest.raises(Conflict):
        run(OfferTrade(player="ann", target="bob", slot=0, now=at(999)))
    with pytest.raises(Invalid):
        run(AddCrypt(player="ann", cards=["ann-C10"], now=at(999)))
    with pytest.raises(Invalid):
        run(AddCrypt(player="ann", cards=["ann-C10", "ann-C0"], now=at(999)))
    for p in POD + ["eve"]:
        events = run(AddCrypt(player=p, cards=[f"{p}-C12", f"{p}-C10"], now=at(1000)))
        assert len(events[0].data["crypt"]) == 12 and len(events[0].data["library"]) == 65
    with pytest.raises(Conflict):
        run(AddCrypt(player="ann", cards=["ann-C12", "ann-C10"], now=at(1001)))
    done = run.events[-1]
    assert done.type == "TradePodCompleted"
    assert {p: (len(d["crypt"]), len(d["library"])) for p, d in done.data["decks"].items()} \
        == {p: (12, 65) for p in POD + ["eve"]}
    # The stock traded: somebody ends with other players' cards in their library.
    assert any(not c.startswith(p) for p, d in done.data["decks"].items() for c in d["library"])


def test_views_show_face_up_stock_to_the_pod_only():
    run = start()
    run(OfferTrade(player="bob", target="ann", slot=0, now=at(1)))
    run(DeclineTrade(player="ann", now=at(2)))
    outsider = view(run.state, player="zed")
    assert "stock" not in outsider and "decks" not in outsider
    assert outsider["face_up_counts"]["ann"] == 14
    cat = view(run.state, player="cat")
    assert cat["stock"]["ann"][0] == {"slot": 0, "face_up": False, "card": None}
    assert cat["stock"]["ann"][1]["card"] == "ann-L51"
    assert list(cat["decks"]) == ["cat"]
    ann = view(run.state, player="ann")
    assert ann["stock"]["ann"][0]["card"] == "ann-L50"
    assert len(view(run.state, staff=True)["decks"]) == 4
