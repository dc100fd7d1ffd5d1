"""Driving the Swiss decider in tests: a small harness that folds events."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from chalicelib.domain.decider import fold
from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.swiss import SWISS, EnterResult, PairRound, SwissState

NOW = "2026-11-22T10:00:00+00:00"


class Harness:
    def __init__(self, game: str = "munchkin", seed: str = "seed-1",
                 override: dict[str, Any] | None = None):
        self.settings = resolve_settings(game, {"swiss": override or {}})["swiss"]
        self.seed = seed
        self.state: SwissState = SWISS.initial()
        self.log: list = []

    def run(self, command) -> list:
        events = SWISS.decide(command, self.state)
        self.state = fold(SWISS, self.state, events)
        self.log.extend(events)
        return events

    def pair(self, players: list[str], pods: dict[str, int] | None = None) -> dict:
        events = self.run(PairRound(self.seed, self.settings, players, NOW, "org", pods))
        return next(e for e in events if e.type == "RoundPaired").data

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
