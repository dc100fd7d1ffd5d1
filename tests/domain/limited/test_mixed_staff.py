"""Mixed draft: staff turns for an absent player in both phases, 7.2.5 replacement of
opened product, and replays of pods started before these were recorded."""
from __future__ import annotations

from collections import Counter

import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict, Invalid, NotFound
from chalicelib.domain.events import decode
from chalicelib.domain.mixed_draft import (
    MIXED_DRAFT,
    ExpireLibraryPicks,
    LibraryPick,
    ReplaceProduct,
    StartMixedDraft,
    TakePickFor,
    view,
)
from chalicelib.domain.mixed_draft.visibility import redact
from chalicelib.domain.table_draft import ExpirePick, Pick

from .helpers import Run, at
from .test_mixed import PLAYERS, _to_library, kinds, product


def start(seconds=30, review=0, meta=True):
    run = Run(MIXED_DRAFT)
    run(StartMixedDraft(
        pod=2, players=PLAYERS, first_seat="bob", product=[product(s) for s in range(4)],
        kinds=kinds(), pile_size=7, review_seconds=review, pick_seconds=seconds,
        library_pick_seconds=seconds, seed="seed-1", now=at(0),
        product_meta=[[{"size": 11}, {"size": 11}, {"size": 12}]] * 4 if meta else None))
    return run


def take(run, player, n, **guards):
    return run(TakePickFor(player=player, by="judge-1", seed="seed-1", now=at(n), **guards))


def waiting(run) -> str:
    return PLAYERS[next(s for s in range(4) if run.state.queues[s])]


# ---- staff turns ---------------------------------------------------------------------------
def test_staff_turns_follow_the_expiry_rule_of_each_phase():
    run = start()
    got = take(run, "bob", 1)[0]
    assert got.type == "TableCardPicked" and got.data["order"] == 1
    assert got.data["by"] == "judge-1" and got.data["auto"]
    with pytest.raises(Conflict) as exc:
        take(run, "bob", 2)
    assert exc.value.code == "not_their_turn"
    n = _to_library(run)
    # The library phase: a card of the pile drawn from the seed, exactly what the
    # expired timer would have given.
    twin = Run(MIXED_DRAFT)
    twin.state = run.state
    expired = [e.data for e in twin(ExpireLibraryPicks(seed="seed-1", now=at(n + 30)))
               if e.data["player"] == "ann"][0]
    taken = take(run, "ann", n + 29, pack="R1S1")[0].data     # before the timer runs out
    assert taken["card"] == expired["card"] and taken["pack"] == "R1S1"
    assert taken["by"] == "judge-1" and taken["auto"] and taken["passed_to"] == "bob"
    assert run.state.library["ann"] == (taken["card"],)


def test_staff_turn_refusals_change_nothing():
    run = start()
    n = _to_library(run)
    run(LibraryPick(player="ann", card=run.state.front(0)[1][0], now=at(n)))
    before = run.state
    with pytest.raises(Conflict) as exc:
        take(run, "ann", n)                       # her pile went to bob; none waits
    assert exc.value.code == "not_their_turn"
    with pytest.raises(Conflict) as exc:
        take(run, "bob", n, pack="R1S1")          # bob's front pile is his own, R1S2
    assert exc.value.code == "stale_pick" and exc.value.details == {"pack": "R1S2"}
    with pytest.raises(NotFound):
        take(run, "zed", n)
    assert run.state is before


def test_an_untimed_mixed_draft_finishes_with_staff_turns_alone():
    run = start(seconds=None)
    n = 0
    while run.state.status != "completed":
        n += 1
        player = run.state.crypt.picker if run.state.status == "crypt" else waiting(run)
        take(run, player, n)
    pools = run.events[-1].data["pools"]
    everything = Counter(c for s in range(4) for p in product(s) for c in p)
    assert Counter(c for p in pools.values() for c in p["crypt"] + p["library"]) == everything
    with pytest.raises(Conflict) as exc:
        take(run, "ann", n + 1)
    assert exc.value.code == "draft_over"


# ---- 7.2.5 replacement of opened product ----------------------------------------------------
def new_booster(tag="nb", size=11, crypt=2):
    cards = [f"{tag}-C{i}" for i in range(crypt)] + [f"{tag}-L{i}" for i in range(size - crypt)]
    return cards, {c: "crypt" if "-C" in c else "library" for c in cards}


def replace(run, seat=1, item=2, cards=None, kinds_=None, now=1, expected=11):
    if cards is None:
        cards, kinds_ = new_booster()
    return run(ReplaceProduct(seat=seat, item=item, cards=cards, kinds=kinds_,
                              expected=expected, reason="short", by="judge", seed="seed-1",
                              now=at(now)))


