"""Restricted trade preparation (7.4.1) and pods (7.4.2)."""
from __future__ import annotations

import pytest

from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.trade import TRADE_PREP, FormTradePods, SetTradeDeck, TradeDeck
from chalicelib.domain.trade.validate import deck_problems

from .helpers import Run, at
from .trade_fixtures import deck, kinds, pool

PLAYERS = [f"p{i}" for i in range(9)]


def test_a_valid_setup_has_no_problems():
    assert deck_problems(deck("a"), pool("a"), kinds(["a"])) == []


def test_every_violation_is_listed():
    good = deck("a")
    bad = TradeDeck(library=good.library[:49] + ["a-C0"], stock=good.stock[:14] + ["zz"],
                    crypt=good.crypt[:9], sideboard=good.sideboard[:1] + ["a-L69"])
    problems = deck_problems(bad, pool("a"), kinds(["a"]))
    fields = [(p["field"], p["msg"].split(" ")[0]) for p in problems]
    assert ("crypt", "must") in fields                       # 9 cards
    assert ("library", "crypt") in fields                    # a crypt card in the library
    assert ("sideboard", "only") in fields                   # a library card in the sideboard
    assert ("deck", "cards") in fields                       # zz, a-C0 used twice
    assert ("sideboard", "every") in fields                  # crypt cards left out
    over = next(p for p in problems if p["field"] == "deck")["cards"]
    assert "zz" in over and "a-C0" in over
    assert len(deck_problems(TradeDeck(library=[], stock=[], crypt=[], sideboard=[]),
                             pool("a"), kinds(["a"]))) >= 4


def test_stock_must_be_unused_library_cards():
    good = deck("a")
    reused = TradeDeck(library=good.library, stock=good.library[:15], crypt=good.crypt,
                       sideboard=good.sideboard)
    problems = deck_problems(reused, pool("a"), kinds(["a"]))
    assert [p["field"] for p in problems] == ["deck"]


def test_sideboard_of_fewer_than_two_is_refused():
    cards = pool("a", crypt=11)
    lib = [c for c in cards if "-L" in c]
    d = TradeDeck(library=lib[:50], stock=lib[50:65], crypt=[f"a-C{i}" for i in range(10)],
                  sideboard=["a-C10"])
    assert [p["field"] for p in deck_problems(d, cards, kinds(["a"]))] == ["sideboard"]


def prep(players=PLAYERS):
    run = Run(TRADE_PREP)
    for p in players:
        run(SetTradeDeck(player=p, deck=deck(p), pool=pool(p), kinds=kinds([p]), now=at(0)))
    return run


def test_setups_then_random_pods_of_four_or_five():
    run = Run(TRADE_PREP)
    with pytest.raises(Invalid) as exc:
        run(SetTradeDeck(player="p0", deck=deck("p1"), pool=pool("p0"), kinds=kinds(PLAYERS),
                         now=at(0)))
    assert exc.value.code == "invalid_trade_deck"
    run = prep(PLAYERS[:8])
    with pytest.raises(Conflict) as exc:
        run(FormTradePods(players=PLAYERS, seed="s", now=at(1)))
    assert exc.value.details == {"missing": ["p8"]}
    pods = prep()(FormTradePods(players=PLAYERS, seed="s", now=at(1)))[0].data["pods"]
    assert sorted(map(len, pods)) == [4, 5]
    assert sorted(sum(pods, [])) == PLAYERS
    run = prep()
    with pytest.raises(Invalid) as exc:
        run(FormTradePods(players=PLAYERS, seed="s", first_seats={2: pods[0][0]}, now=at(1)))
    assert exc.value.code == "invalid_first_seat"
    formed = run(FormTradePods(players=PLAYERS, seed="s", first_seats={2: pods[1][2]},
                               now=at(1)))
    assert formed[0].data["pods"] == pods
    assert formed[0].data["first_seats"] == [pods[0][0], pods[1][2]]
    with pytest.raises(Conflict):
        run(SetTradeDeck(player="p0", deck=deck("p0"), pool=pool("p0"), kinds=kinds(PLAYERS),
                         now=at(2)))
    assert run.state.pod_of(pods[0][0]) == 1


def test_pods_hold_four_to_five_players():
    """7.4.2: "the players assemble randomly into trading circles (called pods) of four to
    five players"."""
    run = prep(PLAYERS[:7])
    with pytest.raises(Invalid) as exc:
        run(FormTradePods(players=PLAYERS[:7], seed="s", now=at(1)))
    assert exc.value.code == "no_pod_sizes"
    for sizes in ((4, 3), (2, 5), (7,)):
        cuts = [sum(sizes[:k]) for k in range(len(sizes) + 1)]
        pods = [PLAYERS[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]
        with pytest.raises(Invalid) as exc:
            run(FormTradePods(players=PLAYERS[:7], seed="s", pods=pods, now=at(1)))
        assert exc.value.code == "invalid_pods"
        assert [p["players"] for p in exc.value.details] == [s for s in sizes if s not in (4, 5)]
    for count, sizes in ((6, (6,)), (8, (8,)), (8, (2, 6)), (8, (3, 5))):
        run = prep(PLAYERS[:count])
        cuts = [sum(sizes[:k]) for k in range(len(sizes) + 1)]
        with pytest.raises(Invalid):
            run(FormTradePods(players=PLAYERS[:count], seed="s",
                              pods=[PLAYERS[a:b] for a, b in zip(cuts, cuts[1:], strict=False)],
                              now=at(1)))
    run = prep(PLAYERS[:9])
    run(FormTradePods(players=PLAYERS[:9], seed="s", pods=[PLAYERS[:4], PLAYERS[4:9]],
                      now=at(1)))
    assert run.state.first_seats == ("p0", "p4")
