"""A player's credentials: re-issue by the staff, rotation by the player (compare-and-set
on the credential number, so of two rotations with one token only one lands, and a
rotation authenticated before a re-issue cannot commit after it)."""
from __future__ import annotations

import math
from datetime import datetime, timedelta

from ..errors import Conflict, Forbidden, Unauthenticated
from ..events import Event
from . import commands as c
from . import events as ev
from .state import FINISHED, Player, TournamentState


def replace_token(cmd: c.ReplacePlayerToken, player: Player,
                  state: TournamentState) -> list[Event]:
    """A new credential for ``player``: the staff's re-issue (a judge's only before the
    finish), or the player's own rotation, compare-and-set on the credential the player
    authenticated with, and not while a re-issue's lock lasts."""
    if cmd.by_judge and state.status == FINISHED:
        raise Forbidden("the tournament is finished: only its organizer re-issues a "
                        "player's token now", code="tournament_finished")
    if cmd.by_player:
        if cmd.credential is not None and cmd.credential != player.credential:
            raise Unauthenticated(
                "this token was replaced while the rotation was under way (another "
                "rotation or a re-issue by the staff came first); nothing was changed",
                {"credential": cmd.credential, "current": player.credential},
                code="credential_replaced")
        _rotation_unlocked(state, player, cmd.now)
    # No token in the event: the new token's hash names its own stream, which records
    # the credential number this event makes current.
    return [ev.PlayerTokenReplaced(player_id=cmd.player_id, credential=player.credential + 1,
                                   by="player" if cmd.by_player else "staff", at=cmd.now)]


def _rotation_unlocked(state: TournamentState, player: Player, now: str) -> None:
    """After a staff re-issue the player may not rotate for the tournament's
    ``registration.rotation_lock_seconds``."""
    if player.reissued_at is None:
        return
    lock = state.settings["registration"].get("rotation_lock_seconds", 3600)
    until = datetime.fromisoformat(player.reissued_at) + timedelta(seconds=lock)
    left = (until - datetime.fromisoformat(now)).total_seconds()
    if left > 0:
        raise Conflict("the staff re-issued this player's token recently: the player may "
                       "rotate it again later (ask the staff meanwhile)",
                       {"until": until.isoformat(), "seconds_left": math.ceil(left)},
                       code="rotation_locked")