def test_replacing_opened_product_splits_and_lays_out_again():
    run = start(review=20)
    ann_table = [c for c in run.state.crypt.table if c["seat"] == 0]
    events = replace(run, seat=1, item=2, now=5)
    assert [e.type for e in events] == ["MixedProductReplaced", "TablePackReplaced",
                                        "TableSetRevealed"]
    replaced = events[0].data
    # ann's crypt: her 3 + 4 crypt cards of items 1 and 3, plus the new booster's 2.
    assert sorted(replaced["crypt"]) == sorted(
        [c for i in (0, 2) for c in product(0)[i] if "-C" in c] + ["nb-C0", "nb-C1"])
    library = sorted(c for p in replaced["piles"] for c in p)
    assert library == sorted([c for i in (0, 2) for c in product(0)[i] if "-L" in c]
                             + [f"nb-L{i}" for i in range(9)])
    assert [len(p) for p in replaced["piles"]] == [7, 7, 7, 4]
    assert run.state.piles[0] == tuple(tuple(p) for p in replaced["piles"])
    assert events[2].data["review_until"] == "2026-11-22T10:00:25Z"
    assert len([c for c in run.state.crypt.table if c["seat"] == 0]) == len(ann_table)
    assert view(run.state)["replacements"][0]["item"] == 2
    assert fold(MIXED_DRAFT, MIXED_DRAFT.initial(), run.events) == run.state
    # Every card of the new booster is drafted, none of the one it replaced.
    n = 30
    while run.state.status != "completed":
        # past each crypt set's 20-second review; in the library phase before any
        # other waiting player's 30-second timer runs out
        n += 21 if run.state.status == "crypt" else 1
        player = run.state.crypt.picker if run.state.status == "crypt" else waiting(run)
        take(run, player, n)
    pools = run.events[-1].data["pools"]
    drafted = Counter(c for p in pools.values() for c in p["crypt"] + p["library"])
    expected = Counter(c for s in range(4) for i, p in enumerate(product(s))
                       if (s, i) != (0, 1) for c in p) + Counter(new_booster()[0])
    assert drafted == expected


def test_product_can_be_replaced_only_before_the_first_crypt_card_is_drafted():
    run = start()
    run(Pick(player="bob", card=run.state.crypt.table[0]["card"], now=at(1)))
    with pytest.raises(Conflict) as exc:
        replace(run)
    assert exc.value.code == "pack_opened"
    _to_library(run)
    with pytest.raises(Conflict):
        replace(run)


def test_invalid_product_replacements_are_refused():
    run = start()
    before = run.state
    with pytest.raises(Invalid) as exc:
        replace(run, seat=5)
    assert exc.value.code == "no_such_pack"
    with pytest.raises(Invalid) as exc:
        replace(run, item=4)
    assert exc.value.code == "no_such_pack"
    cards, kinds_ = new_booster(size=10)
    with pytest.raises(Invalid) as exc:
        replace(run, cards=cards + ["who"], kinds_=kinds_, expected=12)
    assert len(exc.value.details) == 2
    assert run.state is before


def test_a_replacement_shows_everyone_counts_only():
    run = start()
    event = replace(run)[0]
    public = redact(event.type, event.data)
    assert {"cards", "crypt", "piles"}.isdisjoint(public) and public["count"] == 11
    assert public["pile_counts"] == [7, 7, 7, 4]
    # 7.8: the replacement is split face down: even its owner reads counts only.
    mine = redact(event.type, event.data, player="ann", members=PLAYERS)
    assert {"cards", "crypt", "piles", "my_crypt"}.isdisjoint(mine)
    assert mine["count"] == 11 and mine["crypt_count"] == len(event.data["crypt"])
    table = [redact(e.type, e.data) for e in run.events if e.type == "TablePackReplaced"]
    assert all("cards" not in d for d in table)


def test_abnormal_product_is_listed_until_the_crypt_draft_begins():
    run = Run(MIXED_DRAFT)
    short = [product(s) for s in range(4)]
    short[2] = [short[2][0][:-1], *short[2][1:]]
    run(StartMixedDraft(pod=1, players=PLAYERS, product=short, kinds=kinds(), pile_size=7,
                        review_seconds=0, seed="s", now=at(0),
                        product_meta=[[{"size": 11}, {"size": 11}, {"size": 12}]] * 4))
    assert view(run.state)["abnormal_product"] == [
        {"seat": 3, "item": 1, "player": "cat", "count": 10, "expected": 11}]
    run(ExpirePick(now=at(61)))
    assert view(run.state)["abnormal_product"] == []


# ---- replays of pods started before these features ------------------------------------
def legacy_stream() -> list:
    """A pod as recorded before product, product_meta, own_picks and pack_meta existed."""
    run = start(meta=False)
    events = []
    for e in run.events:
        data = dict(e.data)
        if e.type == "MixedDraftStarted":
            for key in ("product", "product_meta", "own_picks"):
                data.pop(key, None)
        events.append(decode(e.type, data, 1))        # as stored then: version 1
    return events


def test_pods_started_before_still_fold_and_draft_to_the_end():
    run = Run(MIXED_DRAFT)
    run.state = fold(MIXED_DRAFT, run.state, legacy_stream())
    assert run.state.status == "crypt" and run.state.product == ()
    with pytest.raises(Conflict) as exc:
        replace(run)
    assert exc.value.code == "product_not_recorded"
    n = 0
    while run.state.status != "completed":
        n += 1
        player = run.state.crypt.picker if run.state.status == "crypt" else waiting(run)
        take(run, player, n)
    assert fold(MIXED_DRAFT, MIXED_DRAFT.initial(), legacy_stream() + run.events) == run.state
