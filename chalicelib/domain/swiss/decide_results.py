"""Results in the Swiss stream: the top cut's matches (a result advances the winner),
corrections of closed rounds, closing a round with the results its matches' streams
recorded, and the results of rounds paired before matches had streams of their own.
An open round's results are decided by each match's own aggregate (``match.py``)."""
from __future__ import annotations

from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from . import match_result as mr
from .commands import CloseRound, ConfirmResult, CorrectResult, EnterResult, ReportResult
from .events import FINAL, CutAdvanced, CutFinished, RoundClosed
from .match_result import MatchFacts, MatchRecord
from .results import Score
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
    return cut_round[index - 1], state.cut


def best_of_for(state: SwissState, match: Match, holder: Holder) -> tuple[int, bool]:
    """(best of, decisive) for this match."""
    s = state.settings
    if isinstance(holder, Cut):
        final = match.round == len(holder.rounds)
        return (s["final_best_of"] if final else s["top_cut_best_of"]), True
    return s["best_of"], False


def facts_of(state: SwissState, match: Match, holder: Holder) -> MatchFacts:
    best_of, decisive = best_of_for(state, match, holder)
    return MatchFacts(match.id, match.round, match.table, match.a, match.b, best_of,
                      decisive, bool(state.settings["draws_allowed"]))


def record_of(holder: Holder, match_id: str) -> MatchRecord:
    """What this stream recorded for the match (the cut, a closed round, or a round
    paired before matches had streams of their own)."""
    return MatchRecord(holder.pending.get(match_id), holder.results.get(match_id),
                       match_id in holder.corrected, holder.drop_losses.get(match_id))


def _in_this_stream(holder: Holder, match: Match) -> None:
    if isinstance(holder, Round):
        if holder.closed:
            raise Conflict(f"round {holder.number} is closed; a judge can correct the result")
        raise Invalid(f"the results of open round {holder.number} are recorded in each "
                      f"match's own stream ({match.id})")
    if holder.champion is not None:
        raise Conflict("the top cut is over")


def after_final(state: SwissState, match: Match, holder: Holder, score: Score,
                previous: Score | None = None) -> list[Event]:
    """The cut winner advances (or is the champion); nothing for a Swiss round."""
    if isinstance(holder, Round):
        return []
    winner = match.a if score.a > score.b else match.b
    if previous is not None and previous.winner_side == score.winner_side:
        return []
    assert winner is not None                     # a played cut match has both players
    target = next_slot(match.round, match.table, len(holder.rounds))
    if target is None:
        return [CutFinished(champion=winner)]
    to, slot = target
    if previous is not None and to in holder.results:
        raise Conflict(f"the winner of {match.id} already has a result in {to}; "
                       f"correct {to} first", {"next_match": to})
    return [CutAdvanced(match=match.id, winner=winner, to=to, slot=slot)]


def _followed(state: SwissState, match: Match, holder: Holder,
              events: list[Event]) -> list[Event]:
    final = [e for e in events if isinstance(e, FINAL)]
    if not final:
        return events
    return events + after_final(state, match, holder, Score.from_dict(final[0].score))


def decide_report(cmd: ReportResult, state: SwissState) -> list[Event]:
    match, holder = locate(state, cmd.match)
    _in_this_stream(holder, match)
    events = mr.report(facts_of(state, match, holder), record_of(holder, match.id),
                       cmd.player, cmd.a, cmd.b, cmd.draws, cmd.now)
    return _followed(state, match, holder, events)


def decide_confirm(cmd: ConfirmResult, state: SwissState) -> list[Event]:
    match, holder = locate(state, cmd.match)
    _in_this_stream(holder, match)
    events = mr.confirm(facts_of(state, match, holder), record_of(holder, match.id),
                        cmd.player, cmd.now)
    return _followed(state, match, holder, events)


def decide_enter(cmd: EnterResult, state: SwissState) -> list[Event]:
    match, holder = locate(state, cmd.match)
    _in_this_stream(holder, match)
    events = mr.enter(facts_of(state, match, holder), record_of(holder, match.id),
                      cmd.judge, cmd.a, cmd.b, cmd.draws, cmd.now)
    return _followed(state, match, holder, events)


def current_record(holder: Holder, match_id: str, in_match_stream: MatchRecord | None
                   ) -> MatchRecord:
    """A match's record: this stream's once it holds the result (the cut, a closed round,
    a correction), else the match stream's."""
    if isinstance(holder, Cut) or holder.closed or match_id in holder.results:
        return record_of(holder, match_id)
    if in_match_stream is not None and (in_match_stream.final or in_match_stream.pending):
        return in_match_stream
    return record_of(holder, match_id)


def decide_correct(cmd: CorrectResult, state: SwissState) -> list[Event]:
    match, holder = locate(state, cmd.match)
    if isinstance(holder, Round) and state.cut is not None:
        # The cut was seeded from the final standings; a later change would leave a
        # bracket that disagrees with them (a qualifier out, a non-qualifier in).
        raise Conflict(f"the top cut was seeded from the Swiss standings: match {match.id} "
                       "can no longer be corrected", {"match": match.id},
                       code="top_cut_started")
    record = current_record(holder, match.id, cmd.current)
    later = isinstance(holder, Round) and holder.number < len(state.rounds)
    events = mr.correct(facts_of(state, match, holder), record, cmd.judge, cmd.a, cmd.b,
                        cmd.draws, cmd.now, cmd.reason, later)
    score = Score.from_dict(events[0].score)
    return events + after_final(state, match, holder, score, record.score)


def decide_close(cmd: CloseRound, state: SwissState) -> list[Event]:
    """RoundClosed with every match's final result, in table order (``results``: match id
    -> MatchRecord from the matches' own streams). Nothing when already closed."""
    if not 1 <= cmd.round <= len(state.rounds):
        raise NotFound(f"no Swiss round {cmd.round}")
    rnd = state.rounds[cmd.round - 1]
    if rnd.closed:
        return []
    records = [current_record(rnd, m.id, cmd.results.get(m.id)) for m in rnd.matches]
    open_ids = [m.id for m, r in zip(rnd.matches, records, strict=True) if not r.final]
    if open_ids:
        raise Conflict(f"round {rnd.number} still has matches without a result",
                       {"open_matches": open_ids[:50], "count": len(open_ids)},
                       code="round_open")
    scores = [r.score for r in records if r.score is not None]
    assert len(scores) == len(records)            # every result is final (above)
    return [RoundClosed(
        round=rnd.number, results=[[s.a, s.b, s.draws] for s in scores],
        drop_losses={m.id: r.loss_by_drop for m, r in zip(rnd.matches, records, strict=True)
                     if r.loss_by_drop},
        corrected=[m.id for m, r in zip(rnd.matches, records, strict=True) if r.corrected])]
