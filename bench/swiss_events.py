"""Whole Swiss events driven purely through the deciders, as the application runs them:
``PairRound`` on the Swiss aggregate, each match's result through ``record_result`` into
its own aggregate, the round closed by ``CloseRound`` once every match is final, and
drops through ``DropPlayer`` between rounds.

Results are realistic: hidden player strengths decide best-of-three matches (about 4%
drawn 1-1), about 1% of the field drops after each round (so byes come and go)."""
from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from chalicelib.domain.decider import fold
from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.swiss import SWISS, CloseRound, DropPlayer, EnterResult, PairRound
from chalicelib.domain.swiss.aggregate import MATCH
from chalicelib.domain.swiss.cost import Candidate
from chalicelib.domain.swiss.decide_pairing import round_candidates
from chalicelib.domain.swiss.events import RoundPaired
from chalicelib.domain.swiss.match.state import MatchState
from chalicelib.domain.swiss.recording import complete, record_drop, record_result
from chalicelib.domain.swiss.state import SwissState

NOW = "2026-11-22T10:00:00+00:00"


@dataclass
class PairedRound:
    number: int
    players: int                  # active players this round (the bye included)
    seconds: float                # the whole PairRound decision (wall clock)
    paired: RoundPaired
    candidates: list[Candidate]   # who was paired (bye removed), as the pairer saw them
    seed_key: str
    before: SwissState            # the state it was paired from, and the command: to time
    command: PairRound            # the same decision again (``bench.swiss_checks``)
    cpu: float = 0.0              # its CPU seconds: what the machine's other work leaves


def _result(rng: random.Random, strength: dict[str, float], a: str, b: str
            ) -> tuple[int, int, int]:
    if rng.random() < 0.04:
        return 1, 1, 0
    p_a = 1 / (1 + math.exp(strength[b] - strength[a]))
    wins = [0, 0]
    while max(wins) < 2:
        wins[0 if rng.random() < p_a else 1] += 1
    return wins[0], wins[1], 0


class Event:
    """One event of ``n`` players and ``rounds`` rounds from ``seed`` (results, drops and
    the tournament seed all derive from it)."""

    def __init__(self, n: int, rounds: int, seed: int, game: str = "mtg"):
        self.settings = resolve_settings(game, {"swiss": {"rounds": rounds}})["swiss"]
        self.rounds = rounds
        self.rng = random.Random(f"bench-{n}-{seed}")
        self.seed = f"bench-seed-{n}-{seed}"
        self.players = [f"p{i:05d}" for i in range(n)]
        self.strength = {p: self.rng.gauss(0, 1) for p in self.players}
        self.state: SwissState = SWISS.initial()
        self.active = list(self.players)

    def _fold(self, events: list) -> None:
        self.state = fold(SWISS, self.state, events)

    def pair(self) -> PairedRound:
        before = self.state
        gc.collect()        # start each timing without garbage left by earlier work
        command = PairRound(self.seed, self.settings, list(self.active), NOW, "bench")
        started, cpu = time.perf_counter(), time.process_time()
        events = SWISS.decide(command, before)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        self._fold(events)
        paired = next(e for e in events if isinstance(e, RoundPaired))
        _, cands = round_candidates(before, self.settings, self.state.seed_key, self.active,
                                    None)
        return PairedRound(paired.round, len(self.active), seconds, paired, cands,
                           self.state.seed_key, before, command, cpu)

    def play(self, paired: RoundPaired) -> None:
        """Every match's result through its own aggregate, then the round closed."""
        number = paired.round
        matches: dict[str, MatchState] = {}
        for m in paired.matches():
            a, b, d = _result(self.rng, self.strength, m["a"], m["b"])
            got = record_result(self.state, MATCH.initial(),
                                EnterResult(m["id"], "judge", a, b, NOW, d))
            matches[m["id"]] = fold(MATCH, MATCH.initial(), got.match)
        rnd = self.state.rounds[number - 1]
        assert complete(rnd, len(matches))
        results = {mid: s.record for mid, s in matches.items()}
        self._fold(SWISS.decide(CloseRound(number, results), self.state))

    def drop_some(self, share: float = 0.01) -> None:
        gone = [p for p in self.active if self.rng.random() < share]
        for p in gone:
            self._fold(record_drop(self.state, None, DropPlayer(p, "bench", NOW)).swiss)
        self.active = [p for p in self.active if p not in set(gone)]

    def run(self, on_round: Callable[[PairedRound], None] | None = None
            ) -> Iterator[PairedRound]:
        for _ in range(self.rounds):
            got = self.pair()
            if on_round is not None:
                on_round(got)
            yield got
            self.play(got.paired)
            self.drop_some()
