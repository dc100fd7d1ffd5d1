"""Decide and evolve for the tournament lifecycle."""
from __future__ import annotations

import hmac
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..events import Event
from ..profiles import FORMATS, GAMES, STRUCTURES, resolve_settings
from ..profiles.member_ids import PatternError, matches
from ..profiles.registration import format_limit_problems
from ..rng import commitment
from . import commands as c
from . import events as ev
from .credentials import replace_token
from .state import FINISHED, REGISTRATION, RUNNING, Player, TournamentState


def decide(command: Any, state: TournamentState) -> list[Event]:
    if isinstance(command, c.CreateTournament):
        return _create(command, state)
    handler = _HANDLERS.get(type(command))
    if handler is None:
        unknown_command("tournament", command)
    if not state.exists:
        raise NotFound("no such tournament")
    return handler(command, state)


def _create(cmd: c.CreateTournament, state: TournamentState) -> list[Event]:
    if state.exists:
        raise Conflict("tournament already exists")
    problems = []
    if cmd.game not in GAMES:
        problems.append({"field": "game", "allowed": list(GAMES)})
    if cmd.format not in FORMATS:
        problems.append({"field": "format", "allowed": list(FORMATS)})
    if cmd.structure not in STRUCTURES:
        problems.append({"field": "structure", "allowed": list(STRUCTURES)})
    if problems:
        raise Invalid("unsupported game, format or structure", problems)
    settings = _with_code(resolve_settings(cmd.game, cmd.settings, structure=cmd.structure),
                          cmd.settings, cmd.registration_code)
    _within_format_limits(cmd.format, settings)
    return [ev.TournamentCreated(
        tournament_id=cmd.tournament_id, organizer_id=cmd.organizer_id, name=cmd.name,
        game=cmd.game, format=cmd.format, structure=cmd.structure, settings=settings,
        seed=cmd.seed, seed_sha256=commitment(cmd.seed), starts_at=cmd.starts_at,
        location=cmd.location, created_at=cmd.now, registration_code=cmd.registration_code,
        card_sets_sha256=cmd.card_sets_sha256)]


def _change_settings(cmd: c.ChangeSettings, state: TournamentState) -> list[Event]:
    if state.status != REGISTRATION:
        raise Conflict("settings are fixed once the tournament has started",
                       {"status": state.status}, code="already_started")
    code = cmd.registration_code if cmd.code_changed else state.registration_code
    settings = _with_code(resolve_settings(state.game, cmd.settings,
                                           base=_plain(state.settings),
                                           structure=state.structure), cmd.settings, code)
    _within_format_limits(state.format, settings)
    pins = cmd.card_sets_sha256
    if cmd.code_changed:
        return [ev.SettingsChanged(settings=settings, code_changed=True,
                                   registration_code=code, card_sets_sha256=pins)]
    return [ev.SettingsChanged(settings=settings, card_sets_sha256=pins)]


def _within_format_limits(format_: str, settings: dict[str, Any]) -> None:
    problems = format_limit_problems(format_, settings)
    if problems:
        raise Invalid("invalid tournament settings", problems, code="invalid_settings")


def _with_code(settings: dict[str, Any], override: dict[str, Any],
               code: str | None) -> dict[str, Any]:
    """``registration.code_required`` follows the code: set by giving or clearing
    ``registration.code``, refused when asked to say otherwise."""
    asked = (override.get("registration") or {}).get("code_required")
    if asked is not None and asked != (code is not None):
        raise Invalid("registration.code_required follows registration.code: give a code "
                      "to require one, null to remove it", [
                          {"loc": "registration.code_required",
                           "msg": f"is {code is not None} with the code as it is"}],
                      code="invalid_settings")
    registration = {**settings["registration"], "code_required": code is not None}
    return {**settings, "registration": registration}


def _member_id_problems(pattern: str, member_id: str) -> list[dict[str, str]]:
    try:
        if matches(pattern, member_id):
            return []
    except PatternError as exc:  # a pattern stored before patterns were checked on entry
        return [{"field": "member_id", "message": f"this tournament's member id format cannot "
                 f"be used ({exc}); the organizer must change it"}]
    return [{"field": "member_id",
             "message": f"does not match this game's member id format {pattern}"}]


def _register(cmd: c.RegisterPlayer, state: TournamentState) -> list[Event]:
    reg = state.settings["registration"]
    if state.status == FINISHED:
        raise Conflict("the tournament is finished", code="tournament_finished")
    late = state.status == RUNNING
    if late and not cmd.by_staff:
        raise Conflict("registration is closed; late arrivals are added by the organizer "
                       "or a judge", {"status": state.status}, code="registration_closed")
    if late and not reg["late_arrivals"]:
        raise Conflict("this tournament does not accept late arrivals", code="late_arrivals_off")
    if not cmd.by_staff and not reg["self_registration"]:
        raise Conflict("players are registered by the organizer in this tournament",
                       code="registration_closed")
    if not cmd.by_staff and state.registration_code is not None and (
            cmd.code is None or not hmac.compare_digest(cmd.code, state.registration_code)):
        # compared in constant time; a missing code is refused as a wrong one
        raise Forbidden("this tournament needs its registration code (ask the organizer)",
                        {"field": "registration_code", "given": cmd.code is not None},
                        code="invalid_registration_code")
    problems = []
    if cmd.member_id is not None:
        problems += _member_id_problems(reg["member_id_pattern"], cmd.member_id)
    if cmd.member_id is None and reg["member_id_required"]:
        problems.append({"field": "member_id", "message": "a federation member id is required"})
    if cmd.member_id is not None and cmd.member_id in state.member_ids:
        problems.append({"field": "member_id", "message": "already registered in this tournament"})
    if problems:
        raise Invalid("registration refused", problems)
    if state.active_count >= reg["max_players"]:
        raise Conflict(f"the tournament is full ({reg['max_players']} players)",
                       {"max_players": reg["max_players"]}, code="tournament_full")
    if cmd.player_id in state.players:
        raise Conflict("player id already used")
    return [ev.PlayerRegistered(player_id=cmd.player_id, name=cmd.name,
                             member_id=cmd.member_id, late=late, registered_at=cmd.now)]


