"""One Swiss match's results as an aggregate of its own (stream ``match-<tid>-r3-12``), so
reports and confirmations of different matches never contend. Its commands carry the
match's facts from the Swiss aggregate (players, best of, draws allowed)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...decider import unknown_command
from ...events import Event
from .. import match_result as mr
from ..match_result import MatchFacts, MatchRecord


@dataclass(frozen=True)
class MatchState:
    record: MatchRecord = MatchRecord()
    touched: bool = False       # the stream has events


@dataclass(frozen=True)
class MatchCommand:
    facts: MatchFacts
    now: str


@dataclass(frozen=True)
class Report(MatchCommand):
    player: str
    a: int
    b: int
    draws: int = 0


@dataclass(frozen=True)
class Confirm(MatchCommand):
    player: str


@dataclass(frozen=True)
class Enter(MatchCommand):
    judge: str
    a: int
    b: int
    draws: int = 0


@dataclass(frozen=True)
class LossByDrop(MatchCommand):
    player: str
    by: str


def decide(cmd: Any, state: MatchState) -> list[Event]:
    if not isinstance(cmd, Report | Confirm | Enter | LossByDrop):
        unknown_command("match", cmd)
    record, f = state.record, cmd.facts
    if isinstance(cmd, Report):
        return mr.report(f, record, cmd.player, cmd.a, cmd.b, cmd.draws, cmd.now)
    if isinstance(cmd, Confirm):
        return mr.confirm(f, record, cmd.player, cmd.now)
    if isinstance(cmd, Enter):
        return mr.enter(f, record, cmd.judge, cmd.a, cmd.b, cmd.draws, cmd.now)
    if isinstance(cmd, LossByDrop):
        return list[Event](mr.loss_by_drop(f, record, cmd.player, cmd.by, cmd.now))
    unknown_command("match", cmd)


def evolve(state: MatchState, event: Event) -> MatchState:
    return MatchState(mr.recorded(state.record, event), True)
