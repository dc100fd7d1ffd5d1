"""``GET .../players/{pid}/pool``: a player's cards in any limited format, as its format
object reads them (:mod:`.formats`): a draft's starters and picks (or a late arrival's
sealed product, 7.2.6), the sealed pool (7.3, after a swap the product received,
7.3.2), what a restricted trade left (7.4.3). The player or staff may read it; hidden
picks stay hidden from the player as the profile says (``own_picks``)."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, is_staff, require_player
from . import formats, tournament
from .card_facts import lists_cards
from .reads import Reads


@lists_cards
def pool(reads: Reads, actor: Principal, tid: str, player_id: str) -> dict[str, Any]:
    t = tournament.load(reads, tid)
    require_player(actor, t, player_id)
    return formats.format_of(t).pool_document(reads, t, player_id, is_staff(actor, t))
