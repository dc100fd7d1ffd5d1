"""Sealed product, V:EKN 7.3 / 7.3.2 / 7.2.4: one decider per tournament, stream
``sealed-<tid>``."""
from __future__ import annotations

from .. import streams
from . import commands
from .commands import *  # noqa: F403 - the package's commands, listed in commands.__all__
from .state import SealedState
from .view import view


def stream_id(tournament_id: str) -> str:
    return streams.sealed(tournament_id)


__all__ = [*commands.__all__, "SEALED", "SealedState", "view", "stream_id"]

from .aggregate import SEALED as SEALED  # noqa: E402, F401  (declared once, in aggregate.py)
