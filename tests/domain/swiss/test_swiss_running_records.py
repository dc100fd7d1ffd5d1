"""Records kept round by round (``running.py``) equal the full recomputation from every
round (``records.records``) on random events: draws, byes, drops, players joining late,
judges correcting closed rounds after later ones were paired; and pairing from them
decides exactly what pairing from a cold start decides."""
from __future__ import annotations

import random

import pytest
from swiss_helpers import NOW, Harness, players, random_outcome

import chalicelib.domain.swiss.running as running
from chalicelib.domain.swiss import SWISS, CorrectResult, DropPlayer, PairRound
from chalicelib.domain.swiss.records import Record, records
from chalicelib.domain.swiss.standings import standings

FIELDS = [f for f in Record.__slots__]


def same(got: dict[str, Record], want: dict[str, Record]) -> None:
    assert list(got) == list(want)          # the same players in the same order
    for p, rec in want.items():
        assert {f: getattr(got[p], f) for f in FIELDS} == \
            {f: getattr(rec, f) for f in FIELDS}, p


def check(h: Harness, everyone: list[str]) -> None:
    state = h.state
    for upto in range(len(state.rounds) + 1):
        got = running.running_records(state.rounds[:upto], h.settings, everyone)
        same(got, records(state.rounds[:upto], h.settings, everyone))
    # what the standings show after each round, kept and recomputed alike
    for upto in range(1, len(state.rounds) + 1):
        kept = [(s.rank, s.record.player, s.record.points, s.tiebreakers)
                for s in standings(state, upto)]
        running.forget()
        cold = [(s.rank, s.record.player, s.record.points, s.tiebreakers)
                for s in standings(state, upto)]
        assert kept == cold


@pytest.mark.parametrize("game,seed", [(g, s) for g in ("munchkin", "mtg") for s in range(5)])
def test_kept_records_equal_the_full_recomputation(game, seed):
    rng = random.Random(f"{game}-{seed}")
    h = Harness(game, seed=f"s{seed}", override={"rounds": 7})
    field = players(rng.randrange(9, 30))
    late = players(len(field) + 3)[len(field):]
    active = list(field)
    outcome = random_outcome(rng, h.settings["best_of"], h.settings["draws_allowed"])
    for number in range(1, 8):
        if number == 3:
            active += late                     # players who join after round 2
        running.forget() if rng.random() < 0.3 else None
        paired = h.pair(active)
        h.play(paired, outcome)
        check(h, field + late)
        for _ in range(rng.randrange(3)):      # judges correct an earlier, closed round
            rnd = h.state.rounds[rng.randrange(number)]
            match = rng.choice(rnd.matches)
            old = rnd.results.get(match.id)
            a, b, d = outcome({})
            if old is not None and (old.a, old.b, old.draws) == (a, b, d):
                continue
            h.run(CorrectResult(match.id, "judge", a, b, NOW, d))
            check(h, field + late)
        for p in [p for p in active if rng.random() < 0.08]:
            h.run(DropPlayer(p, "org", NOW))
            active.remove(p)


def test_pairing_from_kept_records_decides_what_a_cold_start_decides():
    rng = random.Random(7)
    h = Harness("mtg", seed="cold", override={"rounds": 8})
    field = players(41)
    outcome = random_outcome(rng, h.settings["best_of"], draws=True)
    for _ in range(8):
        command = PairRound(h.seed, h.settings, field, NOW, "org")
        warm = SWISS.decide(command, h.state)
        running.forget()
        cold = SWISS.decide(command, h.state)
        assert [e.data for e in warm] == [e.data for e in cold]
        h.play(h.pair(field), outcome)


def test_a_new_round_folds_only_that_round(monkeypatch):
    """The point of keeping them: pairing round n+1 folds round n, not rounds 1..n,
    once ``COPY_PAYS`` rounds are kept (before, folding them all again is cheaper than
    copying every record)."""
    assert running.COPY_PAYS == 3
    rng = random.Random(3)
    h = Harness("mtg", seed="fold", override={"rounds": 8})
    field = players(24)
    outcome = random_outcome(rng, h.settings["best_of"], draws=False)
    folded: list[int] = []
    real = running.records

    def spy(rounds, *args, **kwargs):
        rounds = list(rounds)
        folded.append(len(rounds))
        return real(rounds, *args, **kwargs)

    monkeypatch.setattr(running, "records", spy)
    running.forget()
    for _ in range(8):
        h.play(h.pair(field), outcome)
    assert folded == [0, 1, 2, 3, 1, 1, 1, 1], folded