def _existing(state: TournamentState, player_id: str) -> Player:
    player = state.players.get(player_id)
    if player is None:
        raise NotFound(f"no player {player_id} in this tournament", {"player_id": player_id},
                       code="player_not_found")
    return player


def _remove(cmd: c.RemovePlayer, state: TournamentState) -> list[Event]:
    _existing(state, cmd.player_id)
    if state.status != REGISTRATION:
        raise Conflict("players can only be removed before the start; record a drop instead",
                       {"status": state.status}, code="already_started")
    return [ev.PlayerRemoved(player_id=cmd.player_id, at=cmd.now)]


def _drop(cmd: c.DropPlayer, state: TournamentState) -> list[Event]:
    player = _existing(state, cmd.player_id)
    if state.status != RUNNING:
        raise Conflict("drops are recorded while the tournament runs; before it, remove the "
                       "player", {"status": state.status}, code="not_running")
    if player.status == "dropped":
        raise Conflict("the player has already dropped", {"player_id": cmd.player_id},
                       code="already_dropped")
    # V:EKN 3.1.4: the player is left out of the next seating/pairing. A round already
    # seated or paired is the Swiss or tables aggregate's business (a loss there), decided
    # in the same unit of work by the drop route.
    return [ev.PlayerDropped(player_id=cmd.player_id, reason=cmd.reason, at=cmd.now,
                            penalty_id=cmd.penalty_id)]


def _reinstate(cmd: c.ReinstatePlayer, state: TournamentState) -> list[Event]:
    player = _existing(state, cmd.player_id)
    if state.status != RUNNING:
        raise Conflict("a player is reinstated while the tournament runs",
                       {"status": state.status}, code="not_running")
    if player.status != "dropped":
        raise Conflict("the player has not dropped", {"player_id": cmd.player_id},
                       code="not_dropped")
    return [ev.PlayerReinstated(player_id=cmd.player_id, reason=cmd.reason, at=cmd.now)]


def _replace_token(cmd: c.ReplacePlayerToken, state: TournamentState) -> list[Event]:
    return replace_token(cmd, _existing(state, cmd.player_id), state)


def _add_judge(cmd: c.AddJudge, state: TournamentState) -> list[Event]:
    if state.status == FINISHED:
        raise Conflict("the tournament is finished", code="tournament_finished")
    return [ev.JudgeAdded(judge_id=cmd.judge_id, name=cmd.name, at=cmd.now)]


def _start(cmd: c.StartTournament, state: TournamentState) -> list[Event]:
    if state.status != REGISTRATION:
        raise Conflict(f"the tournament is {state.status}, not open for a start",
                       {"status": state.status}, code="already_started")
    if state.active_count < 2:
        raise Conflict("at least two players are needed to start",
                       {"active": state.active_count}, code="too_few_players")
    return [ev.TournamentStarted(at=cmd.now)]


def _finish(cmd: c.FinishTournament, state: TournamentState) -> list[Event]:
    if state.status != RUNNING:
        raise Conflict(f"the tournament is {state.status}; only a running tournament finishes",
                       {"status": state.status}, code="not_running")
    open_items = [dict(item) for item in cmd.open]
    if not cmd.incomplete:
        if cmd.reason is not None:
            raise Invalid("a reason goes with incomplete: true",
                          [{"field": "reason", "message": "only for an incomplete finish"}])
        if open_items:
            # V:EKN 3.1 / 9: the report would rank players on unfinished play.
            raise Conflict("play is not finished: enter the missing results, or end the "
                           "event early with incomplete: true and a reason",
                           {"open": open_items}, code="play_unfinished")
        return [ev.TournamentFinished(at=cmd.now, seed=state.seed)]
    if not (cmd.reason or "").strip():
        raise Invalid("an incomplete finish needs a reason",
                      [{"field": "reason", "message": "say why the event ends early"}])
    if not open_items:
        raise Conflict("nothing is left to play: finish without incomplete",
                       {"open": []}, code="play_complete")
    return [ev.TournamentFinished(at=cmd.now, seed=state.seed, incomplete={
        "reason": (cmd.reason or "").strip(), "open": open_items})]


_HANDLERS: dict[type, Callable[[Any, TournamentState], list[Event]]] = {
             c.ChangeSettings: _change_settings, c.RegisterPlayer: _register,
             c.RemovePlayer: _remove, c.DropPlayer: _drop, c.AddJudge: _add_judge,
             c.ReinstatePlayer: _reinstate,
             c.ReplacePlayerToken: _replace_token,
             c.StartTournament: _start, c.FinishTournament: _finish}


def _plain(mapping: Any) -> Any:
    if isinstance(mapping, (dict, MappingProxyType)):
        return {k: _plain(v) for k, v in mapping.items()}
    return mapping
