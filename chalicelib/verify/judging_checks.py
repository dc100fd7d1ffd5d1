"""The judges' records against play (V:EKN 2.5-2.7, 3.1.4, 5.1): a penalty names a
registered player and, with a round, the match or table that player really played; the
result a game or match loss entered is the one the domain's rule gives
(``judging.losses.swiss_loss``, 0 VP at the table) and is in the log; a disqualification's
drop names it and it names the drop; an overturned loss or disqualification has its
compensating event (the result given back, the player reinstated); a penalized allegation
names a cheating penalty given with its decision. A private reason stays withheld: none
of these checks needs it."""
from __future__ import annotations

from typing import Any

from ..domain.judging.losses import swiss_loss
from ..domain.swiss.aggregate import SWISS
from ..domain.swiss.decide_results import best_of_for, locate
from ..domain.swiss.results import Score
from ..domain.tables.aggregate import TABLES
from . import judge_index as ix
from .context import Context
from .findings import Difference, Finding, Recorded
from .rederive import guarded

LOSSES = ("game_loss", "match_loss")


def penalty_given(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    d = event.data
    if d.get("player_id") not in ix.registered(ctx):
        return [Difference(event, "player_id", d.get("player_id"),
                           "a player registered in the tournament")]
    return guarded(event, lambda: _placed(ctx, event) + _applied(ctx, event))


def _placed(ctx: Context, event: Recorded) -> list[Finding]:
    """Where the player played the penalty's round: its table and match."""
    d, tid = event.data, ctx.log.tournament_id
    if d.get("round") is None:
        where: tuple[Any, Any] = (None, None)
    elif ctx.tournament.structure == "swiss":
        swiss = ctx.final_state(SWISS, f"swiss-{tid}")
        rnd = swiss.rounds[d["round"] - 1] if 1 <= d["round"] <= len(swiss.rounds) else None
        match = next((m for m in (rnd.matches if rnd else ()) if d["player_id"] in
                      (m.a, m.b)), None)
        where = (match.table, match.id) if match else ("(not playing)", None)
    else:
        tables = ctx.final_state(TABLES, f"tables-{tid}")
        rnd = tables.rounds[d["round"] - 1] if 1 <= d["round"] <= len(tables.rounds) \
            else None
        where = (rnd.table_of(d["player_id"]) if rnd else "(not seated)", None)
    recorded = (d.get("table"), d.get("match_id"))
    if recorded == where:
        return []
    field = "match_id" if recorded[1] != where[1] else "table"
    return [Difference(event, field, recorded[1] if field == "match_id" else recorded[0],
                       f"{where[1] if field == 'match_id' else where[0]} (where the player "
                       f"played round {d.get('round')})")]


def _applied(ctx: Context, event: Recorded) -> list[Finding]:
    d = event.data
    applied = d.get("applied") or {}
    kind = d.get("kind")
    if kind in LOSSES and d.get("match_id") is not None:
        return _swiss_loss(ctx, event, applied.get("swiss"))
    if kind in LOSSES and d.get("round") is not None:
        return _table_loss(ctx, event, applied.get("table"))
    if kind == "disqualification":
        return _drop(ctx, event, applied.get("drop"))
    if applied:
        return [Difference(event, "applied", applied, f"nothing (a {kind} enters no "
                           "result)")]
    return []


def _swiss_loss(ctx: Context, event: Recorded, done: Any) -> list[Finding]:
    d = event.data
    if not isinstance(done, dict) or done.get("match_id") != d["match_id"]:
        return [Difference(event, "applied.swiss", done, f"the result of {d['match_id']}")]
    swiss = ctx.final_state(SWISS, f"swiss-{ctx.log.tournament_id}")
    match, holder = locate(swiss, d["match_id"])
    best_of, _ = best_of_for(swiss, match, holder)
    side = "a" if match.a == d["player_id"] else "b"
    before = Score.from_dict(done["before"]) if done.get("before") else None
    derived = swiss_loss(d["kind"], side, best_of, before).as_dict()
    if done.get("score") != derived:
        return [Difference(event, "applied.swiss.score", done.get("score"),
                           f"{derived} (a {d['kind']} against side {side}, best of "
                           f"{best_of})")]
    wanted = "ResultCorrected" if done.get("corrected") else "ResultEntered"
    if not any(r.type == wanted and r.data.get("score") == derived and
               r.data.get("at") == d.get("at") for r in ix.match_results(ctx, match.id)):
        return [Difference(event, "applied.swiss", f"{derived} entered",
                           f"no {wanted} of {match.id} with that score at {d.get('at')}: "
                           "the result the loss entered is not in the log")]
    return []


def _table_loss(ctx: Context, event: Recorded, done: Any) -> list[Finding]:
    d = event.data
    if not isinstance(done, dict) or (done.get("round"), done.get("table")) != \
            (d["round"], d["table"]) or done.get("vp") != 0:
        return [Difference(event, "applied.table", done,
                           f"0 VP at table {d['table']} of round {d['round']}")]
    reports = ix.table_reports(ctx, d["round"], d["table"])
    if done.get("when") == "corrected":
        before = done.get("before") or {}
        wanted = {**before, d["player_id"]: 0}
        if not any(_vp(r) == wanted for r in reports):
            return [Difference(event, "applied.table", f"{wanted} reported",
                               "no report of the table with the player's VP at 0 and the "
                               "others' as before")]
    elif reports and not any(_vp(r).get(d["player_id"]) == 0 for r in reports):
        return [Difference(event, "applied.table", "0 VP",
                           "every report of the table counts the player's VP")]
    return []


def _vp(report: Recorded) -> dict[str, Any]:
    results = report.data.get("results") or {}
    return {p: r.get("vp_halves") for p, r in results.items() if isinstance(r, dict)}


def _drop(ctx: Context, event: Recorded, done: Any) -> list[Finding]:
    d = event.data
    drops = [e for e in ix.of(ctx, "PlayerDropped") if e.data.get("player_id") ==
             d["player_id"]]
    if isinstance(done, dict) and done.get("dropped"):
        if not any(e.data.get("penalty_id") == d["penalty_id"] and
                   e.data.get("at") == d.get("at") for e in drops):
            return [Difference(event, "applied.drop", done, "no drop of the player naming "
                               "this disqualification, at its time (3.1.4)")]
        return _swiss_drop(ctx, event)
    if not any(ix.before(e.data.get("at"), d.get("at")) for e in drops):
        return [Difference(event, "applied.drop", done, "the player's drop (3.1.4: a "
                           "disqualified player leaves the tournament)")]
    return []


def _swiss_drop(ctx: Context, event: Recorded) -> list[Finding]:
    """A player disqualified after the Swiss pairings began leaves them too (the Swiss
    stream's drop, in the same unit of work)."""
    player, swiss = event.data["player_id"], f"swiss-{ctx.log.tournament_id}"
    if ctx.tournament.structure != "swiss" or not any(
            ix.before(e.recorded_at, event.recorded_at) for e in ix.of(ctx, "RoundPaired")):
        return []
    if any(e.stream == swiss and e.data.get("player") == player
           for e in ix.of(ctx, "PlayerDropped", "SwissPlayerDropped")):
        return []
    return [Difference(event, "applied.drop", "dropped", f"{player} dropped from the Swiss "
                       "pairings too (3.1.4)")]


def dropped(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """A drop naming a penalty carries out that disqualification."""
    named = event.data.get("penalty_id")
    if named is None:
        return []
    given = ix.penalty(ctx, named)
    if given is None or given.data.get("kind") != "disqualification" or \
            given.data.get("player_id") != event.data.get("player_id") or \
            given.data.get("at") != event.data.get("at"):
        return [Difference(event, "penalty_id", named, "a disqualification of this player "
                           "given at the drop's time in the judges' records")]
    return []


def decided(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """An appeal's (2.7) or a review's (5.1) decision: an overturned penalty's
    compensating event is in the log."""
    d = event.data
    given = state.penalties.get(d.get("penalty_id"))
    if given is None:
        return [Difference(event, "penalty_id", d.get("penalty_id"), "a penalty given "
                           "before it")]
    if d.get("decision") != "overturned":
        return []
    finished = ix.of(ctx, "TournamentFinished")
    if finished and ix.before(finished[0].recorded_at, d.get("at")):
        return []                   # decided after the finish: nothing to give back
    applied = given.applied or {}
    if "swiss" in applied and applied["swiss"].get("before"):
        done = applied["swiss"]
        if not any(r.type == "ResultCorrected" and r.data.get("score") == done["before"]
                   and r.data.get("at") == d.get("at")
                   for r in ix.match_results(ctx, done["match_id"])):
            return [Difference(event, "decision", "overturned", f"{done['match_id']} "
                               f"corrected back to {done['before']} at {d.get('at')} (2.7)")]
    if "table" in applied and applied["table"].get("before"):
        done = applied["table"]
        if not any(_vp(r) == done["before"] for r in
                   ix.table_reports(ctx, done["round"], done["table"])):
            return [Difference(event, "decision", "overturned", f"table {done['table']} of "
                               f"round {done['round']} reported back as {done['before']}")]
    if given.kind == "disqualification" and (applied.get("drop") or {}).get("dropped"):
        if not any(e.data.get("player_id") == given.player and e.data.get("at") == d.get("at")
                   for e in ix.of(ctx, "PlayerReinstated")):
            return [Difference(event, "decision", "overturned",
                               f"{given.player} reinstated at {d.get('at')}")]
    return []


def allegation_decided(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """A penalized allegation (5.1) names the cheating penalty given with the decision."""
    d = event.data
    named = d.get("penalty_id")
    if d.get("decision") != "penalized":
        return [] if named is None else [Difference(event, "penalty_id", named, None)]
    given = ix.penalty(ctx, named)
    held = state.allegations.get(d.get("allegation_id")) if hasattr(state, "allegations") \
        else None
    accused = (held or {}).get("player_id")
    if given is None or given.data.get("infraction") != "cheating" or \
            given.data.get("at") != d.get("at") or \
            (accused is not None and given.data.get("player_id") != accused):
        return [Difference(event, "penalty_id", named, "a cheating penalty given with the "
                           "decision, to the player accused")]
    return []
