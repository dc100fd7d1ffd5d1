"""A store's league season: its weekly events between two days give each player points
by the store's table (points by final rank, plus attendance), the season's standings
(the best ``best_of`` events when set) and the season's final invitation list (the top
``invitations``). Players are known by their membership number, else by name.

Events: ``LeagueCreated`` {league_id, organizer_id, name, game, starts, ends, points,
attendance, best_of, invitations, at}."""
from __future__ import annotations

from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Invalid
from ..events import Event
from .commands import CreateLeague
from .events import LeagueCreated
from .state import LeagueState


def decide(cmd: Any, state: LeagueState) -> list[Event]:
    if not isinstance(cmd, CreateLeague):
        unknown_command("league", cmd)
    if state.league is not None:
        raise Conflict("the league exists", code="league_exists")
    if cmd.ends < cmd.starts:
        raise Invalid("the season ends after it starts", {"starts": cmd.starts,
                      "ends": cmd.ends}, code="invalid_league")
    bad = [k for k in cmd.points if not k.isdigit() or int(k) < 1]
    if bad:
        raise Invalid("points are given by final rank (1, 2, ...)", {"ranks": bad},
                      code="invalid_league")
    return [LeagueCreated(league_id=cmd.league_id, organizer_id=cmd.organizer_id,
                          name=cmd.name, game=cmd.game, starts=cmd.starts, ends=cmd.ends,
                          points=dict(cmd.points), attendance=cmd.attendance,
                          best_of=cmd.best_of, invitations=cmd.invitations, at=cmd.now)]
