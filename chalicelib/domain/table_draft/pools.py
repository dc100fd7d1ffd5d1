"""A player's final table-draft pool: sealed starters plus picks, or a late arrival's
sealed product (7.2.6). ``None`` while the player's pod is still drafting."""
from __future__ import annotations

from .roster.decide import sealed_cards
from .roster.state import RosterState
from .state import TableDraftState


def final_pool(roster: RosterState, pod: TableDraftState | None, player: str) -> list[str] | None:
    if player in roster.late:
        return sealed_cards(roster.late[player])
    if pod is None or pod.status != "completed" or player not in pod.players:
        return None
    starters = [c for s in roster.starters_of(player, pod) for c in s["cards"]]
    return starters + list(pod.pools.get(player, ()))
