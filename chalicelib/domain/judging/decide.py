"""Decide the judges' records (V:EKN 2.5-2.9, 3.3, 5): who the head judge is, penalties,
appeals to the head judge, and the round start and presence that tardiness counts from.

Events: ``OfficialsNamed`` {head_judge, panel: [{judge_id, player_id}], by, at};
``PenaltyGiven`` {penalty_id, player_id, kind, reason, infraction, judge, round, table,
match_id, applied, by_head_judge, at}; ``AppealFiled`` {appeal_id, penalty_id, player_id,
statement, at}; ``AppealDecided`` {penalty_id, decision, note, by, at};
``RoundStartAnnounced`` {round, starts_at, by}; ``PlayerMarkedPresent`` {round,
player_id, by, at}."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..events import Event
from . import commands as c
from . import events as ev
from .state import OVERTURNED, TARDY_AFTER_SECONDS, JudgingState, Penalty

PANEL_SIZE = 6          # V:EKN 2.9: head judge, secondary, third ... sixth judge
PANEL_MIN_PLAYERS = 8   # V:EKN 2.9: at least eight participants (two tables)
LOSSES = ("game_loss", "match_loss")


def _time(value: str) -> datetime:
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise Invalid(f"not an ISO-8601 time: {value!r}", code="invalid_time") from None


def late_from(starts_at: str) -> str:
    """When a player not yet seated receives the Loss (V:EKN 3.3)."""
    return (_time(starts_at) + timedelta(seconds=TARDY_AFTER_SECONDS)).isoformat()


def _name_officials(cmd: c.NameOfficials, state: JudgingState) -> list[Event]:
    if cmd.started:
        raise Conflict("the head judge and the Multi-Judge System are announced before the "
                       "tournament begins (V:EKN 2.9)", code="officials_locked")
    problems: list[dict[str, Any]] = []
    if cmd.head_judge not in cmd.staff:
        problems.append({"loc": "head_judge", "msg": "not the organizer or one of the "
                         "tournament's judges", "value": cmd.head_judge})
    if cmd.panel:
        ids = [o.judge_id for o in cmd.panel]
        if len(cmd.panel) != PANEL_SIZE:
            problems.append({"loc": "multi_judge", "msg": f"the Multi-Judge System names "
                             f"{PANEL_SIZE} judges in order", "count": len(cmd.panel)})
        if ids and ids[0] != cmd.head_judge:
            problems.append({"loc": "multi_judge.0", "msg": "the first judge is the head "
                             "judge"})
        if len(set(ids)) != len(ids):
            problems.append({"loc": "multi_judge", "msg": "each judge is named once"})
        unknown = [j for j in ids if j not in cmd.staff]
        if unknown:
            problems.append({"loc": "multi_judge", "msg": "not the organizer or one of the "
                             "tournament's judges", "judges": unknown})
        seats = [o.player_id for o in cmd.panel if o.player_id is not None]
        if len(set(seats)) != len(seats):
            problems.append({"loc": "multi_judge", "msg": "a player is one judge at most"})
        strangers = [p for p in seats if p not in cmd.players]
        if strangers:
            problems.append({"loc": "multi_judge", "msg": "not players of this tournament",
                             "players": strangers})
        if len(cmd.players) < PANEL_MIN_PLAYERS:
            problems.append({"loc": "multi_judge", "msg": "the Multi-Judge System needs at "
                             f"least {PANEL_MIN_PLAYERS} players (V:EKN 2.9)",
                             "players": len(cmd.players)})
    if problems:
        raise Invalid("these officials cannot be named", problems, code="invalid_officials")
    return [ev.OfficialsNamed(
        head_judge=cmd.head_judge,
        panel=[{"judge_id": o.judge_id, "player_id": o.player_id} for o in cmd.panel],
        by=cmd.by, at=cmd.now)]


def _give(cmd: c.GivePenalty, state: JudgingState) -> list[Event]:
    if cmd.penalty_id in state.penalties:
        raise Conflict(f"penalty {cmd.penalty_id} exists", code="penalty_exists")
    if cmd.kind not in c.KINDS:
        raise Invalid(f"unknown penalty kind {cmd.kind!r}", {"kinds": list(c.KINDS)})
    if cmd.infraction not in c.INFRACTIONS:
        raise Invalid(f"unknown infraction {cmd.infraction!r}",
                      {"infractions": list(c.INFRACTIONS)})
    if not cmd.reason.strip():
        raise Invalid("say why the penalty is given", {"loc": "reason"})
    if state.disqualified(cmd.player):
        raise Conflict("the player is disqualified", {"player_id": cmd.player},
                       code="disqualified")
    if cmd.kind == "disqualification" and not cmd.by_head_judge:
        # V:EKN 5.1: the head judge reviews cheating and issues the penalty.
        raise Forbidden("only the head judge disqualifies a player (V:EKN 5.1)")
    if cmd.infraction == "cheating" and not cmd.by_head_judge:
        # V:EKN 5.1: a floor judge reports cheating (allegations); the head judge decides.
        raise Forbidden("the head judge decides cheating (V:EKN 5.1): report an allegation")
    if cmd.kind in LOSSES and cmd.round is None:
        raise Invalid("a game or match loss is given in a round: name it",
                      {"loc": "round"}, code="round_required")
    if cmd.infraction == "tardiness" and cmd.kind in LOSSES:
        _check_tardy(cmd, state)
    return [ev.PenaltyGiven(
        penalty_id=cmd.penalty_id, player_id=cmd.player, kind=cmd.kind, reason=cmd.reason,
        infraction=cmd.infraction, judge=cmd.judge, round=cmd.round, table=cmd.table,
        match_id=cmd.match_id, applied=cmd.applied, by_head_judge=cmd.by_head_judge,
        at=cmd.now)]


def _check_tardy(cmd: c.GivePenalty, state: JudgingState) -> None:
    """V:EKN 3.3: the Loss for tardiness comes 15 minutes after the round begins, to a
    player not seated by then."""
    assert cmd.round is not None                  # a loss names its round (refused first)
    starts = state.starts.get(cmd.round)
    if starts is None:
        raise Conflict(f"round {cmd.round} has no announced start: tardiness counts from it",
                       {"round": cmd.round}, code="round_not_started")
    if _time(cmd.now) < _time(late_from(starts)):
        raise Conflict("a player is late only 15 minutes after the round begins (V:EKN 3.3)",
                       {"round": cmd.round, "starts_at": starts,
                        "late_from": late_from(starts)}, code="not_late_yet")
    if state.is_present(cmd.round, cmd.player):
        raise Conflict("the player was marked present in this round",
                       {"round": cmd.round, "player_id": cmd.player}, code="player_present")


def _penalty(state: JudgingState, penalty_id: str) -> Penalty:
    penalty = state.penalties.get(penalty_id)
    if penalty is None:
        raise NotFound(f"no penalty {penalty_id!r}", code="penalty_not_found")
    return penalty


def _file(cmd: c.FileAppeal, state: JudgingState) -> list[Event]:
    penalty = _penalty(state, cmd.penalty_id)
    if penalty.player != cmd.player:
        raise Forbidden("players appeal only their own penalties")
    if penalty.appeal is not None:
        raise Conflict("this ruling was appealed already", {"appeal": penalty.appeal},
                       code="appeal_exists")
    if penalty.given_by_head_judge:
        raise Conflict("the head judge's decision is final (V:EKN 2.7)",
                       code="final_decision")
    if not cmd.statement.strip():
        raise Invalid("say what the appeal is about", {"loc": "statement"})
    return [ev.AppealFiled(appeal_id=cmd.appeal_id, penalty_id=cmd.penalty_id,
                           player_id=cmd.player, statement=cmd.statement, at=cmd.now)]


def _decide_appeal(cmd: c.DecideAppeal, state: JudgingState) -> list[Event]:
    penalty = _penalty(state, cmd.penalty_id)
    if not cmd.by_head_judge:
        raise Forbidden("only the head judge decides appeals (V:EKN 2.7)")
    if penalty.appeal is None:
        raise Conflict("this ruling was not appealed", code="no_appeal")
    if penalty.appeal.get("decision") is not None:
        raise Conflict("the head judge's decision is final (V:EKN 2.7)",
                       {"appeal": penalty.appeal}, code="appeal_decided")
    _decision(cmd.decision)
    return [ev.AppealDecided(penalty_id=cmd.penalty_id, decision=cmd.decision,
                             note=cmd.note, by=cmd.by, at=cmd.now)]


def _decision(decision: str) -> None:
    if decision not in c.DECISIONS:
        raise Invalid(f"unknown decision {decision!r}", {"decisions": list(c.DECISIONS)})


def _review(cmd: c.ReviewDisqualification, state: JudgingState) -> list[Event]:
    penalty = _penalty(state, cmd.penalty_id)
    if penalty.kind != "disqualification":
        raise Conflict("the federation reviews disqualifications (V:EKN 5.1); other "
                       "rulings are appealed to the head judge (2.7)",
                       {"kind": penalty.kind}, code="not_a_disqualification")
    if penalty.review is not None:
        raise Conflict("this disqualification was reviewed already",
                       {"review": penalty.review}, code="review_decided")
    _decision(cmd.decision)
    return [ev.DisqualificationReviewed(penalty_id=cmd.penalty_id, decision=cmd.decision,
                                        note=cmd.note, by=cmd.by, at=cmd.now)]


def _announce(cmd: c.AnnounceRoundStart, state: JudgingState) -> list[Event]:
    _time(cmd.starts_at)
    tardy = [p.id for p in state.penalties.values() if p.round == cmd.round
             and p.infraction == "tardiness" and p.kind in LOSSES]
    if tardy and state.starts.get(cmd.round) != cmd.starts_at:
        raise Conflict("players already received a Loss for tardiness from this start",
                       {"round": cmd.round, "penalties": tardy}, code="tardiness_recorded")
    if state.starts.get(cmd.round) == cmd.starts_at:
        return []
    return [ev.RoundStartAnnounced(round=cmd.round, starts_at=cmd.starts_at, by=cmd.by)]


def _present(cmd: c.MarkPresent, state: JudgingState) -> list[Event]:
    if state.is_present(cmd.round, cmd.player):
        return []
    late = [p.id for p in state.penalties.values() if p.round == cmd.round
            and p.player == cmd.player and p.infraction == "tardiness"
            and p.kind in LOSSES and p.status != OVERTURNED]
    if late:
        raise Conflict("the player received a Loss for tardiness in this round",
                       {"penalties": late}, code="tardy")
    return [ev.PlayerMarkedPresent(round=cmd.round, player_id=cmd.player, by=cmd.by,
                                   at=cmd.now)]


_HANDLERS: dict[type, Callable[[Any, JudgingState], list[Event]]] = {
    c.NameOfficials: _name_officials, c.GivePenalty: _give, c.FileAppeal: _file,
    c.DecideAppeal: _decide_appeal, c.ReviewDisqualification: _review,
    c.AnnounceRoundStart: _announce,
    c.MarkPresent: _present}


def decide(command: Any, state: JudgingState) -> list[Event]:
    handler = _HANDLERS.get(type(command))
    if handler is None:
        unknown_command("judging", command)
    return handler(command, state)
