"""Mixed (Elder) draft, V:EKN 7.8."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from chalicelib.domain.errors import Conflict, Forbidden, Invalid
from chalicelib.domain.mixed_draft import (
    MIXED_DRAFT,
    ExpireLibraryPicks,
    LibraryPick,
    StartMixedDraft,
    view,
)
from chalicelib.domain.table_draft import ExpirePick, Pick

from .helpers import Run, at

PLAYERS = ["ann", "bob", "cat", "dan"]


def product(seat: int) -> list[list[str]]:
    """Two 11-card boosters (3 and 1 crypt cards) and a 12-card 'starter' (4 crypt)."""
    def pack(tag, n, crypt):
        return ([f"{tag}{seat}-C{i}" for i in range(crypt)]
                + [f"{tag}{seat}-L{i}" for i in range(n - crypt)])
    return [pack("a", 11, 3)[::-1], pack("b", 11, 1), pack("s", 12, 4)]


def kinds() -> dict[str, str]:
    return {c: "crypt" if "-C" in c else "library"
            for s in range(len(PLAYERS)) for p in product(s) for c in p}


def start(pile_size=7):
    run = Run(MIXED_DRAFT)
    run(StartMixedDraft(pod=2, players=PLAYERS, first_seat="bob",
                        product=[product(s) for s in range(4)], kinds=kinds(),
                        pile_size=pile_size, review_seconds=0, pick_seconds=30,
                        library_pick_seconds=40, seed="seed-1", now=at(0)))
    return run


def test_full_mixed_draft():
    run = start()
    assert run.types()[:3] == ["MixedDraftStarted", "TableDraftStarted", "TableSetRevealed"]
    started = run.events[0].data
    # Each player's 8 crypt cards are table-drafted; 26 library cards cut into 7,7,7,5.
    assert [len(c) for c in started["crypt"]] == [8, 8, 8, 8]
    assert [[len(p) for p in seat] for seat in started["piles"]] == [[7, 7, 7, 5]] * 4
    table = run.events[2].data
    assert table["active"] == "bob"
    assert all("-C" in c["card"] for c in table["table"])
    # Library picks are refused during the crypt phase.
    with pytest.raises(Conflict) as exc:
        run(LibraryPick(player="ann", card="a0-L0", now=at(1)))
    assert exc.value.code == "library_phase_not_started"
    n = 0
    while run.state.status == "crypt":
        n += 1
        t = run.state.crypt
        run(Pick(player=t.picker, card=t.table[0]["card"], now=at(n)))
    assert n == 32
    assert run.events[-2].type == "TableDraftCompleted"
    rnd = run.events[-1]
    assert rnd.type == "MixedLibraryRoundStarted" and rnd.data["direction"] == "left"
    with pytest.raises(Conflict) as exc:
        run(Pick(player="ann", card="x", now=at(n)))
    assert exc.value.code == "crypt_phase_over"
    directions = [rnd.data["direction"]]
    passes = []
    while run.state.status == "library":
        n += 1
        seat = next(s for s in range(4) if run.state.queues[s])
        player = PLAYERS[seat]
        events = run(LibraryPick(player=player, card=run.state.front(seat)[1][-1],
                                 now=at(n)))
        passes.append((events[0].data["round"], player, events[0].data["passed_to"]))
        if events[-1].type == "MixedLibraryRoundStarted":
            directions.append(events[-1].data["direction"])
    assert directions == ["left", "right", "left", "right"]
    assert (1, "ann", "bob") in passes and (2, "ann", "dan") in passes
    assert all(b == PLAYERS[(PLAYERS.index(a) + (1 if r % 2 else -1)) % 4]
               for r, a, b in passes)
    done = run.events[-1]
    assert done.type == "MixedDraftCompleted"
    pools = done.data["pools"]
    everything = Counter(c for s in range(4) for p in product(s) for c in p)
    drafted = Counter(c for p in pools.values() for c in p["crypt"] + p["library"])
    assert drafted == everything
    assert all(len(p["crypt"]) == 8 and len(p["library"]) == 26 for p in pools.values())
    assert all("-C" in c for p in pools.values() for c in p["crypt"])


def _to_library(run):
    n = 0
    while run.state.status == "crypt":
        n += 1
        t = run.state.crypt
        run(Pick(player=t.picker, card=t.table[0]["card"], now=at(n)))
    return n


def test_library_phase_turns_timers_and_views():
    run = start()
    n = _to_library(run)
    front = run.state.front(0)
    with pytest.raises(Forbidden):
        run(LibraryPick(player="zed", card=front[1][0], now=at(n)))
    with pytest.raises(Invalid) as exc:
        run(LibraryPick(player="ann", card="not-here", now=at(n)))
    assert exc.value.code == "card_not_in_pack"
    with pytest.raises(Conflict) as exc:
        run(LibraryPick(player="ann", card=front[1][0], pack="R1S2", now=at(n)))
    assert exc.value.code == "stale_pick"
    run(LibraryPick(player="ann", card=front[1][0], pack="R1S1", now=at(n)))
    # ann's pile went to bob, who now has two waiting; ann has none.
    assert len(run.state.queues[1]) == 2 and run.state.queues[0] == ()
    with pytest.raises(Conflict) as exc:
        run(LibraryPick(player="ann", card=front[1][1], now=at(n)))
    assert exc.value.code == "not_your_turn"
    mine = view(run.state, player="bob")
    assert mine["pack"]["id"] == "R1S2" and "queues" not in mine
    assert view(run.state)["library_draft"]["bob"]["waiting"] == 2
    assert "pack" not in view(run.state) and "pools" not in view(run.state)
    assert len(view(run.state, staff=True)["queues"]["bob"]) == 2
    # Timers: bob, cat and dan started at the round's opening (n), 40 s each.
    with pytest.raises(Conflict):
        run(ExpireLibraryPicks(seed="s", now=at(n + 39)))
    events = run(ExpireLibraryPicks(seed="s", now=at(n + 40)))
    assert [e.data["player"] for e in events] == ["bob", "cat", "dan"]
    assert all(e.data["auto"] for e in events)
    again = Run(MIXED_DRAFT)
    for e in run.events[:-3]:
        again.state = MIXED_DRAFT.evolve(again.state, e)
    assert again(ExpireLibraryPicks(seed="s", now=at(n + 40))) == events


def test_crypt_timer_uses_the_table_draft_rule():
    run = start()
    events = run(ExpirePick(now=at(31)))
    assert events[0].data["auto"] and events[0].data["order"] == 1
    assert events[0].data["player"] == "bob"


def test_views_of_crypt_phase():
    run = start()
    pub = view(run.state)
    assert pub["status"] == "crypt" and len(pub["crypt_draft"]["table"]) == 8
    assert "pools" not in pub
    assert view(run.state, player="ann")["pools"] == {"ann": {"crypt": [], "library": []}}


def test_start_validation():
    with pytest.raises(ValueError):
        StartMixedDraft(pod=1, players=["a", "b"], product=[[["x"]]], kinds={"x": "crypt"},
                        seed="s", now=at(0))
    with pytest.raises(ValueError):
        StartMixedDraft(pod=1, players=["a", "b"], product=[[["x"]], [["y"]]],
                        kinds={"x": "crypt"}, seed="s", now=at(0))
    run = start()
    with pytest.raises(Conflict):
        run(StartMixedDraft(pod=1, players=["a", "b"], product=[[["x"]], [["x"]]],
                            kinds={"x": "crypt"}, seed="s", now=at(0)))


@pytest.mark.parametrize("own_picks", ["always", "between-packs", "after-draft"])
def test_own_library_picks_are_reviewed_as_the_profile_allows(own_picks):
    run = Run(MIXED_DRAFT)
    run(StartMixedDraft(pod=2, players=PLAYERS, product=[product(s) for s in range(4)],
                        kinds=kinds(), pile_size=7, review_seconds=0, seed="seed-1",
                        own_picks=own_picks, now=at(0)))
    n = _to_library(run)
    first = run.state.front(0)[1][0]
    run(LibraryPick(player="ann", card=first, now=at(n + 1)))
    seen = view(run.state, player="ann")["pools"]["ann"]["library"]
    assert seen == ([first] if own_picks == "always" else [])
    assert view(run.state, staff=True)["pools"]["ann"]["library"] == [first]
    while run.state.round == 1:
        seat = next(s for s in range(4) if run.state.queues[s])
        run(LibraryPick(player=PLAYERS[seat], card=run.state.front(seat)[1][0],
                        now=at(n + 2)))
    # round 2 has started: ann picks from a pile again, so between packs hides her picks
    seen = view(run.state, player="ann")["pools"]["ann"]["library"]
    assert seen == (list(run.state.library["ann"]) if own_picks == "always" else [])
    while run.state.status == "library":
        seat = next(s for s in range(4) if run.state.queues[s])
        run(LibraryPick(player=PLAYERS[seat], card=run.state.front(seat)[1][0],
                        now=at(n + 3)))
    assert len(view(run.state, player="ann")["pools"]["ann"]["library"]) == 26


def _library_run(own_picks, order_seed):
    """A whole library phase, picking from the seats with a pile in a shuffled order (so
    some seats get ahead); the state after every pick and who picked."""
    run = Run(MIXED_DRAFT)
    run(StartMixedDraft(pod=2, players=PLAYERS, product=[product(s) for s in range(4)],
                        kinds=kinds(), pile_size=5, review_seconds=0, seed="seed-1",
                        own_picks=own_picks, now=at(0)))
    n = _to_library(run)
    order = random.Random(order_seed)
    states, pickers = [run.state], []
    while run.state.status == "library":
        seat = order.choice([s for s in range(4) if run.state.queues[s]])
        events = run(LibraryPick(player=PLAYERS[seat], card=run.state.front(seat)[1][0],
                                 now=at(n + 1)))
        states.append(run.state)
        picked = next(e for e in events if e.type == "MixedLibraryCardPicked")
        pickers.append((picked.data["round"], picked.data["player"]))
    return states, pickers


@pytest.mark.parametrize("order_seed", range(4))
def test_between_packs_library_picks_are_reviewed_once_the_pile_round_is_done(order_seed):
    """V:EKN 7.5.1 as in the booster draft: a player sees all their library picks once
    they will make no more picks of the current pile round (the oracle: the rest of the
    run), none while picking from a pile, all after the draft; the crypt picks of the
    table phase are public at the table and always shown."""
    states, pickers = _library_run("between-packs", order_seed)
    saw = set()
    for i, state in enumerate(states):
        for p in PLAYERS:
            me = view(state, player=p)
            pool = me["pools"][p]
            assert pool["crypt"] == list(state.crypt.pools[p]) and len(pool["crypt"]) == 8
            # visible unless p still picks in this round (pickers[j]: from states[j])
            expected = state.status == "completed" or \
                (state.round, p) not in pickers[i:]
            assert me["library_picks_visible"] == expected, (i, p)
            assert pool["library"] == (list(state.library[p]) if expected else [])
            if state.status == "library":
                saw.add((expected, bool(state.library[p])))
    # within the phase: hidden picks, and picks shown before the round's end
    assert (False, True) in saw and (True, True) in saw


@pytest.mark.parametrize("own_picks,during", [("always", True), ("after-draft", False)])
def test_other_profiles_show_library_picks_always_or_at_the_end(own_picks, during):
    states, _ = _library_run(own_picks, 0)
    for state in states[:-1]:
        assert all(view(state, player=p)["library_picks_visible"] == during
                   for p in PLAYERS)
    assert all(view(states[-1], player=p)["pools"][p]["library"] == list(states[-1].library[p])
               for p in PLAYERS)
    assert "library_picks_visible" not in view(states[1], staff=True)
