"""krcg's seating and scorer for ``bench tables``.

Runs in whatever environment has ``krcg`` (it is never a product dependency):
``python bench/krcg_bridge.py < requests.json``. Each request is either
``{"op": "seat", "players": [...], "rounds": R, "iterations": K, "seed": S}`` (krcg
seats R rounds one after the other as a tournament would, each with its simulated
annealing of K iterations over the rounds so far, the earlier rounds fixed; answers
``{"rounds": [...], "seconds": [...]}``) or ``{"op": "score", "rounds": [...]}``
(krcg's scorer on every prefix of the rounds: ``{"scores": [[R1..R9], ...]}``, R3 and
R8 as standard deviations, the others as counts). Only the standard library and krcg.
"""
from __future__ import annotations

import json
import random
import sys
import time


class _Seeded(random.Random):
    """krcg reseeds from the system on each call; the bench wants a reproducible run."""

    def seed(self, a=None, version=2) -> None:  # noqa: ARG002 - keep the given seed
        if a is not None:
            super().seed(a, version)


def seat(request: dict) -> dict:
    from krcg import seating

    seating.random = _Seeded(request["seed"])
    done: list = []
    seconds = []
    for _ in range(request["rounds"]):
        rounds = [seating.Round(r) for r in done]
        rounds.append(seating.Round.from_players(list(request["players"])))
        started = time.perf_counter()
        best, _ = seating.optimise(rounds, request["iterations"], fixed=len(done))
        seconds.append(time.perf_counter() - started)
        done = [[list(t) for t in r] for r in best]
    return {"rounds": done, "seconds": seconds}


def score(request: dict) -> dict:
    from krcg import seating

    rounds = [seating.Round(r) for r in request["rounds"]]
    return {"scores": [[float(v) for v in seating.Score(rounds[:k]).rules]
                       for k in range(1, len(rounds) + 1)]}


def answer(request: dict) -> dict:
    return seat(request) if request["op"] == "seat" else score(request)


if __name__ == "__main__":
    print(json.dumps([answer(r) for r in json.load(sys.stdin)]))
