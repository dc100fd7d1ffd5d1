"""Restricted trade (Michigan), V:EKN 7.4: set-ups and pods in ``trade-<tid>``
(:data:`TRADE_PREP`), one trading pod per stream ``trade-<tid>-<n>`` (:data:`TRADE_POD`)."""
from __future__ import annotations

from .. import streams
from . import commands
from .aggregate import TRADE_PREP
from .commands import *  # noqa: F403 - the package's commands, listed in commands.__all__
from .prep.commands import FormTradePods as FormTradePods
from .prep.commands import SetTradeDeck as SetTradeDeck
from .prep.state import TradePrepState
from .state import TradePodState
from .view import view


def prep_stream_id(tournament_id: str) -> str:
    return streams.trade(tournament_id)


def pod_stream_id(tournament_id: str, pod: int) -> str:
    return streams.trade_pod(tournament_id, pod)


__all__ = [*commands.__all__, "FormTradePods", "SetTradeDeck", "TRADE_PREP", "TRADE_POD",
           "TradePrepState", "TradePodState",
           "view", "prep_stream_id", "pod_stream_id"]

from .aggregate import TRADE_POD as TRADE_POD  # noqa: E402, F401  (declared once, in aggregate.py)
