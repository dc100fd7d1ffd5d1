"""One Swiss match's results as an aggregate of its own (stream ``match-<tid>-r3-12``), so
reports and confirmations of different matches never contend. Its commands carry the
match's facts from the Swiss aggregate (players, best of, draws allowed)."""
from __future__ import annotations

from typing import Any

from ...decider import unknown_command
from ...events import Event
from .. import match_result as mr
from .commands import Confirm, Enter, LossByDrop, Report
from .state import MatchState


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
