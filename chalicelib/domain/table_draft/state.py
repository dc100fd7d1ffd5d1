"""Folded state of a table draft pod. Immutable: ``evolve`` builds new values."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TableDraftState:
    status: str = "new"                  # new | drafting | completed
    pod: int = 0
    players: tuple[str, ...] = ()
    # packs[k][seat]: the cards still face down in the k-th pack of that seat, top first.
    packs: tuple[tuple[tuple[str, ...], ...], ...] = ()
    pick_seconds: int | None = 60         # None: untimed
    review_seconds: int = 20
    pack_no: int = 0                     # 0-based pack being drafted
    set_no: int = 0                      # sets revealed so far (1-based once drafting)
    active: int = 0                      # seat index of the active player
    table: tuple[dict[str, Any], ...] = ()         # {"order", "card", "seat"} still on the table
    order: tuple[int, ...] = ()          # seats in pick order for the current set
    turn: int = 0                        # index into ``order``
    picks: int = 0                       # picks made in the whole draft
    pools: dict[str, tuple[str, ...]] = field(default_factory=dict)
    latest: dict[str, str] = field(default_factory=dict)   # most recent pick this set
    review_until: str | None = None
    deadline: str | None = None
    drafted_pack: int = 0                # 1-based pack of the latest pick (0: none yet)
    pack_meta: tuple[tuple[dict[str, Any], ...], ...] = ()   # [seat][k], {} when unknown
    replacements: tuple[dict[str, Any], ...] = ()  # 7.2.5, without the cards
    # the starters the players keep as sealed product (7.5.2), when the pod's opening
    # recorded them (else its roster did): {player: [{set, starter, cards}]}
    starters: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def opened(self, pack_no: int) -> bool:
        """Whether the 0-based pack ``pack_no`` has been drafted from (or passed over): a
        replacement is then too late (7.2.5). Until its first card is drafted, a pack
        whose first set is on the table may still be replaced and that set laid again."""
        return self.status == "completed" or pack_no < self.pack_no \
            or pack_no < self.drafted_pack

    @property
    def picker(self) -> str | None:
        if self.status != "drafting" or self.turn >= len(self.order):
            return None
        return self.players[self.order[self.turn]]

    def seat_of(self, player: str) -> int | None:
        return self.players.index(player) if player in self.players else None
