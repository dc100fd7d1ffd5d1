"""Opening one pod of a restricted trade (V:EKN 7.4.2): its ``StartTradePod`` derived
from the set-up alone (the pods and first seats it formed, each player's trade deck as
set up, when they were formed). Forming the pods commits only ``TradePodsFormed``; each
pod opens afterwards in a commit of its own (the ``open-trade-pods`` reaction)."""
from __future__ import annotations

from ..errors import Conflict
from ..table_draft import clock
from .commands import StartTradePod, TradeDeck
from .prep.state import TradePrepState


def open_trade_pod(prep: TradePrepState, n: int) -> StartTradePod:
    """The ``StartTradePod`` of pod ``n`` (1-based); trading starts when it was formed."""
    if not prep.formed or not 1 <= n <= len(prep.pods):
        raise Conflict(f"the trade has no pod {n} to open", {"pod": n, "pods": len(prep.pods)})
    members = prep.pods[n - 1]
    return StartTradePod(pod=n, players=list(members), first_seat=prep.first_seats[n - 1],
                         decks={p: TradeDeck(**prep.decks[p]) for p in members},
                         now=clock.as_datetime(prep.formed_at or 0))
