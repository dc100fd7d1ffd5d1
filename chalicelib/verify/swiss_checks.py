"""Swiss: the seed key, every round's pairing and bye (re-paired by the domain's own
decider from the state before it), each round's results against its matches' streams,
the top cut's seeds and bracket, and every cut advance."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..domain import streams
from ..domain.events import Event, decode
from ..domain.rng import derive
from ..domain.swiss import decide_pairing, decide_results, migration, recording
from ..domain.swiss import match_result as mr
from ..domain.swiss.aggregate import MATCH
from ..domain.swiss.commands import (
    CloseRound,
    ConfirmResult,
    CorrectResult,
    EnterResult,
    PairRound,
    ReportResult,
    StartTopCut,
)
from ..domain.swiss.events import RoundResultsMigrated
from ..domain.swiss.state import SwissState, parse_match_id
from .context import Context
from .deadline_checks import cut_deadline, round_deadline
from .findings import Difference, Finding, Recorded
from .rederive import covered, decided, decided_with_followers, guarded

PAIRING = ["round", "pairs", "bye", "left", "pods", "method", "quality", "optimal", "bound",
           "gap"]


def started(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    key = format(derive(ctx.seed or "", "swiss").getrandbits(128), "032x")
    if event.data.get("seed_key") != key:
        return [Difference(event, "seed_key", event.data.get("seed_key"), key)]
    return []


def paired(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    d = event.data
    # the players the tournament listed: everyone paired and the bye (players who left
    # the list are recomputed as ``left`` from the state, as the decider does)
    players = [p for pair in d.get("pairs", []) for p in pair] + \
        ([d["bye"]] if d.get("bye") else [])
    now = d.get("ends_at") or event.recorded_at or "1970-01-01T00:00:00+00:00"
    command = PairRound(seed=ctx.seed or "", settings=dict(state.settings),
                        players=players, now=now, by=d.get("by", ""),
                        pods=dict(d.get("pods") or {}))
    return guarded(event, lambda: decided(
        event, lambda: decide_pairing.decide_pair_round(command, state), PAIRING)
        + round_deadline(state, event))


def top_cut(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    d = event.data
    command = StartTopCut(by=d.get("by", ""), now=event.recorded_at or "", size=d.get("size"))
    return guarded(event, lambda: decided(
        event, lambda: decide_pairing.decide_top_cut(command, state), ["size", "seeds", "rounds"])
        + cut_deadline(state, event))


def closed(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    """The results a round closed with are the final results of its matches' streams."""
    number: Any = event.data.get("round")        # as recorded: guarded below

    def work() -> list[Finding]:
        rnd = state.rounds[number - 1]
        tid = ctx.log.tournament_id
        results = {}
        for m in rnd.matches:
            stream = streams.swiss_match(tid, m.id)
            if stream in ctx.log.streams:
                results[m.id] = ctx.final_state(MATCH, stream).record
        return decided(event, lambda: decide_results.decide_close(
            CloseRound(round=number, results=results), state),
            ["results", "drop_losses", "corrected"])
    return guarded(event, work)


def _result_command(event: Recorded) -> Any:
    d = event.data
    score = d.get("score") or {}
    # as recorded: a missing score fails the re-derivation (guarded)
    a: Any = score.get("a")
    b: Any = score.get("b")
    draws = score.get("draws", 0)
    if event.type == "ResultReported":
        return ReportResult(match=d["match"], player=d["by"], a=a, b=b, now=d["at"],
                            draws=draws)
    if event.type == "ResultConfirmed":
        return ConfirmResult(match=d["match"], player=d["by"], now=d["at"])
    if event.type == "ResultEntered":
        return EnterResult(match=d["match"], judge=d["by"], a=a, b=b, now=d["at"],
                           draws=draws)
    return CorrectResult(match=d["match"], judge=d["by"], a=a, b=b, now=d["at"],
                         draws=draws, reason=d.get("reason", ""))


