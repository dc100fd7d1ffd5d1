"""Time extensions (``clock-<tid>``, V:EKN 2.8, 3.3.3) against play: each one's target is
a match, a table, a round or the final the log holds; whether it was being played when
the extension was written (seated or paired before it, its result or its round's close
after it) and its time limit are re-derived from the log and the clock settings, and the
clock's own decider is run again on them (``ExtendTime``): an extension of a finished,
unseated or untimed target, one over the limits, or one given before the extension
written ahead of it is named."""
from __future__ import annotations

from typing import Any

from ..domain.clock import CLOCK, ExtendTime
from ..domain.clock.deadlines import limit_minutes
from ..domain.profiles import TournamentSettings
from ..domain.profiles.clock import clock_section
from ..domain.swiss.aggregate import SWISS
from ..domain.swiss.decide_results import locate
from ..domain.swiss.state import Cut
from ..domain.tables.aggregate import TABLES
from . import judge_index as ix
from .context import Context
from .findings import Difference, Finding, Recorded
from .rederive import decided, guarded

FINAL_RESULTS = ("ResultEntered", "ResultConfirmed", "ResultCorrected")


def section(ctx: Context) -> dict[str, Any]:
    """The clock's settings section in force, the game profile's defaults filling keys
    that settings recorded before them lack (as ``application/clock.py``)."""
    t = ctx.tournament
    name = clock_section(t.structure)
    defaults = TournamentSettings.for_game(t.game).model_dump(mode="json")[name]
    return {**defaults, **ctx.section(name)}


def extended(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    d: Any = event.data                 # as recorded: a missing field is refused
    out = _in_order(ctx, event)
    found: list[tuple[str, bool]] = []

    def work() -> list[Finding]:
        facts = _facts(ctx, event)
        if isinstance(facts, list):
            return facts
        found.append(facts)
        return []
    missing = guarded(event, work)
    if not found:
        return out + missing
    playing, final = found[0]
    limit = limit_minutes(section(ctx), str(d.get("target")), final)
    return out + decided(event, lambda: CLOCK.decide(ExtendTime(
        d.get("target"), d.get("minutes"), d.get("reason"), d.get("by"), d.get("at"),
        playing, limit), state), ["target", "minutes", "reason", "by", "at"])


def _in_order(ctx: Context, event: Recorded) -> list[Finding]:
    """The stream's extensions are written in the order they were given."""
    previous = ctx.previous
    if previous is None or not ix.before(event.data.get("at"), previous.data.get("at")):
        return []
    return [Difference(event, "at", event.data.get("at"), f"not before {previous.data.get('at')}"
                       f" (the extension written before it, v{previous.version})")]


def _facts(ctx: Context, event: Recorded) -> tuple[str, bool] | list[Finding]:
    """(playing, final) of the target when the extension was written, or the finding
    that it names no target of the log."""
    target = str(event.data.get("target"))
    at = event.recorded_at
    kind, _, rest = target.partition("-")
    tid = ctx.log.tournament_id

    def earlier(types: tuple[str, ...], where: Any) -> bool:
        return any(ix.before(e.recorded_at, at) and where(e) for e in ix.of(ctx, *types))

    def missing() -> list[Finding]:
        return [Difference(event, "target", target, "a match, table, round or final the "
                           "log holds")]
    if target == "F":
        if not ix.of(ctx, "TablesFinalSeated"):
            return missing()
        seated = earlier(("TablesFinalSeated",), lambda e: True)
        done = earlier(("TablesFinalReported",), lambda e: True)
        return ("finished" if done else "open" if seated else "waiting"), True
    if kind[:1] == "T" and kind[1:].isdigit():
        number = int(kind[1:])
        tables = ctx.final_state(TABLES, f"tables-{tid}")
        if not 1 <= number <= len(tables.rounds) or \
                (rest and not 1 <= int(rest) <= len(tables.rounds[number - 1].tables)):
            return missing()
        seated = earlier(("TablesRoundSeated",), lambda e: e.data.get("round") == number)
        done = earlier(("TablesRoundClosed",), lambda e: e.data.get("round") == number) or \
            earlier(("TablesRoundSeated",), lambda e: e.data.get("round") == number + 1) or \
            earlier(("TablesFinalStarted",), lambda e: True) or (bool(rest) and earlier(
                ("TablesTableReported",), lambda e: e.data.get("round") == number and
                e.data.get("table") == int(rest)))
        return ("finished" if done else "open" if seated else "waiting"), False
    swiss = ctx.final_state(SWISS, f"swiss-{tid}")
    if kind[:1] == "R" and not rest and kind[1:].isdigit():
        number = int(kind[1:])
        if not 1 <= number <= len(swiss.rounds):
            return missing()
        paired = earlier(("RoundPaired",), lambda e: e.data.get("round") == number)
        done = earlier(("RoundClosed",), lambda e: e.data.get("round") == number) or \
            earlier(("RoundPaired",), lambda e: e.data.get("round") == number + 1) or \
            earlier(("TopCutStarted",), lambda e: True)
        return ("finished" if done else "open" if paired else "waiting"), False
    try:
        match, holder = locate(swiss, target)
    except Exception:  # noqa: BLE001 - the domain's NotFound or a malformed id
        return missing()
    cut = kind.startswith("C")
    begun = earlier(("TopCutStarted",) if cut else ("RoundPaired",),
                    lambda e: cut or e.data.get("round") == match.round)
    done = earlier(FINAL_RESULTS, lambda e: e.data.get("match") == target and
                   e.type != "ResultReported") or (not cut and earlier(
                       ("RoundClosed",), lambda e: e.data.get("round") == match.round))
    if None in (match.a, match.b):
        begun = False
    final = isinstance(holder, Cut) and match.round == len(holder.rounds)
    return ("finished" if done else "open" if begun else "waiting"), final
