"""State of the decks aggregate and how each event folds into it (never mutating)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pyrsistent import PMap, pmap

from ..events import Event
from ..profiles.deck import DeckSettings
from . import events as ev


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


def evolve(state: DecksState, event: Event) -> DecksState:
    match event:
        case ev.DeckbuildingOpened():
            return replace(state, opened=True, game=event.game, format=event.format,
                           settings=event.settings, deadline=event.deadline,
                           multi_deck=event.multi_deck)
        case ev.DeckDeadlineExtended(deadline=deadline):
            return replace(state, deadline=deadline)
        case ev.PlayerDeadlineExtended(player=player, deadline=deadline):
            return replace(state, extensions=state.extensions.set(player, deadline))
        case ev.PoolRecorded():
            pool = {"cards": event.cards, "product": event.product,
                    "recorded_at": event.recorded_at, "by": event.by}
            return replace(state, pools=state.pools.set(event.player, pool))
        case ev.DeckRegistered(player=player, label=label):
            mine = {**state.decks.get(player, {}), label: event.data}   # the registration
            active = state.active if player in state.active and state.multi_deck \
                else state.active.set(player, label)
            return replace(state, decks=state.decks.set(player, mine), active=active,
                           reopened=state.reopened.discard(player))
        case ev.DeckReopened(player=player, until=until):
            return replace(state, reopened=state.reopened.set(player, until))
        case ev.ActiveDeckSwitched(player=player, label=label):
            return replace(state, active=state.active.set(player, label))
        case ev.DecklistsPublished():
            return replace(state, published=True)
        case ev.DeckCheckRecorded():
            return replace(state, checks=state.checks + (event.data,))
    return state
