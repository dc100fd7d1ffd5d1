"""Late commands and unattended pods in table (7.7) and mixed (7.8) drafts: every expiry
due is applied before a command, in order, each stamped at its own deadline."""
from __future__ import annotations

import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict
from chalicelib.domain.mixed_draft import MIXED_DRAFT, ExpireLibraryPicks, LibraryPick
from chalicelib.domain.table_draft import TABLE_DRAFT, ExpirePick, Pick, PickFor, clock

from .helpers import Run, at
from .test_mixed import _to_library
from .test_mixed import start as start_mixed
from .test_tabledraft import start as start_table


def stamp(seconds: int) -> str:
    return clock.iso(at(seconds))


def test_a_late_pick_lands_after_the_expiry_and_is_refused_without_appending():
    run = start_table()                       # 5 players, 30 s per pick, no review
    oldest = run.state.table[0]["card"]
    before = len(run.events)
    with pytest.raises(Conflict) as exc:      # p1 answers 570 s after their deadline
        run(Pick(player="p1", card=run.state.table[3]["card"], now=at(600)))
    assert exc.value.code == "pick_expired"
    assert exc.value.details["issued"][0] == oldest     # p1 got several while away
    assert len(run.events) == before           # nothing recorded


def test_every_due_expiry_is_applied_at_its_own_deadline_before_a_pick():
    run = start_table()
    # p3 is on time for the catch-up state: p1 and p2 expired at 30 s and 60 s.
    events = run(Pick(player="p3", card=run.state.table[5]["card"], now=at(70)))
    picks = [e.data for e in events]
    assert [(p["player"], p["auto"], p["at"]) for p in picks] == [
        ("p1", True, stamp(30)), ("p2", True, stamp(60)), ("p3", False, stamp(70))]
    assert [p["order"] for p in picks[:2]] == [1, 2]       # the oldest cards (7.7)
    assert run.state.deadline == stamp(100) and run.state.picker == "p4"


def test_an_unattended_pod_catches_up_in_one_sweep_across_sets():
    run = start_table(players=["p1", "p2"], size=4, crypt=0, review=10)
    # Set 1: 4 cards, review 10 s, picks due at 40, 70, 100, 130; set 2 revealed at 130
    # (review to 140) with picks due at 170, 200, 230, 260; then the draft completes.
    events = run(ExpirePick(now=at(10_000)))
    auto = [e.data for e in events if e.type == "TableCardPicked"]
    assert [p["at"] for p in auto] == [stamp(t) for t in (40, 70, 100, 130,
                                                          170, 200, 230, 260)]
    reveal = next(e.data for e in events if e.type == "TableSetRevealed")
    assert reveal["review_until"] == stamp(140) and reveal["deadline"] == stamp(170)
    assert events[-1].type == "TableDraftCompleted" and events[-1].data["at"] == stamp(260)
    assert run.state.status == "completed"
    # Replaying the recorded stream gives the same state.
    assert fold(TABLE_DRAFT, TABLE_DRAFT.initial(), run.events) == run.state


def test_the_sweep_is_idempotent_and_partial_catch_up_keeps_the_clock():
    a, b = start_table(), start_table()
    a(ExpirePick(now=at(95)))                  # 3 expiries (30, 60, 90)
    a(ExpirePick(now=at(125)))                 # 1 more (120)
    b(ExpirePick(now=at(125)))                 # 4 at once
    assert a.state == b.state
    with pytest.raises(Conflict) as exc:
        a(ExpirePick(now=at(125)))
    assert exc.value.code == "timer_running"


def test_staff_pick_for_applies_due_expiries_first():
    run = start_table()
    with pytest.raises(Conflict) as exc:       # p1's turn already expired at 30 s
        run(PickFor(player="p1", by="j", now=at(45)))
    assert exc.value.code == "not_their_turn"
    events = run(PickFor(player="p2", by="j", now=at(45)))
    assert [(e.data["player"], e.data.get("by")) for e in events] == [("p1", None),
                                                                      ("p2", "j")]


def test_mixed_library_expiries_are_caught_up_in_order_and_replay():
    run = start_mixed()
    n = _to_library(run)
    deadline = run.state.deadlines[0]          # every pile: n + 40 s
    assert deadline == stamp(n + 40)
    events = run(ExpireLibraryPicks(seed="seed-1", now=at(n + 85)))
    picks = [e.data for e in events if e.type == "MixedLibraryCardPicked"]
    # Round 1: all four piles expire at n+40, then the passed piles at n+80.
    assert [p["at"] for p in picks] == [stamp(n + 40)] * 4 + [stamp(n + 80)] * 4
    assert [p["player"] for p in picks[:4]] == ["ann", "bob", "cat", "dan"]
    assert all(p["auto"] for p in picks)
    assert fold(MIXED_DRAFT, MIXED_DRAFT.initial(), run.events) == run.state
    # The same catch-up from the same state draws the same cards (from the seed).
    twin = Run(MIXED_DRAFT)
    twin.state = fold(MIXED_DRAFT, MIXED_DRAFT.initial(), run.events[:-len(events)])
    assert twin(ExpireLibraryPicks(seed="seed-1", now=at(n + 85))) == events


def test_a_late_library_pick_is_refused_and_an_on_time_one_lands_after_the_catch_up():
    run = start_mixed()
    n = _to_library(run)
    front = run.state.front(0)
    with pytest.raises(Conflict) as exc:       # ann answers after her n+40 deadline
        run(LibraryPick(player="ann", card=front[1][0], seed="seed-1", now=at(n + 41)))
    assert exc.value.code == "pick_expired"
    # bob picks at n+45 from the pile passed to him after the expiries at n+40.
    run(ExpireLibraryPicks(seed="seed-1", now=at(n + 40)))
    bob = run.state.front(1)
    events = run(LibraryPick(player="bob", card=bob[1][0], pack=bob[0], seed="seed-1",
                             now=at(n + 45)))
    assert [e.data["auto"] for e in events] == [False]


def test_an_unattended_mixed_pod_crosses_from_crypt_to_library_in_one_sweep():
    run = start_mixed()
    events = run(ExpireLibraryPicks(seed="seed-1", now=at(100_000)))
    assert run.state.status == "completed"
    types = [e.type for e in events]
    assert "TableDraftCompleted" in types and types[-1] == "MixedDraftCompleted"
    done = events[types.index("TableDraftCompleted")].data["at"]
    first_round = next(e.data for e in events if e.type == "MixedLibraryRoundStarted")
    assert first_round["at"] == done           # not the sweep's time
    assert fold(MIXED_DRAFT, MIXED_DRAFT.initial(), run.events) == run.state


def test_a_crypt_pick_after_the_crypt_phase_ran_out_is_refused():
    run = start_mixed()
    card = run.state.crypt.table[0]["card"]
    picker = run.state.crypt.picker
    with pytest.raises(Conflict) as exc:
        run(Pick(player=picker, card=card, now=at(31)))
    assert exc.value.code == "pick_expired"
