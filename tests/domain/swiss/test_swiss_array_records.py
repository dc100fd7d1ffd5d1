"""Records kept as arrays (``array_records.py``) hold the numbers ``records.records``
computes, round after round (open rounds, draws, byes, drops, late players, judges'
corrections of closed rounds), kept or folded from nothing; they are never changed once
built; and the candidates built from them (``bulk_candidates.py``) are the candidates
``round_candidates`` builds in Python, ranked in the Fraction definition's order."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from swiss_helpers import NOW, Harness, event_states, fraction_order, players, random_outcome

import chalicelib.domain.swiss.array_records as arrays
import chalicelib.domain.swiss.bulk_order as bulk
from chalicelib.domain.swiss import SWISS, PairRound
from chalicelib.domain.swiss.bulk_candidates import bulk_candidates
from chalicelib.domain.swiss.decide_pairing import round_candidates
from chalicelib.domain.swiss.records import records


def same_numbers(got: arrays.ArrayRecords, rounds, settings) -> None:
    want = records(rounds, settings)
    assert set(got.players) == set(want)
    assert len(got.players) == len(want)
    edges = Counter(zip(got.src.tolist(), got.dst.tolist(), strict=True))
    for p, rec in want.items():
        i = got.index[p]
        assert (int(got.points[i]), int(got.played[i]), int(got.byes[i]),
                int(got.game_wins[i]), int(got.game_losses[i]), int(got.game_draws[i])) == \
            (rec.points, rec.rounds_played, rec.byes, rec.game_wins, rec.game_losses,
             rec.game_draws), p
        met = Counter({got.players[j]: n for (s, j), n in edges.items() if s == i})
        assert met == Counter(rec.opponents), p
        assert frozenset(got.met[i]) == frozenset(rec.opponents), p
        assert len(got.met[i]) == len(frozenset(rec.opponents)), p     # each once


@pytest.mark.parametrize("seed", range(5))
def test_array_records_equal_the_records_kept_or_cold(seed, monkeypatch):
    if seed % 2:        # opponents move from a tuple to a frozenset after two
        monkeypatch.setattr(arrays, "SHORT", 2)
    arrays.forget()
    for h, _ in event_states(seed, "arrays", paired=True):
        rounds = h.state.rounds
        for upto in {len(rounds) - 1, len(rounds)}:
            same_numbers(arrays.array_records(rounds[:upto], h.settings), rounds[:upto],
                         h.settings)
        kept = arrays.array_records(rounds, h.settings)
        arrays.forget()
        same_numbers(arrays.array_records(rounds, h.settings), rounds, h.settings)
        assert arrays.array_records(rounds, h.settings) is not kept


def test_a_fold_never_changes_the_records_it_extends():
    arrays.forget()
    seen = []
    for h, _ in event_states(3, "arrays", paired=True):
        got = arrays.array_records(h.state.rounds, h.settings)
        got.coins(h.state.seed_key)
        seen.append((got, [getattr(got, c).tolist() for c in arrays.COLUMNS],
                     got.src.tolist(), got.dst.tolist(), got.met, got.players,
                     got.coins(h.state.seed_key).tolist()))
        with pytest.raises(ValueError):
            got.points[0] = 99                 # read-only arrays
    for got, columns, src, dst, met, who, coins in seen:
        assert [getattr(got, c).tolist() for c in arrays.COLUMNS] == columns
        assert (got.src.tolist(), got.dst.tolist(), got.met, got.players) == \
            (src, dst, met, who)
        assert got.coins(h.state.seed_key).tolist() == coins


@pytest.mark.parametrize("seed", range(4))
def test_bulk_candidates_are_the_python_candidates(seed, monkeypatch):
    rng = random.Random(seed)
    arrays.forget()
    if seed % 2:
        monkeypatch.setattr(arrays, "SHORT", 2)
    for h, active in event_states(seed + 20, "arrays", paired=True):
        state = h.state
        if state.current is not None and not state.current.closed:
            continue
        pods = {p: rng.randrange(3) for p in active} if rng.random() < 0.3 else None
        args = (state, h.settings, state.seed_key, list(active), pods)
        got = bulk_candidates(*args)
        monkeypatch.setattr(bulk, "BULK_FROM", 10 ** 9)
        want = round_candidates(*args)
        monkeypatch.setattr(bulk, "BULK_FROM", 1)
        assert got[0] == want[0]              # the bye
        assert [(c.id, c.score, c.rank, frozenset(c.opponents), c.pod) for c in got[1]] == \
            [(c.id, c.score, c.rank, c.opponents, c.pod) for c in want[1]]
        assert all(len(c.opponents) == len(frozenset(c.opponents)) for c in got[1])
        if state.rounds:
            recs = records(state.rounds, h.settings, active)
            order = [p for p in fraction_order(recs, h.settings, state.seed_key)
                     if p in set(active) and p != got[0]]
            assert [c.id for c in got[1]] == order


def test_bulk_candidates_step_aside_rather_than_approximate(monkeypatch):
    for h, active in event_states(9, "arrays", paired=True, rounds=3):
        if not h.state.rounds or not h.state.current.closed:
            continue
        args = (h.state, h.settings, h.state.seed_key, list(active), None)
        monkeypatch.setattr(bulk, "LIMIT", 50)        # below one common denominator
        assert bulk_candidates(*args) is None
        monkeypatch.setattr(bulk, "BULK_FROM", 1)
        got = round_candidates(*args)                  # the Python path answers
        monkeypatch.undo()
        monkeypatch.setattr(bulk, "BULK_FROM", 10 ** 9)
        assert got == round_candidates(*args)
        monkeypatch.undo()


def test_pairing_decides_the_same_from_arrays_and_from_records(monkeypatch):
    arrays.forget()
    monkeypatch.setattr(arrays, "SHORT", 3)
    for h, active in event_states(31, "arrays", paired=True, rounds=6):
        state = h.state
        if (state.current is not None and not state.current.closed) or \
                len(state.rounds) >= state.planned_rounds:
            continue
        command = PairRound(h.seed, h.settings, list(active), NOW, "org")
        monkeypatch.setattr(bulk, "BULK_FROM", 1)
        fast = SWISS.decide(command, state)
        monkeypatch.setattr(bulk, "BULK_FROM", 10 ** 9)
        slow = SWISS.decide(command, state)
        assert [e.data for e in fast] == [e.data for e in slow]


def test_a_field_paired_by_brackets_decides_the_same(monkeypatch):
    """Above the exact solver's limit (brackets, repair, bounds all ask who met whom)."""
    rng = random.Random(5)
    h = Harness("mtg", seed="brackets", override={"rounds": 5})
    field = players(301)
    outcome = random_outcome(rng, h.settings["best_of"], draws=True)
    methods = set()
    for _ in range(5):
        command = PairRound(h.seed, h.settings, field, NOW, "org")
        monkeypatch.setattr(bulk, "BULK_FROM", 1)
        fast = SWISS.decide(command, h.state)
        monkeypatch.setattr(bulk, "BULK_FROM", 10 ** 9)
        assert [e.data for e in fast] == [e.data for e in SWISS.decide(command, h.state)]
        methods |= {e.data["method"] for e in fast if "method" in e.data}
        h.play(h.pair(field), outcome)
        field = [p for p in field if rng.random() > 0.03]
    assert any(m.startswith("brackets") for m in methods)
