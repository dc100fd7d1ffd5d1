"""Table draft: staff picks for an absent player (7.7) and pack replacement (7.2.5)."""
from __future__ import annotations

from collections import Counter

import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict, Invalid, NotFound
from chalicelib.domain.events import decode
from chalicelib.domain.table_draft import (
    TABLE_DRAFT,
    ExpirePick,
    Pick,
    PickFor,
    ReplacePack,
    StartTableDraft,
    view,
)
from chalicelib.domain.table_draft.visibility import redact

from .helpers import Run, at
from .test_tabledraft import PLAYERS, kinds_for, pack


def start(packs_per_player=2, review=0, seconds=30, meta=True, players=PLAYERS, sizes=None):
    packs = [[pack(s, k, (sizes or {}).get((s, k), 11)) for k in range(packs_per_player)]
             for s in range(len(players))]
    run = Run(TABLE_DRAFT)
    run(StartTableDraft(
        pod=1, players=players, packs=packs, kinds=kinds_for(packs), pick_seconds=seconds,
        review_seconds=review, now=at(0),
        pack_meta=[[{"set": "s", "booster": "b", "size": 11}] * packs_per_player
                   for _ in players] if meta else None))
    return run


def fresh(tag: str, size: int = 11, crypt: int = 3) -> tuple[list[str], dict[str, str]]:
    cards = [f"{tag}L{i}" for i in range(size - crypt)] + [f"{tag}C{i}" for i in range(crypt)]
    return cards, {c: "crypt" if "C" in c else "library" for c in cards}


def replace(run, seat, pack_no, cards, kinds, now=1, expected=11):
    return run(ReplacePack(seat=seat, pack=pack_no, cards=cards, kinds=kinds,
                           expected=expected, reason="10 cards", by="judge", now=at(now)))


# ---- staff pick for an absent player -------------------------------------------------
def test_pick_for_gives_the_picker_the_oldest_card_and_records_who_took_it():
    run = start()
    run(Pick(player="p1", card=run.state.table[3]["card"], now=at(1)))   # order 4 taken
    events = run(PickFor(player="p2", by="judge-1", pick=2, now=at(2)))
    got = events[0].data
    assert (got["player"], got["order"], got["auto"], got["by"]) == ("p2", 1, True, "judge-1")
    assert run.state.pools["p2"] == (got["card"],) and run.state.picker == "p3"
    # An expiry gives exactly what pick-for gives: the same rule.
    a, b = start(), start()
    expired = a(ExpirePick(now=at(30)))[0].data
    taken = b(PickFor(player="p1", by="j", now=at(29)))[0].data   # before it runs out
    assert {k: expired[k] for k in ("card", "order", "player", "auto")} == \
        {k: taken[k] for k in ("card", "order", "player", "auto")}


def test_pick_for_refusals_change_nothing():
    run = start(review=20)
    before = run.state
    with pytest.raises(Conflict) as exc:
        run(PickFor(player="p1", by="j", now=at(5)))
    assert exc.value.code == "review_period"
    with pytest.raises(Conflict) as exc:
        run(PickFor(player="p2", by="j", now=at(25)))
    assert exc.value.code == "not_their_turn" and exc.value.details["picker"] == "p1"
    with pytest.raises(NotFound) as exc:
        run(PickFor(player="zz", by="j", now=at(25)))
    assert exc.value.code == "not_in_pod"
    with pytest.raises(Conflict) as exc:
        run(PickFor(player="p1", by="j", pick=3, now=at(25)))
    assert exc.value.code == "stale_pick"
    assert run.state is before and len(run.events) == 2


def test_an_untimed_draft_finishes_with_staff_picks_alone():
    run = start(seconds=None)
    with pytest.raises(Conflict):
        run(ExpirePick(now=at(10_000)))
    n = 0
    while run.state.status == "drafting":
        n += 1
        run(PickFor(player=run.state.picker, by="j", now=at(n)))
    assert n == 110 and run.events[-1].type == "TableDraftCompleted"
    assert all(len(p) == 22 for p in run.events[-1].data["pools"].values())
    with pytest.raises(Conflict) as exc:
        run(PickFor(player="p1", by="j", now=at(n + 1)))
    assert exc.value.code == "draft_over"


# ---- 7.2.5 pack replacement ------------------------------------------------------------
def test_a_later_pack_is_replaced_face_down_and_later_drafted():
    run = start()
    cards, kinds = fresh("new")
    events = replace(run, 3, 2, cards, kinds)
    assert [e.type for e in events] == ["TablePackReplaced"]
    # Its crypt cards go on top (7.7.1); the table in front of everyone does not change.
    assert events[0].data["cards"][:3] == ["newC0", "newC1", "newC2"]
    assert events[0].data["player"] == "p3" and events[0].data["count"] == 11
    assert run.state.packs[1][2] == tuple(events[0].data["cards"])
    assert len(run.state.table) == 10
    n = 0
    while run.state.status == "drafting":
        n += 1
        run(Pick(player=run.state.picker, card=run.state.table[0]["card"], now=at(1 + n)))
    pools = run.events[-1].data["pools"]
    drafted = Counter(c for p in pools.values() for c in p)
    assert set(cards) <= set(drafted) and not any(c.startswith("s2k1") for c in drafted)
    assert sum(drafted.values()) == 110


