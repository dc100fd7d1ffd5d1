"""Deciding results: players report and confirm, judges enter and correct. The last
result of a Swiss round closes it; a cut result advances the winner."""
from __future__ import annotations

from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..events import Event
from .commands import ConfirmResult, CorrectResult, EnterResult, ReportResult
from .results import Score, validate
from .state import Cut, Match, Round, SwissState, parse_match_id
from .topcut import next_slot

Holder = Round | Cut


def locate(state: SwissState, match_id: str) -> tuple[Match, Holder]:
    try:
        kind, number, index = parse_match_id(match_id)
    except ValueError:
        raise NotFound(f"no match {match_id!r}: ids look like R3-12 or C1-2") from None
    if kind == "R":
        if not 1 <= number <= len(state.rounds):
            raise NotFound(f"no Swiss round {number}")
        rnd = state.rounds[number - 1]
        if not 1 <= index <= len(rnd.matches):
            raise NotFound(f"no match {match_id}")
        return rnd.matches[index - 1], rnd
    if state.cut is None or not 1 <= number <= len(state.cut.rounds):
        raise NotFound(f"no top-cut round {number}")
    cut_round = state.cut.rounds[number - 1]
    if not 1 <= index <= len(cut_round):
        raise NotFound(f"no match {match_id}")
    match = _cut_match(state.cut, number, index)
    return match, state.cut


def _cut_match(cut: Cut, number: int, index: int) -> Match:
    return cut.rounds[number - 1][index - 1]


def best_of_for(state: SwissState, match: Match, holder: Holder) -> tuple[int, bool]:
    """(best of, decisive) for this match."""
    s = state.settings
    if isinstance(holder, Cut):
        final = match.round == len(holder.rounds)
        return (s["final_best_of"] if final else s["top_cut_best_of"]), True
    return s["best_of"], False


def _score(state: SwissState, match: Match, holder: Holder, a: int, b: int, draws: int) -> Score:
    best_of, decisive = best_of_for(state, match, holder)
    return validate(Score(a, b, draws), best_of, state.settings["draws_allowed"], decisive)


def _ready(match: Match, holder: Holder) -> None:
    if match.a is None or match.b is None:
        raise Conflict(f"match {match.id} is waiting for the winners of earlier matches")
    if isinstance(holder, Round) and holder.closed:
        raise Conflict(f"round {holder.number} is closed; a judge can correct the result")
    if match.id in holder.results:
        raise Conflict(f"match {match.id} already has a result; a judge can correct it")
    if isinstance(holder, Cut) and holder.champion is not None:
        raise Conflict("the top cut is over")


def after_final(state: SwissState, match: Match, holder: Holder, score: Score,
                 previous: Score | None = None) -> list[Event]:
    """RoundClosed when this was the round's last result; the cut winner advances."""
    if isinstance(holder, Round):
        last = len(holder.results) + 1 == len(holder.matches)
        if previous is None and not holder.closed and last:
            return [Event("RoundClosed", {"round": holder.number})]
        return []
    winner = match.a if score.a > score.b else match.b
    if previous is not None and previous.winner_side == score.winner_side:
        return []
    target = next_slot(match.round, match.table, len(holder.rounds))
    if target is None:
        return [Event("CutFinished", {"champion": winner})]
    to, slot = target
    if previous is not None and to in holder.results:
        raise Conflict(f"the winner of {match.id} already has a result in {to}; "
                       f"correct {to} first", {"next_match": to})
    return [Event("CutAdvanced", {"match": match.id, "winner": winner, "to": to, "slot": slot})]


def decide_report(cmd: ReportResult, state: SwissState) -> list[Event]:
    match, holder = locate(state, cmd.match)
    _ready(match, holder)
    if cmd.player not in (match.a, match.b):
        raise Forbidden(f"player {cmd.player} does not play match {match.id}")
    score = _score(state, match, holder, cmd.a, cmd.b, cmd.draws)
    pending = holder.pending.get(match.id)
    data = {"match": match.id, "by": cmd.player, "score": score.as_dict(), "at": cmd.now}
    if pending is not None and pending.reported_by != cmd.player:
        if pending.score != score:
            raise Conflict("your opponent reported a different result; confirm theirs or "
                           "call a judge", {"reported": pending.score.as_dict(),
                                            "reported_by": pending.reported_by})
        return [Event("ResultConfirmed", data), *after_final(state, match, holder, score)]
    return [Event("ResultReported", data)]


def decide_confirm(cmd: ConfirmResult, state: SwissState) -> list[Event]:
    match, holder = locate(state, cmd.match)
    _ready(match, holder)
    if cmd.player not in (match.a, match.b):
        raise Forbidden(f"player {cmd.player} does not play match {match.id}")
    pending = holder.pending.get(match.id)
    if pending is None:
        raise Conflict(f"no result has been reported for match {match.id}")
    if pending.reported_by == cmd.player:
        raise Forbidden("the opponent of the reporting player confirms the result")
    return [Event("ResultConfirmed", {"match": match.id, "by": cmd.player,
                                      "score": pending.score.as_dict(), "at": cmd.now}),
            *after_final(state, match, holder, pending.score)]


def decide_enter(cmd: EnterResult, state: SwissState) -> list[Event]:
    match, holder = locate(state, cmd.match)
    _ready(match, holder)
    score = _score(state, match, holder, cmd.a, cmd.b, cmd.draws)
    return [Event("ResultEntered", {"match": match.id, "by": cmd.judge,
                                    "score": score.as_dict(), "at": cmd.now}),
            *after_final(state, match, holder, score)]


def decide_correct(cmd: CorrectResult, state: SwissState) -> list[Event]:
    match, holder = locate(state, cmd.match)
    previous: Score | None = holder.results.get(match.id)
    if previous is None:
        raise Conflict(f"match {match.id} has no result to correct; enter it instead")
    if isinstance(holder, Round) and state.cut is not None:
        # The cut was seeded from the final standings; a later change would leave a
        # bracket that disagrees with them (a qualifier out, a non-qualifier in).
        raise Conflict(f"the top cut was seeded from the Swiss standings: match {match.id} "
                       "can no longer be corrected", {"match": match.id},
                       code="top_cut_started")
    score = _score(state, match, holder, cmd.a, cmd.b, cmd.draws)
    if score == previous:
        raise Invalid("the corrected result equals the recorded one",
                      {"score": score.as_dict()})
    later = isinstance(holder, Round) and holder.number < len(state.rounds)
    follow = after_final(state, match, holder, score, previous)
    return [Event("ResultCorrected", {"match": match.id, "by": cmd.judge,
                                      "previous": previous.as_dict(),
                                      "score": score.as_dict(), "reason": cmd.reason,
                                      "later_rounds_paired": later, "at": cmd.now}),
            *follow]
