"""Driving the Swiss aggregates in tests: a small harness that folds events. Results of
an open round go to each match's own aggregate (``recording.py``), as the application
records them; the round closes when its last match has a final result."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from chalicelib.domain.decider import fold
from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.swiss import (
    SWISS,
    CloseRound,
    DropPlayer,
    EnterResult,
    PairRound,
    SwissState,
)
from chalicelib.domain.swiss.aggregate import MATCH
from chalicelib.domain.swiss.events import RoundPaired
from chalicelib.domain.swiss.match.state import MatchState
from chalicelib.domain.swiss.recording import complete, dropped_match, record_drop, record_result

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
