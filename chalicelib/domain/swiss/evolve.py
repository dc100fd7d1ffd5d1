"""Folding Swiss events into a new state (the given state is never mutated)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import SwissPlayerDropped
from .paired import joined_of, matches_of
from .pmap import PMap
from .results import Score
from .state import Cut, Match, Pending, Round, SwissState, parse_match_id


def _with_holder(state: SwissState, match_id: str, change) -> SwissState:
    kind, number, _ = parse_match_id(match_id)
    if kind == "R":
        rounds = list(state.rounds)
        rounds[number - 1] = change(rounds[number - 1])
        return replace(state, rounds=tuple(rounds))
    return replace(state, cut=change(state.cut))


def _final(match_id: str, score: Score):
    def change(holder):
        return replace(holder, results=holder.results.set(match_id, score),
                       pending=holder.pending.remove(match_id))
    return change


def _advance(state: SwissState, data: dict) -> SwissState:
    cut = state.cut
    assert cut is not None
    _, number, index = parse_match_id(data["to"])
    rounds = [list(r) for r in cut.rounds]
    match = rounds[number - 1][index - 1]
    rounds[number - 1][index - 1] = replace(match, **{data["slot"]: data["winner"]})
    return replace(state, cut=replace(cut, rounds=tuple(tuple(r) for r in rounds),
                                      pending=cut.pending.remove(data["to"])))


def _closed_with(rnd: Round, d: dict) -> Round:
    results, losses = PMap(), PMap()
    for match, (a, b, draws) in zip(rnd.matches, d["results"], strict=True):
        results = results.set(match.id, Score(a, b, draws))
    for match_id, player in d["drop_losses"].items():
        losses = losses.set(match_id, player)
    return replace(rnd, results=results, pending=PMap(), drop_losses=losses,
                   corrected=frozenset(d["corrected"]))


def evolve(state: SwissState, event: Event) -> SwissState:
    d = event.data
    t = event.type
    if t == "SwissStarted":
        return replace(state, started=True, seed_key=d["seed_key"], settings=d["settings"],
                       planned_rounds=d["planned_rounds"], planned_cut=d["planned_cut"])
    if t == "RoundPaired":
        matches = tuple(Match(m["id"], d["round"], m["table"], m["a"], m["b"])
                        for m in matches_of(d))
        joined = dict(state.joined)
        joined.update({p: d["round"] for p in joined_of(d, state.joined)})
        pods = {**state.pods, **d["pods"]} if d["pods"] else state.pods
        rnd = Round(d["round"], matches, d["bye"], ends_at=d.get("ends_at"),
                    results_in=d.get("results_in", "swiss"))
        dropped = state.dropped
        if d.get("left"):
            dropped = {**dropped, **{p: d["round"] - 1 for p in d["left"]}}
        return replace(state, rounds=state.rounds + (rnd,), joined=joined, pods=pods,
                       dropped=dropped)
    if t == "ResultReported":
        pending = Pending(d["by"], Score.from_dict(d["score"]), d.get("at"))
        return _with_holder(state, d["match"], lambda h: replace(
            h, pending=h.pending.set(d["match"], pending)))
    if t in ("ResultConfirmed", "ResultEntered", "ResultCorrected"):
        state = _with_holder(state, d["match"], _final(d["match"], Score.from_dict(d["score"])))
        if t == "ResultCorrected":      # a judge's result replaces a loss by drop too
            state = _with_holder(state, d["match"], lambda h: replace(
                h, corrected=h.corrected | {d["match"]},
                drop_losses=h.drop_losses.remove(d["match"])))
        elif d.get("loss_by_drop"):
            state = _with_holder(state, d["match"], lambda h: replace(
                h, drop_losses=h.drop_losses.set(d["match"], d["loss_by_drop"])))
        return state
    if t == "RoundClosed":
        rounds = list(state.rounds)
        rnd = replace(rounds[d["round"] - 1], closed=True)
        if "results" in d:      # the results the matches' own streams recorded
            rnd = _closed_with(rnd, d)
        rounds[d["round"] - 1] = rnd
        return replace(state, rounds=tuple(rounds))
    if isinstance(event, SwissPlayerDropped):
        return replace(state, dropped={**state.dropped, event.player: event.after_round})
    if t == "StructureSet":
        changes: dict = {}
        if d["rounds"] is not None:
            changes.update(fixed_rounds=d["rounds"], planned_rounds=d["rounds"])
        if d["top_cut"] is not None:
            changes.update(fixed_cut=d["top_cut"], planned_cut=d["top_cut"])
        if not state.started:
            changes.pop("planned_rounds", None)
            changes.pop("planned_cut", None)
        return replace(state, **changes)
    if t == "TopCutStarted":
        rounds = tuple(tuple(Match(m["id"], r + 1, m["table"], m["a"], m["b"]) for m in rnd)
                       for r, rnd in enumerate(d["rounds"]))
        return replace(state, cut=Cut(d["size"], tuple(d["seeds"]), rounds))
    if t == "CutAdvanced":
        return _advance(state, d)
    if t == "CutFinished":
        return replace(state, cut=replace(state.cut, champion=d["champion"]))
    return state
