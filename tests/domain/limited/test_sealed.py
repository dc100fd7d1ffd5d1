"""Sealed (7.3), sealed-deck swap (7.3.2) and starter trading (7.2.4)."""
from __future__ import annotations

from collections import Counter

import pytest

from chalicelib.domain.errors import Conflict, Forbidden, Invalid
from chalicelib.domain.sealed import (
    SEALED,
    AddLatePlayer,
    AnswerStarterTrade,
    DealSwap,
    OpenProduct,
    ProposeStarterTrade,
    RegisterProduct,
    StartSealed,
    view,
)
from chalicelib.domain.sealed.events import (
    SealedLateArrival,
    SealedProductRegistered,
    StarterTradeAccepted,
    StarterTradeDeclined,
    StarterTradeProposed,
)
from chalicelib.domain.sealed.swap import deal, hand_back_count
from tests.support.deciders import given, past

from .helpers import Run, at


def alloc(player: str, starter: str | None = "lumen") -> dict:
    packs = [{"set": "s", "booster": "b", "cards": [f"{player}-b{k}-{i}" for i in range(11)]}
             for k in range(2)]
    starters = ([{"set": "s", "starter": starter,
                  "cards": [f"{starter}-{i}" for i in range(5)]}] if starter else [])
    return {"packs": packs, "starters": starters}


def stamp(seconds: float) -> str:
    """``at(seconds)`` as events record it."""
    return at(seconds).isoformat().replace("+00:00", "Z")


def started(players, swap=False, percent=15, trading=False, starters=None) -> list:
    """The events of a sealed phase started for ``players``."""
    return past(SEALED, StartSealed(
        players=players, allocations={p: alloc(p, (starters or {}).get(p, "lumen"))
                                      for p in players},
        swap=swap, hand_back_percent=percent, starter_trading=trading, now=at(0)))


def start(players, **options):
    run = Run(SEALED)
    for event in started(players, **options):
        run.state = SEALED.evolve(run.state, event)
    return run


def test_plain_sealed_pools_are_the_opened_product():
    run = start(["a", "b"])
    with pytest.raises(Conflict):
        run(RegisterProduct(player="a", now=at(1)))
    run(OpenProduct(now=at(1)))
    assert run.state.status == "final"
    assert len(run.state.pools["a"]) == 27 and run.state.pools["a"][0] == "lumen-0"
    assert view(run.state, player="a")["pools"] == {"a": list(run.state.pools["a"])}
    assert "pools" not in view(run.state) and view(run.state)["pool_sizes"] == {"a": 27, "b": 27}
    with pytest.raises(Conflict):
        run(OpenProduct(now=at(2)))


@pytest.mark.parametrize("n,percent,expected", [
    (20, 10, 2), (20, 15, 3), (20, 20, 4), (5, 10, 1), (5, 20, 1), (8, 15, 1), (10, 15, 2),
    (30, 12, 4), (8, 20, 1), (13, 20, 2), (14, 10, 2), (11, 10, 2),
    # Fewer than 5 decks: no count is within 10-20%; the nearest to the fraction.
    (1, 20, 0), (2, 10, 0), (2, 20, 0), (3, 10, 0), (3, 20, 1), (4, 10, 0), (4, 15, 1)])
def test_hand_back_count(n, percent, expected):
    assert hand_back_count(percent, n) == expected


@pytest.mark.parametrize("percent", [10, 15, 20])
@pytest.mark.parametrize("n", range(1, 41))
def test_hand_back_share_is_within_10_to_20_percent_whenever_possible(n, percent):
    """7.3.2: 10 to 20 percent of the decks go back to their registrants."""
    k = hand_back_count(percent, n)
    assert 0 <= k <= n
    achievable = [j for j in range(n + 1) if 10 * n <= 100 * j <= 20 * n]
    if achievable:
        assert 10 * n <= 100 * k <= 20 * n, (n, percent, k)
        # and as near to the organizer's fraction as that range allows
        assert abs(100 * k - percent * n) <= min(abs(100 * j - percent * n)
                                                 for j in achievable) + 50
    else:
        assert abs(100 * k - percent * n) == min(abs(100 * j - percent * n)
                                                 for j in range(n + 1))


