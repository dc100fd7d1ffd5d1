"""Folded state of a mixed draft pod: the crypt table draft, then the library piles."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..draft.passing import round_done
from ..table_draft.state import TableDraftState


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
    # The product as opened, product[seat][k] (empty for pods started before it was
    # recorded), what each item should be, and each seat's crypt pile as split.
    product: tuple[tuple[tuple[str, ...], ...], ...] = ()
    product_meta: tuple[tuple[dict[str, Any], ...], ...] = ()
    crypt_piles: tuple[tuple[str, ...], ...] = ()
    replacements: tuple[dict[str, Any], ...] = ()    # 7.2.5, without the cards

    @property
    def product_open(self) -> bool:
        """Whether the opened product is being drafted: from the crypt draft's first card
        on, a pack or starter can no longer be replaced (7.2.5, 7.8)."""
        return self.status != "crypt" or self.crypt.opened(0)

    def round_done(self, seat: int) -> bool:
        """Whether ``seat`` has made every pick of the current library round: no pile in
        front of it and none still holding cards will reach it."""
        waiting = [[len(cards) for _, cards in queue] for queue in self.queues]
        return round_done(waiting, seat, self.direction)

    def library_visible(self, player: str) -> bool:
        """Whether ``player`` may look at their library picks now, as in the booster draft
        (:func:`..draft.views.can_see_own_picks`). 7.5.1, "between-packs": drafted cards
        are reviewed between the drafting of packs, so once the player has made all their
        picks of the current pile round (waiting for the next piles) and after the draft,
        not while picking from a pile; "after-draft": at the end. The crypt picks of the
        table phase are always shown: they were taken from the face-up table (7.7)."""
        if self.status == "completed" or self.own_picks == "always":
            return True
        if self.own_picks != "between-packs" or self.status != "library":
            return False
        seat = self.seat_of(player)
        return seat is not None and self.round_done(seat)

    def reviewable(self, player: str) -> tuple[str, ...]:
        """The library picks ``player`` may look at now: all of them or none."""
        return self.library.get(player, ()) if self.library_visible(player) else ()

    def seat_of(self, player: str) -> int | None:
        return self.players.index(player) if player in self.players else None

    def front(self, seat: int) -> tuple[str, tuple[str, ...]] | None:
        return self.queues[seat][0] if self.queues and self.queues[seat] else None
