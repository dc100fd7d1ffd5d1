"""Tournament lifecycle and registration (stream ``tournament-<id>``)."""
from .aggregate import TOURNAMENT as TOURNAMENT  # noqa: F401
from .commands import (  # noqa: F401
                       AddJudge,
                       ChangeSettings,
                       CreateTournament,
                       DropPlayer,
                       FinishTournament,
                       RegisterPlayer,
                       ReinstatePlayer,
                       RemovePlayer,
                       ReplacePlayerToken,
                       StartTournament,
)
from .decide import decide  # noqa: F401
from .evolve import evolve  # noqa: F401
from .state import Player, TournamentState  # noqa: F401