def test_swap_deal_is_a_permutation_honouring_the_hand_back():
    players = [f"p{i:02d}" for i in range(20)]
    for seed in range(30):
        back, received = deal(players, 15, f"seed{seed}")
        assert len(back) == 3 and all(received[p] == p for p in back)
        assert sorted(received) == players and sorted(received.values()) == players
    # Receiving one's own product back by chance happens (and is allowed).
    chance = sum(1 for seed in range(200)
                 for p, r in deal(players, 10, f"s{seed}")[1].items() if p == r)
    assert chance > 2 * 200


def test_sealed_swap_event():
    players = [f"p{i:02d}" for i in range(10)]
    run = start(players, swap=True, percent=20)
    with pytest.raises(Conflict):
        run(DealSwap(seed="x", now=at(1)))
    run(OpenProduct(now=at(1)))
    assert run.state.status == "opened"
    with pytest.raises(Invalid) as exc:
        run(RegisterProduct(player="p00", cards=list(run.state.opened["p00"])[1:] + ["zz"],
                            now=at(2)))
    assert exc.value.details == {"missing": ["lumen-0"], "extra": ["zz"]}
    run(RegisterProduct(player="p00", cards=list(run.state.opened["p00"])[::-1], now=at(2)))
    with pytest.raises(Conflict):
        run(RegisterProduct(player="p00", now=at(2)))
    with pytest.raises(Forbidden):
        run(RegisterProduct(player="zz", now=at(2)))
    with pytest.raises(Conflict) as exc:
        run(DealSwap(seed="x", now=at(3)))
    assert exc.value.details == {"unregistered": players[1:]}
    for p in players[1:]:
        run(RegisterProduct(player=p, now=at(3)))
    dealt = run(DealSwap(seed="seed", now=at(4)))[0].data
    assert dealt["hand_back"] == 2 and len(dealt["handed_back"]) == 2
    for p in dealt["handed_back"]:
        assert run.state.pools[p] == run.state.opened[p]
    assert Counter(map(tuple, dealt["pools"].values())) == Counter(
        map(tuple, run.state.opened.values()))
    assert run.state.status == "final"
    mine = view(run.state, player="p03")
    assert set(mine["received_from"]) == {"p03"} and "handed_back" not in mine
    assert view(run.state)["handed_back_count"] == 2
    assert view(run.state, staff=True)["handed_back"] == dealt["handed_back"]


def test_starter_trading_before_opening():
    run = start(["a", "b", "c"], trading=True,
                starters={"a": "lumen", "b": "nox", "c": "vox"})
    ids = {s["starter"]: s["id"] for s in run.state.starters.values()}
    run(ProposeStarterTrade(player="a", give=ids["lumen"], take=ids["nox"], now=at(1)))
    run(ProposeStarterTrade(player="c", give=ids["vox"], take=ids["nox"], now=at(1)))
    assert [o["offer"] for o in view(run.state)["offers"]] == ["T1", "T2"]
    with pytest.raises(Invalid):
        run(ProposeStarterTrade(player="a", give=ids["nox"], take=ids["vox"], now=at(1)))
    with pytest.raises(Forbidden):
        run(AnswerStarterTrade(player="c", offer="T1", accept=True, now=at(2)))
    with pytest.raises(Forbidden):
        run(AnswerStarterTrade(player="a", offer="T1", accept=True, now=at(2)))
    events = run(AnswerStarterTrade(player="b", offer="T1", accept=True, now=at(2)))
    assert events[0].data["voided"] == ["T2"]
    assert view(run.state)["starters"]["a"][0]["starter"] == "nox"
    assert view(run.state)["offers"] == []
    run(ProposeStarterTrade(player="c", give=ids["vox"], take=ids["lumen"], now=at(3)))
    run(AnswerStarterTrade(player="c", offer="T3", accept=False, now=at(3)))   # withdrawn
    run(ProposeStarterTrade(player="c", give=ids["vox"], take=ids["lumen"], now=at(3)))
    run(OpenProduct(now=at(4)))
    assert run.state.pools["a"][:5] == tuple(f"nox-{i}" for i in range(5))
    assert run.state.pools["b"][:5] == tuple(f"lumen-{i}" for i in range(5))
    with pytest.raises(Conflict) as exc:
        run(AnswerStarterTrade(player="b", offer="T4", accept=True, now=at(5)))
    assert exc.value.code == "product_opened"


