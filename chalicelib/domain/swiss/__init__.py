"""Swiss rounds, byes, results, standings with tiebreak chains, and the top cut."""
from . import commands
from .aggregate import SWISS
from .commands import *  # noqa: F403 - the package's commands, listed in commands.__all__
from .state import SwissState

__all__ = [*commands.__all__, "SWISS", "SwissState"]
