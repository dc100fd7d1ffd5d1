"""Where a Swiss result is recorded, decided from the Swiss state and the match's own:
reports, confirmations and entries of an open round's match in its own stream (counted
in the round's tally once final, so reports of different matches never contend); the
top cut and every correction in the Swiss stream (a correction and the closing of the
round, which reads every match, then never race). The application writes what these
functions decide."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..events import Event
from .aggregate import SWISS
from .commands import ConfirmResult, CorrectResult, DropPlayer, EnterResult, ReportResult
from .decide_results import facts_of, locate
from .drops import open_round_match
from .events import FINAL
from .match.commands import Confirm, Enter, LossByDrop, MatchCommand, Report
from .match.decide import decide as decide_match
from .match.state import MatchState
from .migration import refuse_unmigrated
from .state import Cut, Round, SwissState, parse_match_id

ResultCommand = ReportResult | ConfirmResult | EnterResult | CorrectResult


@dataclass(frozen=True)
class Recorded:
    swiss: list[Event] = field(default_factory=list)     # to the Swiss stream
    match: list[Event] = field(default_factory=list)     # to the match's own stream
    match_id: str | None = None                           # whose stream ``match`` goes to
    counted: tuple[int, int] | None = None                # (round, table) now final


def in_match_stream(swiss: SwissState, match_id: str) -> bool:
    """Whether this match's results go to its own stream (an open Swiss round)."""
    _, holder = locate(swiss, match_id)
    return isinstance(holder, Round) and not holder.closed


def _match_command(cmd: ResultCommand, swiss: SwissState, holder: Round) -> MatchCommand:
    match, _ = locate(swiss, cmd.match)
    facts = facts_of(swiss, match, holder)
    if isinstance(cmd, ReportResult):
        return Report(facts, cmd.now, cmd.player, cmd.a, cmd.b, cmd.draws)
    if isinstance(cmd, ConfirmResult):
        return Confirm(facts, cmd.now, cmd.player)
    return Enter(facts, cmd.now, cmd.judge, cmd.a, cmd.b, cmd.draws)


def _counted(holder: Round, match_id: str, events: list[Event]) -> tuple[int, int] | None:
    if any(isinstance(e, FINAL) for e in events):
        return holder.number, parse_match_id(match_id)[2]
    return None


def record_result(swiss: SwissState, match: MatchState, cmd: ResultCommand) -> Recorded:
    """The events a result command records (``match``: the match stream's state, only
    read for an open round)."""
    refuse_unmigrated(swiss)
    _, holder = locate(swiss, cmd.match)
    if isinstance(cmd, CorrectResult):
        own = match.record if match.touched else None
        return Recorded(swiss=SWISS.decide(replace(cmd, current=own), swiss))
    if isinstance(holder, Cut) or holder.closed:
        return Recorded(swiss=SWISS.decide(cmd, swiss))
    events = decide_match(_match_command(cmd, swiss, holder), match)
    return Recorded(match=events, match_id=cmd.match,
                    counted=_counted(holder, cmd.match, events))


def record_drop(swiss: SwissState, match: MatchState | None, cmd: DropPlayer) -> Recorded:
    """The drop in the Swiss stream and, when the player's match of the open round has no
    final result yet, its loss in the match's stream (``match``: that stream's state,
    see :func:`dropped_match`)."""
    events = SWISS.decide(cmd, swiss)       # refuses an old-layout stream
    target = dropped_match(swiss, cmd.player)
    if target is None or match is None:
        return Recorded(swiss=events)
    found, holder = locate(swiss, target)
    assert isinstance(holder, Round)             # the open round's match
    facts = facts_of(swiss, found, holder)
    loss = decide_match(LossByDrop(facts, cmd.now, cmd.player, cmd.by), match)
    return Recorded(swiss=events, match=loss, match_id=target,
                    counted=_counted(holder, target, loss))


def dropped_match(swiss: SwissState, player: str) -> str | None:
    """The match of the open round whose stream a drop of ``player`` may write."""
    found = open_round_match(swiss, player)
    return found.id if found is not None else None


def complete(rnd: Round, tally: int) -> bool:
    """Whether every match of the open round has a final result: ``tally`` counts those
    final in their own streams."""
    return not rnd.closed and tally >= len(rnd.matches)