def test_starter_trading_needs_the_organizers_permission():
    given(SEALED, started(["a", "b"], starters={"a": "lumen", "b": "nox"})).when(
        ProposeStarterTrade(player="a", give="S1", take="S2", now=at(1))
    ).then_refused("starter_trading_off")


TRADING = started(["a", "b", "c"], trading=True, starters={"a": "lumen", "b": "nox", "c": "vox"})


def test_a_starter_trade_offer_and_its_answers():
    ids = {s["starter"]: s["id"] for s in given(SEALED, TRADING).state.starters.values()}
    propose = ProposeStarterTrade(player="a", give=ids["lumen"], take=ids["nox"], now=at(1))
    given(SEALED, TRADING).when(propose).then(StarterTradeProposed(
        offer="T1", from_="a", to="b", give=ids["lumen"], take=ids["nox"], at=stamp(1)))
    offered = past(SEALED, propose, after=TRADING)
    given(SEALED, offered).when(AnswerStarterTrade(player="b", offer="T1", accept=False,
                                                   now=at(2))
                                ).then(StarterTradeDeclined(offer="T1", by="b",
                                                            at=stamp(2)))
    given(SEALED, offered).when(AnswerStarterTrade(player="b", offer="T1", accept=True,
                                                   now=at(2))
                                ).then(StarterTradeAccepted(
                                    from_="a", to="b", give=ids["lumen"], take=ids["nox"],
                                    offer="T1", voided=[], at=stamp(2)))
    given(SEALED, offered).when(AnswerStarterTrade(player="c", offer="T1", accept=True,
                                                   now=at(2))).then_refused(Forbidden)
    given(SEALED, offered).when(ProposeStarterTrade(player="a", give=ids["nox"],
                                                    take=ids["vox"], now=at(1))
                                ).then_refused(Invalid)


def test_registering_the_opened_product_of_a_swap():
    opened = past(SEALED, OpenProduct(now=at(1)), after=started(["a", "b", "c"], swap=True))
    given(SEALED, opened).when(RegisterProduct(player="a", now=at(2))).then(
        SealedProductRegistered(player="a", count=27, at=stamp(2)))
    given(SEALED, opened).when(RegisterProduct(player="zz", now=at(2))).then_refused(Forbidden)
    given(SEALED, started(["a", "b"], swap=True)).when(RegisterProduct(player="a", now=at(2))
                                                       ).then_refused(Conflict)   # unopened


def test_a_late_arrival_is_recorded_with_their_own_pool():
    opened = past(SEALED, OpenProduct(now=at(1)), after=started(["a", "b"], swap=True))
    (late,) = given(SEALED, opened).when(
        AddLatePlayer(player="d", allocation=alloc("d"), now=at(2))).then(SealedLateArrival).events
    assert (late.player, len(late.pool), late.pool[5]) == ("d", 27, "d-b0-0")


def test_late_arrival_gets_own_product_outside_the_swap():
    run = start(["a", "b", "c"], swap=True)
    run(OpenProduct(now=at(1)))
    run(AddLatePlayer(player="d", allocation=alloc("d"), now=at(2)))
    for p in "abc":
        run(RegisterProduct(player=p, now=at(3)))
    with pytest.raises(Conflict):
        run(RegisterProduct(player="d", now=at(3)))
    run(DealSwap(seed="s", now=at(4)))
    assert len(run.state.pools) == 4 and run.state.pools["d"][5] == "d-b0-0"
    assert "d" not in run.state.received_from
