"""Swiss: the seed key, every round's pairing and bye (re-paired by the domain's own
decider from the state before it), each round's results against its matches' streams,
the top cut's seeds and bracket, and every cut advance."""
from __future__ import annotations

from typing import Any

from ..domain import streams
from ..domain.rng import derive
from ..domain.swiss import decide_pairing, decide_results
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
from ..domain.swiss.state import SwissState
from .context import Context
from .findings import Difference, Finding, Recorded
from .rederive import covered, decided, decided_with_followers, guarded

PAIRING = ["round", "pairs", "bye", "left", "pods", "method", "quality", "optimal", "bound",
           "gap"]


def started(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    key = format(derive(ctx.seed, "swiss").getrandbits(128), "032x")
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
        event, lambda: decide_pairing.decide_pair_round(command, state), PAIRING))


def top_cut(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    d = event.data
    command = StartTopCut(by=d.get("by", ""), now=event.recorded_at or "", size=d.get("size"))
    return guarded(event, lambda: decided(
        event, lambda: decide_pairing.decide_top_cut(command, state), ["size", "seeds", "rounds"]))


def closed(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    """The results a round closed with are the final results of its matches' streams."""
    number = event.data.get("round")

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
    a, b, draws = score.get("a"), score.get("b"), score.get("draws", 0)
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
    handlers = {"ResultReported": decide_results.decide_report,
                "ResultConfirmed": decide_results.decide_confirm,
                "ResultEntered": decide_results.decide_enter,
                "ResultCorrected": decide_results.decide_correct}
    return guarded(event, lambda: decided_with_followers(
        ctx, event, lambda: handlers[event.type](_result_command(event), state)))


def advanced(ctx: Context, state: SwissState, event: Recorded) -> list[Finding]:
    return covered(ctx, event, "final result")