def test_the_pack_on_the_table_is_laid_out_again_until_its_first_card_is_drafted():
    run = start(review=20, sizes={(1, 0): 10})
    before = {c["order"]: (c["card"], c["seat"]) for c in run.state.table}
    assert view(run.state)["abnormal_packs"] == [
        {"pack": 1, "seat": 2, "player": "p2", "count": 10, "expected": 11}]
    cards, kinds = fresh("new")
    events = replace(run, 2, 1, cards, kinds, now=12)
    assert [e.type for e in events] == ["TablePackReplaced", "TableSetRevealed"]
    again = events[1].data
    assert again["set"] == 1 and again["pack"] == 1 and again["active"] == "p1"
    assert again["review_until"] == "2026-11-22T10:00:32Z"      # a fresh review period
    after = {c["order"]: (c["card"], c["seat"]) for c in run.state.table}
    assert after[3] == ("newC0", 1) and after[4] == ("newC1", 1)
    assert {k: v for k, v in after.items() if k not in (3, 4)} == \
        {k: v for k, v in before.items() if k not in (3, 4)}
    assert view(run.state)["face_down"]["p2"] == [9, 11]
    assert view(run.state)["face_down"]["p1"] == [9, 11]
    assert view(run.state)["abnormal_packs"] == []
    assert view(run.state)["replacements"] == [
        {"pack": 1, "seat": 2, "player": "p2", "count": 11, "reason": "10 cards",
         "by": "judge", "at": "2026-11-22T10:00:12Z"}]
    # The first pick opens the pack: from then on it can no longer be replaced.
    run(Pick(player="p1", card="newC0", now=at(40)))
    n_events = len(run.events)
    with pytest.raises(Conflict) as exc:
        replace(run, 4, 1, *fresh("late"), now=41)
    assert exc.value.code == "pack_opened" and len(run.events) == n_events
    replace(run, 4, 2, *fresh("later"), now=41)        # pack 2 still can


def test_replacing_the_last_set_keeps_the_rotation_of_active_players():
    run = start()
    for n in range(10):
        run(Pick(player=run.state.picker, card=run.state.table[0]["card"], now=at(1 + n)))
    assert run.state.set_no == 2 and run.state.active == 1
    with pytest.raises(Conflict):
        replace(run, 1, 1, *fresh("x"))
    state = fold(TABLE_DRAFT, TABLE_DRAFT.initial(), run.events)
    assert state == run.state


def test_invalid_replacements_are_refused_listing_every_problem():
    run = start()
    before = run.state
    with pytest.raises(Invalid) as exc:
        replace(run, 9, 5, *fresh("x"))
    assert exc.value.code == "no_such_pack" and len(exc.value.details) == 2
    cards, kinds = fresh("x", size=10)
    with pytest.raises(Invalid) as exc:
        replace(run, 1, 2, cards + ["mystery"], kinds, expected=12)
    assert exc.value.code == "invalid_replacement"
    assert [p["msg"] for p in exc.value.details] == [
        "the replacement pack has the wrong number of cards", "cards without a known kind"]
    with pytest.raises(Invalid):
        replace(run, 1, 2, [], {}, expected=None)
    assert run.state is before


def test_replacement_after_the_draft_and_before_it_starts():
    with pytest.raises(Conflict) as exc:
        Run(TABLE_DRAFT)(ReplacePack(seat=1, pack=1, cards=["a"], kinds={"a": "crypt"},
                                     reason="r", by="j", now=at(0)))
    assert exc.value.code == "not_started"
    run = start(packs_per_player=1, seconds=None)
    while run.state.status == "drafting":
        run(PickFor(player=run.state.picker, by="j", now=at(1)))
    with pytest.raises(Conflict) as exc:
        replace(run, 1, 1, *fresh("x"))
    assert exc.value.code == "draft_over"


def test_replacements_replay_and_hide_the_new_cards():
    run = start(review=20)
    replace(run, 2, 1, *fresh("a"), now=3)
    replace(run, 5, 2, *fresh("b"), now=4)
    run(Pick(player="p1", card=run.state.table[0]["card"], now=at(30)))
    assert fold(TABLE_DRAFT, TABLE_DRAFT.initial(), run.events) == run.state
    public = [redact(e.type, e.data) for e in run.events if e.type == "TablePackReplaced"]
    assert all("cards" not in d and d["count"] == 11 for d in public)
    staff = [redact(e.type, e.data, staff=True) for e in run.events
             if e.type == "TablePackReplaced"]
    assert all(len(d["cards"]) == 11 for d in staff)
    assert "packs" not in view(run.state) and "packs" not in view(run.state, player="p2")


def test_streams_started_before_pack_meta_still_fold_and_replace():
    run = start(meta=False)
    assert run.events[0].pack_meta == [[{}, {}]] * len(PLAYERS)     # none known
    legacy = {k: v for k, v in run.events[0].data.items() if k != "pack_meta"}
    assert decode("TableDraftStarted", legacy, 1) == run.events[0]
    assert view(run.state)["abnormal_packs"] == []
    replace(run, 1, 2, *fresh("x", size=9), expected=None)
    assert len(run.state.packs[1][0]) == 9
