"""Loading a federation's ledger folds its whole stream at once (``evolve_many``): the
state must be the one folding each event with ``evolve`` gives, and must leave every
earlier state as it was."""
from __future__ import annotations

import random

from chalicelib.domain.decider import fold
from chalicelib.domain.ledger import LEDGER
from chalicelib.domain.ledger.events import LedgerEventInvalidated, LedgerEventRecorded

BY = {"role": "federation", "id": "f0123456789ab"}


def _events(seed: int) -> list:
    rng = random.Random(seed)
    events, held = [], {}
    for n in range(120):
        if held and rng.random() < 0.15:                 # a correction or an invalidation
            eid = rng.choice(sorted(held))
            if rng.random() < 0.5:
                events.append(LedgerEventInvalidated(event_id=eid, reason="9.4", by=BY,
                                                     at="2026-12-01", changes=[]))
                del held[eid]
                continue
            record = {**held[eid], "players": held[eid]["players"][1:]}
            held[eid] = record
            events.append(LedgerEventRecorded(record=record, version=2, by=BY,
                                              at="2026-12-01", changes=[{"member_id": "x"}]))
            continue
        field = rng.sample(range(60), rng.randint(4, 12))
        record = {"event_id": f"e{n}", "source": "imported", "name": f"E{n}",
                  "date": f"2026-{rng.randint(1, 11):02d}-10", "reported_at": "2026-11-20",
                  "group": rng.choice(["constructed", "limited"]), "tier": "sanctioned",
                  "country": "FR", "city": "Paris", "continent": "europe",
                  "players": [{"member_id": f"{1000000 + m}", "gw": rng.randint(0, 3),
                               "vp_halves": rng.randint(0, 8),
                               "standing": "winner" if m == field[0] else None}
                              for m in field]}
        held[record["event_id"]] = record
        events.append(LedgerEventRecorded(record=record, version=1, by=BY, at="2026-12-01",
                                          changes=[{"member_id": f"{1000000 + field[0]}"}]))
    return events


def _plain(state) -> tuple:
    return (dict(state.records), list(state.feed), dict(state.by_member.items()))


def test_folding_at_once_equals_folding_one_event_at_a_time():
    for seed in range(5):
        events = _events(seed)
        one_by_one = LEDGER.initial()
        for event in events:
            one_by_one = LEDGER.evolve(one_by_one, event)
        at_once = fold(LEDGER, LEDGER.initial(), events)
        assert _plain(at_once) == _plain(one_by_one)
        half = len(events) // 2       # a cached state caught up with the rest at once
        caught_up = fold(LEDGER, fold(LEDGER, LEDGER.initial(), events[:half]), events[half:])
        assert _plain(caught_up) == _plain(one_by_one)


def test_folding_leaves_the_state_it_started_from_unchanged():
    events = _events(7)
    start = fold(LEDGER, LEDGER.initial(), events[:60])
    before = _plain(start)
    fold(LEDGER, start, events[60:])
    LEDGER.evolve(start, events[60])
    assert _plain(start) == before