def result(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    """A result recorded in the Swiss stream (a top-cut match, a correction): the same
    command again gives the same score and, once final, the same cut advance or champion
    (the events right after it)."""
    handlers: dict[str, Callable[[Any, SwissState], list[Event]]] = {
        "ResultReported": decide_results.decide_report,
        "ResultConfirmed": decide_results.decide_confirm,
        "ResultEntered": decide_results.decide_enter,
        "ResultCorrected": decide_results.decide_correct}
    if event.type != "ResultCorrected" and _old_layout(state, event.data.get("match")):
        handlers = OLD_LAYOUT
    return guarded(event, lambda: decided_with_followers(
        ctx, event, lambda: handlers[event.type](_with_own(ctx, event, state), state)))


def _with_own(ctx: Context, event: Recorded, state: SwissState) -> Any:
    """The result command again; a correction of an open round's match carries what the
    match's own stream recorded before it (``recording.record_result``)."""
    cmd = _result_command(event)
    if event.type != "ResultCorrected" or not recording.in_match_stream(state, cmd.match):
        return cmd
    own = MATCH.initial()
    stream = streams.swiss_match(ctx.log.tournament_id, cmd.match)
    for e in ctx.log.streams.get(stream, []):
        if (e.recorded_at or "") < (event.recorded_at or ""):
            own = MATCH.evolve(own, decode(e.type, e.data, e.schema_version, stream))
    return replace(cmd, current=own.record if own.touched else None)


def _old_layout(state: SwissState, match_id: Any) -> bool:
    """Whether the match belongs to an open round paired before each match had a stream
    of its own (the log's history before its migration): its results were recorded
    here, by the same rules a match's own stream applies today."""
    try:
        kind, number, _ = parse_match_id(str(match_id))
    except ValueError:
        return False
    return kind == "R" and 1 <= number <= len(state.rounds) and \
        state.rounds[number - 1].results_in != "match" and not state.rounds[number - 1].closed


def _as_recorded_here(rule: Any) -> Any:
    def decide(cmd: Any, state: SwissState) -> list:
        match, holder = decide_results.locate(state, cmd.match)
        facts = decide_results.facts_of(state, match, holder)
        return rule(cmd, facts, decide_results.record_of(holder, match.id))
    return decide


OLD_LAYOUT = {
    "ResultReported": _as_recorded_here(lambda c, f, r: mr.report(
        f, r, c.player, c.a, c.b, c.draws, c.now)),
    "ResultConfirmed": _as_recorded_here(lambda c, f, r: mr.confirm(f, r, c.player, c.now)),
    "ResultEntered": _as_recorded_here(lambda c, f, r: mr.enter(
        f, r, c.judge, c.a, c.b, c.draws, c.now)),
}


def advanced(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    return covered(ctx, event, "final result")


def migrated(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    """A round moved to today's layout: what it records is what the migration derives from
    the state before it, and each match stream it copied to begins with exactly the
    events this stream recorded for that match."""
    number = int(event.data.get("round") or 0)

    def work() -> list[Finding]:
        moved = dict(event.data.get("moved") or {})
        rnd = state.rounds[number - 1]
        tid = ctx.log.tournament_id
        # the matches it did not copy to had events of their own already
        touched = frozenset(m.id for m in rnd.matches if m.id not in moved)
        found = decided(event, lambda: [e for e in migration.plan(state, touched).swiss
                                        if isinstance(e, RoundResultsMigrated)
                                        and e.round == number],
                        ["moved", "results", "drop_losses", "corrected"])
        copies = migration.plan(state, touched).copies
        for match_id, count in moved.items():
            recorded = ctx.log.streams.get(streams.swiss_match(tid, match_id), [])[:count]
            expected = [(e.type, e.data) for e in copies.get(match_id, [])]
            if [(r.type, r.data) for r in recorded] != expected:
                found.append(Difference(event, f"moved.{match_id}",
                                        [r.type for r in recorded], [t for t, _ in expected]))
        return found
    return guarded(event, work)
