"""Folding Swiss events into a new state (the given state is never mutated)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..events import Event
from . import events as ev
from .pmap import PMap
from .results import Score
from .state import Cut, Match, Pending, Round, SwissState, parse_match_id


def _with_holder(state: SwissState, match_id: str,
                 change: Callable[[Any], Any]) -> SwissState:
    kind, number, _ = parse_match_id(match_id)
    if kind == "R":
        rounds = list(state.rounds)
        rounds[number - 1] = change(rounds[number - 1])
        return replace(state, rounds=tuple(rounds))
    return replace(state, cut=change(state.cut))


def _final(match_id: str, score: Score) -> Callable[[Any], Any]:
    def change(holder: Any) -> Any:       # a Round or the Cut
        return replace(holder, results=holder.results.set(match_id, score),
                       pending=holder.pending.remove(match_id))
    return change


def _advance(state: SwissState, event: ev.CutAdvanced) -> SwissState:
    cut = state.cut
    assert cut is not None
    _, number, index = parse_match_id(event.to)
    rounds = [list(r) for r in cut.rounds]
    match = rounds[number - 1][index - 1]
    rounds[number - 1][index - 1] = replace(match, a=event.winner) if event.slot == "a" \
        else replace(match, b=event.winner)
    return replace(state, cut=replace(cut, rounds=tuple(tuple(r) for r in rounds),
                                      pending=cut.pending.remove(event.to)))


def _closed_with(rnd: Round, event: ev.RoundClosed | ev.RoundResultsMigrated) -> Round:
    results, losses = PMap(), PMap()
    for match, (a, b, draws) in zip(rnd.matches, event.results or [], strict=True):
        results = results.set(match.id, Score(a, b, draws))
    for match_id, player in event.drop_losses.items():
        losses = losses.set(match_id, player)
    return replace(rnd, results=results, pending=PMap(), drop_losses=losses,
                   corrected=frozenset(event.corrected))


def _paired(state: SwissState, event: ev.RoundPaired) -> SwissState:
    number = event.round
    matches = tuple(Match(m["id"], number, m["table"], m["a"], m["b"])
                    for m in event.matches())
    joined = dict(state.joined)
    joined.update({p: number for p in event.players() if p not in state.joined})
    pods = {**state.pods, **event.pods} if event.pods else state.pods
    rnd = Round(number, matches, event.bye, ends_at=event.ends_at,
                results_in=event.results_in)
    dropped = state.dropped
    if event.left:
        dropped = {**dropped, **{p: number - 1 for p in event.left}}
    return replace(state, rounds=state.rounds + (rnd,), joined=joined, pods=pods,
                   dropped=dropped)


def _result(state: SwissState, event: ev.MatchResult) -> SwissState:
    match_id = event.match
    state = _kept_for_migration(state, event)
    if isinstance(event, ev.ResultReported):
        pending = Pending(event.by, Score.from_dict(event.score), event.at)
        return _with_holder(state, match_id, lambda h: replace(
            h, pending=h.pending.set(match_id, pending)))
    state = _with_holder(state, match_id, _final(match_id, Score.from_dict(event.score)))
    if isinstance(event, ev.ResultCorrected):      # a judge's result replaces a loss by drop too
        return _with_holder(state, match_id, lambda h: replace(
            h, corrected=h.corrected | {match_id}, drop_losses=h.drop_losses.remove(match_id)))
    if isinstance(event, ev.ResultEntered) and event.loss_by_drop:
        return _with_holder(state, match_id, lambda h: replace(
            h, drop_losses=h.drop_losses.set(match_id, event.loss_by_drop)))
    return state


def _kept_for_migration(state: SwissState, event: ev.MatchResult) -> SwissState:
    kind, number, _ = parse_match_id(event.match)
    if kind != "R" or state.rounds[number - 1].results_in != "swiss" or \
            state.rounds[number - 1].closed:
        return state
    return _with_holder(state, event.match, lambda r: replace(r, unmoved=r.unmoved + (event,)))


def _migrated(state: SwissState, event: ev.RoundResultsMigrated) -> SwissState:
    rounds = list(state.rounds)
    rnd = replace(rounds[event.round - 1], results_in="match", unmoved=())
    if event.results is not None:           # closed: recorded as RoundClosed records them
        rnd = _closed_with(rnd, event)
    else:       # open: the matches' own streams hold them now, corrections stay here
        kept = PMap()
        for match_id in rnd.corrected:
            kept = kept.set(match_id, rnd.results.get(match_id))
        rnd = replace(rnd, results=kept, pending=PMap(), drop_losses=PMap())
    rounds[event.round - 1] = rnd
    return replace(state, rounds=tuple(rounds))


def _structure(state: SwissState, event: ev.StructureSet) -> SwissState:
    changes: dict[str, Any] = {}
    if event.rounds is not None:
        changes.update(fixed_rounds=event.rounds, planned_rounds=event.rounds)
    if event.top_cut is not None:
        changes.update(fixed_cut=event.top_cut, planned_cut=event.top_cut)
    if not state.started:
        changes.pop("planned_rounds", None)
        changes.pop("planned_cut", None)
    return replace(state, **changes)


def evolve(state: SwissState, event: Event) -> SwissState:
    match event:
        case ev.SwissStarted():
            return replace(state, started=True, seed_key=event.seed_key,
                           settings=event.settings, planned_rounds=event.planned_rounds,
                           planned_cut=event.planned_cut)
        case ev.RoundPaired():
            return _paired(state, event)
        case ev.MatchResult():
            return _result(state, event)
        case ev.RoundClosed():
            rounds = list(state.rounds)
            rnd = replace(rounds[event.round - 1], closed=True)
            if event.results is not None:     # the results the matches' streams recorded
                rnd = _closed_with(rnd, event)
            rounds[event.round - 1] = rnd
            return replace(state, rounds=tuple(rounds))
        case ev.RoundResultsMigrated():
            return _migrated(state, event)
        case ev.SwissPlayerDropped():
            return replace(state, dropped={**state.dropped, event.player: event.after_round})
        case ev.SwissPlayerReinstated():
            return replace(state, dropped={p: n for p, n in state.dropped.items()
                                           if p != event.player})
        case ev.StructureSet():
            return _structure(state, event)
        case ev.TopCutStarted():
            bracket = tuple(tuple(Match(m["id"], r + 1, m["table"], m["a"], m["b"])
                                  for m in rnd) for r, rnd in enumerate(event.rounds))
            return replace(state, cut=Cut(event.size, tuple(event.seeds), bracket))
        case ev.CutAdvanced():
            return _advance(state, event)
        case ev.CutFinished() if state.cut is not None:
            return replace(state, cut=replace(state.cut, champion=event.champion))
    return state
