"""Builders for pod tests."""
from __future__ import annotations

from chalicelib.data.sets import sample_sets
from chalicelib.domain.decider import fold
from chalicelib.domain.draft.aggregate import POD
from chalicelib.domain.draft.setup import start_commands
from chalicelib.domain.profiles import resolve_settings

T0 = 1_700_000_000_000


def players(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(1, n + 1)]


def start(game="mtg", n=8, seed="seed-1", draft=None, product=None, **kw):
    settings = resolve_settings(game, {"draft": draft or {}, "product": product or {}})
    return start_commands(tournament="t1", seed=seed, players=players(n),
                          product=settings["product"], draft=settings["draft"],
                          sets=sample_sets(), now=T0, by="org", **kw)


class Pod:
    """A pod stream in memory: decide + evolve + keep the events."""

    def __init__(self, open_cmd):
        self.state = POD.initial()
        self.events = []
        self.run(open_cmd)

    def run(self, command):
        events = POD.decide(command, self.state)
        self.state = fold(POD, self.state, events)
        self.events.extend(events)
        return events

    def replay(self):
        return fold(POD, POD.initial(), self.events)
