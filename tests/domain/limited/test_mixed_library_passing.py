"""The mixed draft's library piles are booster-drafted (7.8 -> 7.6) with the booster
draft's passing queue (chalicelib.domain.draft.passing): the same semantics as a booster
pod - a slower neighbour queues piles, picks are final, the next piles open only when every
pile is empty, and the direction alternates."""
from __future__ import annotations

import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.draft.passing import direction, pass_on
from chalicelib.domain.draft.state import PodState
from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.mixed_draft import MIXED_DRAFT, LibraryPick
from chalicelib.domain.table_draft import clock

from .helpers import at
from .test_mixed import PLAYERS, _to_library, start


def pick(run, player, n, card=None):
    seat = PLAYERS.index(player)
    return run(LibraryPick(player=player, card=card or run.state.front(seat)[1][0],
                           now=at(n)))


def ids(run, player):
    return [pile_id for pile_id, _ in run.state.queues[PLAYERS.index(player)]]


def test_the_shared_passing_step():
    assert [direction(r) for r in (1, 2, 3, 4)] == [1, -1, 1, -1]
    assert [PodState(round=r).direction() for r in (1, 2, 3)] == [1, -1, 1]
    queues, clocks = ((0,), (1,), ()), (5, 5, None)
    queues, clocks = pass_on(queues, clocks, 0, 1, 0, 9)     # 1 is busy: its clock runs on
    assert queues == ((), (1, 0), ()) and clocks == (None, 5, None)
    queues, clocks = pass_on(queues, clocks, 1, 2, 1, 12)    # 1's next pack, 2 starts
    assert queues == ((), (0,), (1,)) and clocks == (None, 12, 12)
    assert pass_on(queues, clocks, 2, 0, None, 15) == (((), (0,), ()), (None, 12, None))


def test_a_slower_neighbour_queues_piles_in_the_order_they_arrive():
    run = start(pile_size=7)
    n = _to_library(run)
    bob_deadline = run.state.deadlines[1]
    assert ids(run, "bob") == ["R1S2"]
    pick(run, "ann", n + 1)                       # round 1 passes left: ann -> bob
    pick(run, "dan", n + 2)                       # dan -> ann
    pick(run, "ann", n + 3)                       # ann passes dan's pile on to bob too
    assert ids(run, "bob") == ["R1S2", "R1S1", "R1S4"]
    assert ids(run, "ann") == [] and run.state.deadlines[0] is None
    # bob's clock keeps running from when his first pile arrived
    assert run.state.deadlines[1] == bob_deadline
    pick(run, "bob", n + 4)
    assert ids(run, "bob") == ["R1S1", "R1S4"] and ids(run, "cat")[-1] == "R1S2"
    assert run.state.deadlines[1] == clock.plus(at(n + 4), 40) != bob_deadline  # restarted
    assert fold(MIXED_DRAFT, MIXED_DRAFT.initial(), run.events) == run.state


def test_picks_are_final():
    run = start(pile_size=7)
    n = _to_library(run)
    card = run.state.front(0)[1][2]
    pick(run, "ann", n + 1, card)
    assert run.state.library["ann"] == (card,)
    assert all(card not in cards for q in run.state.queues for _, cards in q)
    pick(run, "bob", n + 2)                       # bob's own pile; ann's comes next
    with pytest.raises(Invalid) as exc:           # the card is not returned to the pile
        pick(run, "bob", n + 3, card)
    assert exc.value.code == "card_not_in_pack"
    with pytest.raises(Conflict) as exc:          # nor can ann take it back or pick again
        pick(run, "ann", n + 3, card)
    assert exc.value.code == "not_your_turn"
    assert run.state.library["ann"] == (card,)


def test_the_next_piles_open_only_when_every_pile_is_empty():
    run = start(pile_size=7)
    n = _to_library(run)
    # Everyone but bob drafts as far as they can: the piles end up waiting for bob.
    while True:
        movers = [p for p in PLAYERS if p != "bob" and ids(run, p)]
        if not movers:
            break
        n += 1
        events = pick(run, movers[0], n)
        assert [e.type for e in events] == ["MixedLibraryCardPicked"]
    assert run.state.round == 1 and len(ids(run, "bob")) > 1
    while run.state.round == 1:
        n += 1
        player = next(p for p in PLAYERS if ids(run, p))
        events = pick(run, player, n)
        still = any(run.state.queues) and run.state.round == 1
        assert (events[-1].type == "MixedLibraryRoundStarted") == (not still)
    assert run.state.direction == -1 and events[-1].data["direction"] == "right"
    assert sum(len(run.state.library[p]) for p in PLAYERS) == 28
    assert [ids(run, p) for p in PLAYERS] == [["R2S1"], ["R2S2"], ["R2S3"], ["R2S4"]]


def test_pass_directions_alternate_round_by_round():
    run = start(pile_size=7)
    n = _to_library(run)
    seen = []
    while run.state.status == "library":
        n += 1
        player = next(p for p in PLAYERS if ids(run, p))
        event = pick(run, player, n)[0].data
        step = PLAYERS.index(event["passed_to"]) - PLAYERS.index(player)
        seen.append((event["round"], step % 4))
    assert {r: {s for rr, s in seen if rr == r} for r in (1, 2, 3, 4)} == \
        {1: {1}, 2: {3}, 3: {1}, 4: {3}}
