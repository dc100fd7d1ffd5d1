"""Driving the Swiss aggregates in tests: a small harness that folds events. Results of
an open round go to each match's own aggregate (``recording.py``), as the application
records them; the round closes when its last match has a final result."""
from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from chalicelib.domain.decider import fold
from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.swiss import (
    SWISS,
    CloseRound,
    CorrectResult,
    DropPlayer,
    EnterResult,
    PairRound,
    SwissState,
)
from chalicelib.domain.swiss.aggregate import MATCH
from chalicelib.domain.swiss.events import RoundPaired
from chalicelib.domain.swiss.match.state import MatchState
from chalicelib.domain.swiss.recording import complete, dropped_match, record_drop, record_result
from chalicelib.domain.swiss.tiebreakers import coin

NOW = "2026-11-22T10:00:00+00:00"


class Harness:
    def __init__(self, game: str = "munchkin", seed: str = "seed-1",
                 override: dict[str, Any] | None = None):
        self.settings = resolve_settings(game, {"swiss": override or {}})["swiss"]
        self.seed = seed
        self.state: SwissState = SWISS.initial()
        self.matches: dict[str, MatchState] = {}
        self.tallies: dict[int, set[int]] = {}
        self.log: list = []

    def match(self, match_id: str) -> MatchState:
        return self.matches.get(match_id, MATCH.initial())

    def run(self, command) -> list:
        if isinstance(command, DropPlayer):
            target = dropped_match(self.state, command.player)
            recorded = record_drop(self.state, self.match(target) if target else None, command)
        elif hasattr(command, "match"):
            recorded = record_result(self.state, self.match(command.match), command)
        else:
            return self._swiss(SWISS.decide(command, self.state))
        if recorded.match_id is not None:
            self.matches[recorded.match_id] = fold(MATCH, self.match(recorded.match_id),
                                                   recorded.match)
        events = self._swiss(recorded.swiss) + recorded.match
        if recorded.counted is not None:
            number, table = recorded.counted
            self.tallies.setdefault(number, set()).add(table)
            rnd = self.state.rounds[number - 1]
            if complete(rnd, len(self.tallies[number])):
                results = {m.id: self.matches[m.id].record for m in rnd.matches
                           if m.id in self.matches}
                events += self._swiss(SWISS.decide(CloseRound(number, results), self.state))
        self.log.extend(recorded.match)
        return events

    def _swiss(self, events: list) -> list:
        self.state = fold(SWISS, self.state, events)
        self.log.extend(events)
        return events

    def pair(self, players: list[str], pods: dict[str, int] | None = None) -> dict:
        events = self.run(PairRound(self.seed, self.settings, players, NOW, "org", pods))
        paired = next(e for e in events if isinstance(e, RoundPaired))
        return {**paired.data, "matches": paired.matches()}

    def enter(self, match: str, a: int, b: int, draws: int = 0) -> list:
        return self.run(EnterResult(match, "judge-1", a, b, NOW, draws))

    def play(self, paired: dict, outcome: Callable[[dict], tuple[int, int, int]]) -> None:
        for m in paired["matches"]:
            self.enter(m["id"], *outcome(m))


def random_outcome(rng: random.Random, best_of: int, draws: bool) -> Callable:
    def outcome(_: dict) -> tuple[int, int, int]:
        if draws and rng.random() < 0.1:
            return (1, 1, 0) if best_of > 1 else (0, 0, 1)
        need = best_of // 2 + 1
        loser = rng.randrange(need)
        return (need, loser, 0) if rng.random() < 0.5 else (loser, need, 0)
    return outcome


def players(n: int) -> list[str]:
    return [f"p{i:03d}" for i in range(n)]

def event_states(seed: int, tag: str, rounds: int = 6, paired: bool = False):
    """``(harness, active players)`` at each state of a random MTG event: every round
    played (``paired``: also each pairing, results still open), each judge's correction
    of an earlier round, each drop; late players join in round 3."""
    rng = random.Random(seed)
    h = Harness("mtg", seed=f"{tag}{seed}", override={"rounds": rounds})
    field = players(rng.randrange(9, 36))
    active = list(field)
    late = players(len(field) + 3)[len(field):]
    outcome = random_outcome(rng, h.settings["best_of"], draws=True)
    for number in range(1, rounds + 1):
        if number == 3:
            active += late
        pairing = h.pair(active)
        if paired:
            yield h, active
        h.play(pairing, outcome)
        yield h, active
        for _ in range(rng.randrange(3)):
            rnd = h.state.rounds[rng.randrange(number)]
            match = rng.choice(rnd.matches)
            a, b, d = outcome({})
            old = rnd.results.get(match.id)
            if old is None or (old.a, old.b, old.draws) != (a, b, d):
                h.run(CorrectResult(match.id, "judge", a, b, NOW, d))
                yield h, active
        for p in [p for p in active if rng.random() < 0.1]:
            h.run(DropPlayer(p, "org", NOW))
            active.remove(p)
            yield h, active


def fraction_order(recs, settings, seed_key, coins=coin) -> list[str]:
    """MTR appendix C straight from the definition, in Fractions."""
    pw = settings["points_win"]

    def pct(n: int, d: int) -> Fraction:
        return max(Fraction(33, 100), Fraction(n, d)) if d else Fraction(33, 100)
    mw = {p: pct(r.points, pw * r.rounds_played) for p, r in recs.items()}
    gw = {p: pct(3 * r.game_wins + r.game_draws,
                 3 * (r.game_wins + r.game_losses + r.game_draws)) for p, r in recs.items()}

    def mean(values: list[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values) if values else Fraction(0)
    key = {p: (r.points, mean([mw[o] for o in r.opponents]), gw[p],
               mean([gw[o] for o in r.opponents]), coins(seed_key, p), p)
           for p, r in recs.items()}
    return sorted(recs, key=key.__getitem__, reverse=True)
