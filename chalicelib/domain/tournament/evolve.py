"""The evolve function of the tournament aggregate (stream ``tournament-<tid>``)."""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from ..events import Event
from . import events as ev
from .state import FINISHED, RUNNING, Player, TournamentState


def _registered(state: TournamentState, player: Player) -> TournamentState:
    return replace(state, players=state.players.set(player.id, player),
                   order=state.order.append(player.id),
                   member_ids=state.member_ids.set(player.member_id, player.id)
                   if player.member_id is not None else state.member_ids,
                   active_count=state.active_count + 1)


def _removed(state: TournamentState, player_id: str) -> TournamentState:
    player = state.players.get(player_id)
    if player is None:
        return state
    return replace(state, players=state.players.remove(player_id),
                   order=state.order.remove(player_id),
                   member_ids=state.member_ids.discard(player.member_id)
                   if player.member_id is not None else state.member_ids,
                   active_count=state.active_count - (player.status == "active"))


def evolve(state: TournamentState, event: Event) -> TournamentState:
    match event:
        case ev.TournamentCreated():
            return TournamentState(
                id=event.tournament_id, exists=True, name=event.name, game=event.game,
                format=event.format, structure=event.structure,
                organizer_id=event.organizer_id, seed=event.seed,
                seed_sha256=event.seed_sha256, settings=MappingProxyType(event.settings),
                starts_at=event.starts_at, location=event.location,
                created_at=event.created_at, registration_code=event.registration_code)
        case ev.SettingsChanged(settings=settings):
            code = event.registration_code if event.code_changed else state.registration_code
            return replace(state, settings=MappingProxyType(settings), registration_code=code)
        case ev.PlayerTokenReplaced():
            player = replace(state.players[event.player_id], credential=event.credential,
                             reissued_at=event.at if event.by == "staff"
                             else state.players[event.player_id].reissued_at)
            return replace(state, players=state.players.set(player.id, player))
        case ev.PlayerRegistered():
            return _registered(state, Player(event.player_id, event.name, event.member_id,
                                             "active", event.late, event.registered_at))
        case ev.PlayerRemoved(player_id=player_id):
            return _removed(state, player_id)
        case ev.PlayerDropped():
            player = state.players[event.player_id]
            dropped = replace(player, status="dropped", dropped_at=event.at,
                              drop_reason=event.reason)
            return replace(state, players=state.players.set(player.id, dropped),
                           active_count=state.active_count - (player.status == "active"))
        case ev.PlayerReinstated():
            player = state.players[event.player_id]
            back = replace(player, status="active", dropped_at=None, drop_reason=None)
            return replace(state, players=state.players.set(player.id, back),
                           active_count=state.active_count + 1)
        case ev.JudgeAdded():
            judges = dict(state.judges)
            judges[event.judge_id] = event.name
            return replace(state, judges=MappingProxyType(judges))
        case ev.TournamentStarted(at=at):
            return replace(state, status=RUNNING, started_at=at)
        case ev.TournamentFinished():
            return replace(state, status=FINISHED, finished_at=event.at,
                           incomplete=event.incomplete)
    return state
