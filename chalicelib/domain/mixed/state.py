"""Folded state of a mixed draft pod: the crypt table draft, then the library piles."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..tabledraft.state import TableDraftState


@dataclass(frozen=True)
class MixedDraftState:
    status: str = "new"                 # new | crypt | library | completed
    pod: int = 0
    players: tuple[str, ...] = ()
    piles: tuple[tuple[tuple[str, ...], ...], ...] = ()   # piles[seat][round]
    pile_size: int = 0
    pick_seconds: int | None = 60       # library phase timer (None: untimed)
    crypt: TableDraftState = field(default_factory=TableDraftState)
    round: int = 0                      # library round, 1-based once started
    direction: int = 1                  # +1 = pass left, -1 = pass right
    # queues[seat]: piles waiting in front of that player, first is being picked from.
    queues: tuple[tuple[tuple[str, tuple[str, ...]], ...], ...] = ()
    deadlines: tuple[str | None, ...] = ()
    library: dict[str, tuple[str, ...]] = field(default_factory=dict)
    own_picks: str = "always"
    round_start: dict[str, int] = field(default_factory=dict)   # library picks before this round
    # The product as opened, product[seat][k] (empty for pods started before it was
    # recorded), what each item should be, and each seat's crypt pile as split.
    product: tuple[tuple[tuple[str, ...], ...], ...] = ()
    product_meta: tuple[tuple[dict, ...], ...] = ()
    crypt_piles: tuple[tuple[str, ...], ...] = ()
    replacements: tuple[dict, ...] = ()    # 7.2.5, without the cards

    @property
    def product_open(self) -> bool:
        """Whether the opened product is being drafted: from the crypt draft's first card
        on, a pack or starter can no longer be replaced (7.2.5, 7.8)."""
        return self.status != "crypt" or self.crypt.opened(0)

    def reviewable(self, player: str) -> tuple[str, ...]:
        """The library picks ``player`` may look at now (7.5.1: "between-packs" shows the
        piles already finished, "after-draft" nothing until the end)."""
        picks = self.library.get(player, ())
        if self.status == "completed" or self.own_picks == "always":
            return picks
        if self.own_picks == "after-draft":
            return ()
        return picks[:self.round_start.get(player, 0)]

    def seat_of(self, player: str) -> int | None:
        return self.players.index(player) if player in self.players else None

    def front(self, seat: int) -> tuple[str, tuple[str, ...]] | None:
        return self.queues[seat][0] if self.queues and self.queues[seat] else None
