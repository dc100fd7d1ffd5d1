"""Tournament lifecycle and registration (stream ``tournament-<id>``)."""
from .commands import (AddJudge, ChangeSettings, CreateTournament, DropPlayer,  # noqa: F401
                       FinishTournament, RegisterPlayer, RemovePlayer, StartTournament)
from .decider import TOURNAMENT, decide, evolve  # noqa: F401
from .state import Player, TournamentState  # noqa: F401
