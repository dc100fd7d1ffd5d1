"""A store's league season: its weekly events between two days give each player points
by the store's table (points by final rank, plus attendance), the season's standings
(the best ``best_of`` events when set) and the season's final invitation list (the top
``invitations``). Players are known by their membership number, else by name.

Events: ``LeagueCreated`` {league_id, organizer_id, name, game, starts, ends, points,
attendance, best_of, invitations, at}."""
from .aggregate import LEAGUE as LEAGUE  # noqa: F401
from .commands import CreateLeague as CreateLeague
from .decide import decide as decide
from .evolve import evolve as evolve
from .standings import player_key as player_key
from .standings import standings as standings
from .state import LeagueState as LeagueState
