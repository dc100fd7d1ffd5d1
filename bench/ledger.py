"""The federation ledger at scale: ``python -m bench ledger [players] [events] [--no-gc]``
(default 50,000 and 10,000; ``--no-gc``: without Python's cyclic collector, which
otherwise rescans every held entry as the ledger grows). Measures (1) a recompute from
scratch: folding every event's record into the ledger and ranking both groups, (2) one
new report on that ledger: decide (with the ratings it moves) and evolve, (3) a
correction of an old event.
Targets (issue 27): (1) under 10 s, (2) under 50 ms."""
from __future__ import annotations

import gc
import random
import time
from datetime import date, timedelta

from chalicelib.domain.decider import fold
from chalicelib.domain.ledger import LEDGER, RecordEvent
from chalicelib.domain.ledger.events import LedgerEventRecorded
from chalicelib.domain.ledger.rating import leaderboard

BY = {"role": "federation", "id": "f0123456789ab"}
TIERS = ["sanctioned"] * 20 + ["national_qualifier", "continental_qualifier",
                               "national_championship", "continental_championship"]
PLACES = [("FR", "Paris", "europe"), ("DE", "Berlin", "europe"), ("US", "Boston",
          "north_america"), ("BR", "Recife", "south_america"), ("JP", "Tokyo", "asia")]


def records(players: int, events: int, seed: int = 27) -> list[dict]:
    rng = random.Random(seed)          # the bench's own data, not a tournament's draw
    start = date(2025, 6, 1)
    out = []
    for n in range(events):
        size = rng.randint(8, 40)
        field = rng.sample(range(players), size)
        finalists = set(field[:5])
        country, city, continent = rng.choice(PLACES)
        day = (start + timedelta(days=rng.randint(0, 540))).isoformat()
        out.append({
            "event_id": f"e{n}", "source": "imported", "name": f"Event {n}", "date": day,
            "group": rng.choice(["constructed", "limited"]), "tier": rng.choice(TIERS),
            "country": country, "city": city, "continent": continent,
            "reported_at": day, "players": [
                {"member_id": f"{1000000 + m}", "gw": rng.randint(0, 3),
                 "vp_halves": rng.randint(0, 12),
                 "standing": ("winner" if m == field[0] else "finalist")
                 if m in finalists else None} for m in field]})
    return out


def main(argv: list[str]) -> int:
    numbers = [a for a in argv if not a.startswith("--")]
    players = int(numbers[0]) if numbers else 50_000
    events = int(numbers[1]) if len(numbers) > 1 else 10_000
    made = records(players, events)
    as_of = date(2026, 12, 1)
    if "--no-gc" in argv:
        gc.disable()       # the cyclic collector rescans every entry on each pass
    stream = [LedgerEventRecorded(record=rec, version=1, changes=[], by=BY, at="2026-12-01")
              for rec in made]
    t0 = time.perf_counter()
    # what loading the ledger's stream does (service/command_service.py: fold)
    state = fold(LEDGER, LEDGER.initial(), stream)
    t1 = time.perf_counter()
    by_member = dict(state.by_member.items())
    boards = {g: leaderboard(by_member, g, as_of) for g in ("constructed", "limited")}
    t2 = time.perf_counter()
    print(f"{events:,} events, {len(state.by_member):,} members, "
          f"{sum(len(r['players']) for r in made):,} results")
    total = t2 - t0
    print(f"recompute from scratch: fold {t1 - t0:.2f} s + rank both groups {t2 - t1:.2f} s"
          f" = {total:.2f} s (target < 10 s: {'PASS' if total < 10 else 'FAIL'}); ranked "
          f"{len(boards['constructed']):,} constructed, {len(boards['limited']):,} limited")
    # the baseline, in the same run: the same stream folded one event at a time (each
    # evolve copies the shards it touches), then at once again (warm, like the baseline)
    b0 = time.perf_counter()
    one = LEDGER.initial()
    for event in stream:
        one = LEDGER.evolve(one, event)
    b1 = time.perf_counter()
    fold(LEDGER, LEDGER.initial(), stream)
    b2 = time.perf_counter()
    print(f"baseline: one event at a time {b1 - b0:.2f} s; at once (again) {b2 - b1:.2f} s:"
          f" x{(b1 - b0) / max(b2 - b1, 1e-9):.2f}")
    new = records(players, 1, seed=99)[0] | {"event_id": "new"}
    timings = []
    for _ in range(20):
        s0 = time.perf_counter()
        for event in LEDGER.decide(RecordEvent(new, BY, "2026-12-01"), state):
            LEDGER.evolve(state, event)
        timings.append(time.perf_counter() - s0)
    timings.sort()
    worst = timings[-1] * 1000
    print(f"one new report ({len(new['players'])} players): decide + evolve median "
          f"{timings[10] * 1000:.1f} ms, max {worst:.1f} ms "
          f"(target < 50 ms: {'PASS' if worst < 50 else 'FAIL'})")
    fixed = made[0] | {"players": made[0]["players"][::-1][:-1]}
    s0 = time.perf_counter()
    for event in LEDGER.decide(RecordEvent(fixed, BY, "2026-12-01"), state):
        LEDGER.evolve(state, event)
    print(f"a correction of an old event: {(time.perf_counter() - s0) * 1000:.1f} ms")
    return 0
