"""Commands of the decks aggregate (stream ``decks-<tid>``). Each carries the facts the
decider needs from elsewhere (settings, pools from product/draft/trade, the clock)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .decklist import Decklist


@dataclass(frozen=True)
class OpenDeckbuilding:
    """Open deck registration for the tournament's game and format."""

    game: str
    format: str
    settings: dict[str, Any]  # the tournament's resolved ``deck`` section
    now: str  # ISO 8601, aware
    by: str
    deadline: str | None = None  # default: now + settings.build_minutes
    player_count: int = 0


@dataclass(frozen=True)
class ExtendDeadline:
    """Staff move the deck registration deadline later."""

    deadline: str
    now: str
    by: str


@dataclass(frozen=True)
class ExtendPlayerDeadline:
    """A later deadline for one player (e.g. a late arrival without a deck yet)."""

    player: str
    deadline: str
    now: str
    by: str


@dataclass(frozen=True)
class RecordPool:
    """7.2.3: the cards a player received, recorded by the staff."""

    player: str
    cards: list[str]
    now: str
    by: str
    # What the player opened, for the V:EKN table: {"boosters": [{"count", "cards"}],
    # "starters": n}.
    product: dict[str, Any] | None = None


@dataclass(frozen=True)
class RegisterDeck:
    """Register (or replace) a player's deck, checked against their pool."""

    player: str
    deck: Decklist
    now: str
    by: str
    label: str = "main"
    # 7.2.3: the player's own list of every card received.
    received: list[str] | None = None
    # Authoritative pool from the product/draft/trade aggregates, when they know it.
    pool: list[str] | None = None
    product: dict[str, Any] | None = None
    # card id -> kind from the tournament's card sets (None: kinds unknown).
    kinds: dict[str, str] | None = None
    round_in_progress: bool = False
    # Whether staff submit the registration (then ``received`` may stand in for a pool
    # nobody recorded) and whether the first round has been paired (3.1.5: from then on
    # multi-deck changes happen between rounds, before it the deadline applies).
    by_staff: bool = False
    play_started: bool = False


@dataclass(frozen=True)
class ReopenDeck:
    """Staff let one player change a registered deck until a time."""

    player: str
    now: str
    by: str
    until: str | None = None  # a later personal deadline for this player


@dataclass(frozen=True)
class SwitchDeck:
    """3.1.5: under the multi-deck system, the deck used from the next round on."""

    player: str
    label: str
    now: str
    by: str
    round_in_progress: bool = False


@dataclass(frozen=True)
class PublishDecklists:
    """Make the registered decklists public (the audit log reveals them)."""

    now: str
    by: str


@dataclass(frozen=True)
class DeckCheck:
    """A judge compares the deck a player presents with the one registered."""

    player: str
    presented: Decklist
    now: str
    by: str
    label: str | None = None  # default: the player's active deck
    round: int | None = None
    note: str = ""
