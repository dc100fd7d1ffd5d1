"""A player's final mixed-draft pool: drafted crypt plus drafted library cards, or a
late arrival's sealed product (7.2.6). ``None`` while the player's pod is drafting."""
from __future__ import annotations

from ..table_draft.roster.decide import sealed_cards
from ..table_draft.roster.state import RosterState
from .state import MixedDraftState


def final_pool(roster: RosterState, pod: MixedDraftState | None, player: str) -> list[str] | None:
    if player in roster.late:
        return sealed_cards(roster.late[player])
    if pod is None or pod.status != "completed" or player not in pod.players:
        return None
    return list(pod.crypt.pools.get(player, ())) + list(pod.library.get(player, ()))
