"""The state of the decks aggregate (stream ``decks-<tid>``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyrsistent import PMap, pmap

from ..profiles.deck import DeckSettings


@dataclass(frozen=True)
class DecksState:
    opened: bool = False
    game: str = ""
    format: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    deadline: str | None = None
    multi_deck: bool = False
    # Persistent maps: recording player 10,000's pool costs what player 10's does.
    # player -> {"cards", "product", "recorded_at", "by"}
    pools: PMap[Any, Any] = field(default_factory=pmap)
    # player -> label -> registration record (see DeckRegistered)
    decks: PMap[Any, Any] = field(default_factory=pmap)
    active: PMap[Any, Any] = field(default_factory=pmap)                  # player -> label
    # player -> personal deadline (or None) while the organizer has reopened the deck
    reopened: PMap[Any, Any] = field(default_factory=pmap)
    # player -> personal deadline granted by the organizer (later than the phase's)
    extensions: PMap[Any, Any] = field(default_factory=pmap)
    published: bool = False
    checks: tuple[dict[str, Any], ...] = ()

    @property
    def deck_settings(self) -> DeckSettings:
        return DeckSettings.model_validate(self.settings)

    def registration(self, player: str, label: str | None = None) -> dict[str, Any] | None:
        decks: dict[str, dict[str, Any]] = self.decks.get(player, {})
        return decks.get(label or self.active.get(player, "main"))


def initial() -> DecksState:
    return DecksState()
