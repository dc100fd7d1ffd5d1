"""The clock aggregate: the time extensions staff recorded. V:EKN 2.8: a judge who takes
more than a minute over a ruling may extend the game time, "clearly communicated and
recorded immediately"; 3.3.3: a break called in the middle of a game extends that table's
time limit. Whether the match or table is being played and timed is the caller's fact."""
from __future__ import annotations

from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid
from ..events import Event
from .commands import ExtendTime
from .events import TimeExtended
from .state import ClockState
from .targets import round_key

MAX_MINUTES = 60              # one extension; a longer stop is a new round time
MAX_PER_TARGET = 10
MAX_TARGETS_PER_ROUND = 500   # keeps each round's extensions one bounded document
MAX_REASON = 200


def decide(command: Any, state: ClockState) -> list[Event]:
    if not isinstance(command, ExtendTime):
        unknown_command("clock", command)
    cmd = command
    if cmd.playing == "finished":
        raise Conflict(f"{cmd.target} has its result: its time can no longer be extended",
                       {"target": cmd.target}, code="result_recorded")
    if cmd.playing == "waiting":
        raise Conflict(f"{cmd.target} is not being played yet", {"target": cmd.target},
                       code="not_started")
    if cmd.limit is None:
        raise Conflict(f"{cmd.target} has no time limit to extend", {"target": cmd.target},
                       code="untimed")
    problems = []
    if isinstance(cmd.minutes, bool) or not isinstance(cmd.minutes, int) or \
            not 1 <= cmd.minutes <= MAX_MINUTES:
        problems.append({"field": "minutes", "msg": f"whole minutes from 1 to {MAX_MINUTES}"})
    reason = cmd.reason.strip() if isinstance(cmd.reason, str) else ""
    if not reason or len(reason) > MAX_REASON:
        problems.append({"field": "reason", "msg": "say why (V:EKN 2.8: the extra time "
                         f"is recorded), at most {MAX_REASON} characters"})
    if problems:
        raise Invalid("invalid time extension", problems, code="invalid_extension")
    if state.counts.get(cmd.target, 0) >= MAX_PER_TARGET:
        raise Conflict(f"{cmd.target} has been extended {MAX_PER_TARGET} times already",
                       {"target": cmd.target}, code="too_many_extensions")
    key = round_key(cmd.target)
    extended = state.per_round.get(key, frozenset())
    if cmd.target not in extended and len(extended) >= MAX_TARGETS_PER_ROUND:
        raise Conflict(f"{MAX_TARGETS_PER_ROUND} matches or tables of this round have "
                       "been extended already", {"round": key}, code="too_many_extensions")
    return [TimeExtended(target=cmd.target, minutes=cmd.minutes, reason=reason, by=cmd.by,
                         at=cmd.now)]
