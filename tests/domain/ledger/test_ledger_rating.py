"""The ledger's pure rules: rating points (Appendix A), the 18-month window, best 8,
leaving the rankings after 12 months, what counts (9.2-9.6, 6.1.1), and a fold that gives
the same ledger in any order of recording."""
from __future__ import annotations

import itertools
from datetime import date

from chalicelib.domain.ledger import LEDGER, InvalidateEvent, RecordEvent
from chalicelib.domain.ledger.points import coefficient, rating_points
from chalicelib.domain.ledger.rating import leaderboard, months_before, rating
from chalicelib.domain.ledger.records import exclusions, reporting

BY = {"role": "federation", "id": "f0123456789ab"}


def record(eid, day, players, tier="sanctioned", group="limited", reported=None, **extra):
    return {"event_id": eid, "source": "imported", "name": eid, "date": day, "group": group,
            "tier": tier, "reported_at": reported or day, "players": players, **extra}


def player(member, gw=0, vp_halves=0, standing=None):
    return {"member_id": member, "gw": gw, "vp_halves": vp_halves, "standing": standing}


def test_rating_points_follow_the_published_figures():
    # the community platform's worked examples: 20 players, winner 6 VP 3 GW -> 162;
    # national championship of 30, finalist with 4 VP 2 GW -> 90 (GW here counts the final)
    assert rating_points(12, 4, "winner", 20, "sanctioned")["total"] == 5 + 24 + 32 + 109
    assert rating_points(8, 2, "finalist", 30, "national_championship")["total"] == 90
    assert rating_points(3, 1, None, 100, "continental_championship")["total"] == 5 + 6 + 8
    assert coefficient(3, "sanctioned") == 0.0                       # never negative
    assert coefficient(15, "sanctioned") == 1.0
    assert coefficient(15, "continental_championship") == 2.0


def test_window_best_eight_and_inactivity():
    entries = [{"event_id": f"e{i}", "date": f"2026-{i:02d}-01", "group": "limited",
                "counts": True, "total": 10 * i, "country": None, "city": None,
                "continent": None} for i in range(1, 11)]
    r = rating(entries, "limited", date(2026, 12, 1))
    assert r["counted"] == [f"e{i}" for i in range(10, 2, -1)] and r["rating"] == 520
    assert r["ranked"] is True
    # 18 months later only the last events are in the window; after 12 idle months unranked
    later = rating(entries, "limited", date(2027, 11, 15))
    assert later["counted"] == ["e10", "e9", "e8", "e7", "e6"] and later["ranked"] is False
    assert months_before(date(2026, 8, 31), 18) == date(2025, 2, 28)


def test_what_counts():
    late = record("a", "2026-01-01", [player("1000001")], reported="2026-01-20")
    assert reporting(late) == "late" and exclusions(late) == []
    assert exclusions({**late, "reported_at": "2026-02-01"}) == ["reported_after_thirty_days"]
    assert exclusions(late, invalidated=True) == ["invalidated"]
    assert exclusions({**late, "tier": "store", "set_restricted": True}) == [
        "not_sanctioned", "set_restricted"]
    # 9.6: a participant on a temporary number, a name or a blank takes the event out;
    # a registered player who never played a round is no participant
    for temp in ("TEMP-1", "Anna Smith", None, "0000000", "100001"):
        played = {**late, "players": [player("1000001"), player(temp)]}
        assert exclusions(played) == ["temporary_numbers"], temp
        idle = {**late, "players": [player("1000001"), {**player(temp), "played": False}]}
        assert exclusions(idle) == [], temp


def _fold(records):
    state = LEDGER.initial()
    for i, rec in enumerate(records):
        for event in LEDGER.decide(RecordEvent(rec, BY, f"2026-12-0{1 + i % 9}"), state):
            state = LEDGER.evolve(state, event)
    return state


def test_the_same_events_in_any_order_give_the_same_rankings():
    records = [
        record("a", "2026-03-01", [player("1000001", 2, 6, "winner"), player("1000002", 1, 4,
               "finalist"), player("TEMP", 0, 0), player("1000003")]),
        record("b", "2026-05-01", [player("1000002", 3, 9, "winner"), player("1000003", 0, 2)]),
        record("c", "2026-07-01", [player("1000003", 1, 5, "winner"), player("1000001")],
               tier="continental_qualifier"),
    ]
    boards = set()
    for order in itertools.permutations(records):
        state = _fold(order)
        board = leaderboard(dict(state.by_member.items()), "limited",
                            date(2026, 12, 31))
        boards.add(tuple((r["member_id"], r["rank"], r["rating"]) for r in board))
        assert "TEMP" not in state.by_member
    assert len(boards) == 1


def test_invalidation_and_correction_touch_only_their_players():
    a = record("a", "2026-03-01", [player("1000001", 1, 2), player("1000002", 0, 2)])
    b = record("b", "2026-04-01", [player("1000003", 1, 2)])
    state = _fold([a, b])
    [event] = LEDGER.decide(InvalidateEvent("a", "wrong results", BY, "2026-12-01"), state)
    assert {c["member_id"] for c in event.changes} == {"1000001", "1000002"}
    state = LEDGER.evolve(state, event)
    assert LEDGER.decide(InvalidateEvent("a", "again", BY, "2026-12-01"), state) == []
    fixed = {**b, "players": [player("1000003", 2, 2)]}
    [event] = LEDGER.decide(RecordEvent(fixed, BY, "2026-12-02"), state)
    assert event.version == 2 and [c["member_id"] for c in event.changes] == ["1000003"]
