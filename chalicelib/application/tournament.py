"""The tournament as the other use cases see it: its state, or 404, and the checks that a
capability is played in it (one refusal, one code: ``wrong_format``, ``wrong_structure``,
``not_running``), and the player (registered, or active) a command names."""
from __future__ import annotations

from typing import Any

from ..domain import streams
from ..domain.errors import Conflict, NotFound
from ..domain.tournament import TOURNAMENT, TournamentState
from ..domain.tournament import state as tstate
from ..domain.tournament.state import Player
from .reads import Reads


def tournament_not_found(tid: str) -> NotFound:
    """404 ``tournament_not_found``: there is no such tournament (never "not projected
    yet": application/consistency.py tells the two apart)."""
    return NotFound(f"no tournament {tid!r}", {"tournament_id": tid},
                    code="tournament_not_found")


def checked_tid(tid: str) -> str:
    if not streams.is_tournament_id(tid):
        raise tournament_not_found(tid)
    return tid


def load(source: Any, tid: str, guard: bool = True) -> TournamentState:
    """The tournament's state, 404 if there is none. ``source``: a unit of work (then
    ``guard``: the commit fails and the work is re-run if it changes meanwhile) or the
    ``Reads`` of a query."""
    key = checked_tid(tid)
    if isinstance(source, Reads):
        state = source.state(TOURNAMENT, key)
    else:
        state = source.load(TOURNAMENT, key, guard=guard)
    if not state.exists:
        raise tournament_not_found(tid)
    return state


def require_running(t: TournamentState, *, formats: tuple[str, ...] = (),
                    structure: str | None = None,
                    message: str = "start the tournament first") -> None:
    """409 unless the tournament has one of ``formats`` (``wrong_format``), is played as
    ``structure`` (``wrong_structure``) and is running (``not_running``, ``message``)."""
    if formats and t.format not in formats:
        raise Conflict(f"this tournament's format is {t.format}",
                       {"format": t.format, "needs": list(formats)}, code="wrong_format")
    if structure is not None and t.structure != structure:
        raise Conflict(f"this tournament is played as {t.structure}, not {structure}",
                       {"structure": t.structure, "needs": structure}, code="wrong_structure")
    if t.status != tstate.RUNNING:
        raise Conflict(message, {"status": t.status}, code="not_running")


def running_swiss(uow: Any, tid: str, guard: bool = False) -> TournamentState:
    """The tournament, which must be running and played as Swiss rounds (409 otherwise)."""
    t = load(uow, tid, guard=guard)
    require_running(t, structure="swiss",
                    message=f"the tournament is {t.status}; Swiss play needs a running "
                            "tournament")
    return t


def registered(t: TournamentState, player_id: str) -> Player:
    """The tournament's player ``player_id``, active or dropped (404 ``player_not_found``)."""
    player = t.player(player_id)
    if player is None:
        raise NotFound(f"no player {player_id!r} in this tournament", code="player_not_found")
    return player


def active_player(t: TournamentState, player_id: str) -> Player:
    """The tournament's active player ``player_id`` (404 if none)."""
    player = t.player(player_id)
    if player is None or player.status != "active":
        raise NotFound("no active player with that id", {"player_id": player_id})
    return player
