"""The state of one booster-draft pod (stream ``pod-<tid>-<n>``).

Seats are 0-based here (seat 1 of the rules is index 0) and numbered clockwise; a pack
passed left (odd rounds) goes from seat ``i`` to ``i + 1``, right (even rounds) to
``i - 1``. A pack is named by the seat that opened it (its origin) within the current
round. Each seat has a queue of packs waiting in front of it (the first one is the pack
it is picking from; the others arrived while it was slower).

Evolving a pick copies only per-seat tuples and the current round's pack map, so the
cost of an event is O(pod size + pack size), independent of how far the draft is.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .passing import direction

# Times are integer epoch milliseconds.


@dataclass(frozen=True)
class Pick:
    round: int          # 1-based pack round
    number: int         # 1-based pick number within the round
    card: str
    origin: int         # seat (0-based) that opened the pack
    at: int
    auto: bool = False  # made by the server on timer expiry (V:EKN 7.5.3)
    preselected: bool = False
    note: str | None = None  # MTG 905.2b information noted for a "reveal" card

    def as_json(self) -> dict[str, Any]:
        return {"round": self.round, "pick": self.number, "card": self.card,
                "origin_seat": self.origin + 1, "at": self.at, "auto": self.auto,
                "preselected": self.preselected, "note": self.note}


@dataclass(frozen=True)
class PodState:
    opened: bool = False
    tournament: str = ""
    pod: int = 0
    seed: str = ""
    seats: tuple[str, ...] = ()
    seat_of: dict[str, int] = field(default_factory=dict)
    # packs_by_round[r][origin] = the cards of that pack as opened (after replacements)
    packs_by_round: tuple[tuple[tuple[str, ...], ...], ...] = ()
    pack_meta: tuple[tuple[dict[str, Any], ...], ...] = ()  # set/booster/size per pack
    timer: dict[str, Any] = field(default_factory=dict)  # pick_seconds(_by_cards_left), review
    own_picks: str = "always"
    specials: dict[str, dict[str, Any]] = field(default_factory=dict)  # card -> draft action
    opened_at: int = 0
    round: int = 0                               # current round, 1-based; 0 = not started
    packs: dict[int, tuple[str, ...]] = field(default_factory=dict)  # origin -> remaining
    cards_left: int = 0                          # in the current round
    queues: tuple[tuple[int, ...], ...] = ()     # per seat: origins waiting, front first
    since: tuple[int | None, ...] = ()           # per seat: when its front pack arrived
    preselected: tuple[str | None, ...] = ()
    picks: tuple[tuple[Pick, ...], ...] = ()
    face_up: tuple[dict[str, Any], ...] = ()     # MTG 905.2c, visible to the pod
    revealed: tuple[dict[str, Any], ...] = ()    # MTG 905.2b, visible to the pod
    replacements: tuple[dict[str, Any], ...] = ()  # V:EKN 7.2.5
    review_until: int | None = None              # break between rounds
    finished: bool = False
    finished_at: int | None = None
    pick_count: int = 0
    # the starters the players keep (V:EKN 7.5.2), when the pod's opening recorded them
    # (else the draft's start did): {player: [starter]}
    starters: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    @property
    def rounds(self) -> int:
        return len(self.packs_by_round)

    @property
    def size(self) -> int:
        return len(self.seats)

    def in_break(self) -> bool:
        return self.opened and not self.finished and self.cards_left == 0

    def direction(self, round_no: int | None = None) -> int:
        """+1 = left/clockwise (odd rounds), -1 = right (even rounds)."""
        return direction(round_no or self.round)

    def front(self, seat: int) -> int | None:
        queue = self.queues[seat] if self.queues else ()
        return queue[0] if queue else None

    def current_pack(self, seat: int) -> tuple[str, ...] | None:
        origin = self.front(seat)
        return None if origin is None else self.packs[origin]

    def picks_in_round(self, seat: int) -> int:
        return sum(1 for p in self.picks[seat] if p.round == self.round)

    def seconds_for(self, cards_left: int) -> int:
        table = self.timer.get("pick_seconds_by_cards_left")
        if table:
            for threshold, seconds in sorted(table, reverse=True):
                if cards_left >= threshold:
                    return int(seconds)
            return int(min(s for _, s in table))
        return int(self.timer.get("pick_seconds") or 0)

    def deadline(self, seat: int) -> int | None:
        """When the seat's current pick times out (None: no pack or untimed)."""
        pack, since = self.current_pack(seat), self.since[seat]
        if pack is None or since is None:
            return None
        seconds = self.seconds_for(len(pack))
        return None if seconds <= 0 else since + seconds * 1000

    def pool(self, seat: int) -> list[str]:
        return [p.card for p in self.picks[seat]]
