"""State of the decks aggregate and how each event folds into it (never mutating)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pyrsistent import PMap, pmap

from ..events import Event
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
    pools: PMap = field(default_factory=pmap)
    # player -> label -> registration record (see DeckRegistered)
    decks: PMap = field(default_factory=pmap)
    active: PMap = field(default_factory=pmap)                  # player -> label
    # player -> personal deadline (or None) while the organizer has reopened the deck
    reopened: PMap = field(default_factory=pmap)
    # player -> personal deadline granted by the organizer (later than the phase's)
    extensions: PMap = field(default_factory=pmap)
    published: bool = False
    checks: tuple[dict[str, Any], ...] = ()

    @property
    def deck_settings(self) -> DeckSettings:
        return DeckSettings.model_validate(self.settings)

    def registration(self, player: str, label: str | None = None) -> dict[str, Any] | None:
        decks = self.decks.get(player, {})
        return decks.get(label or self.active.get(player, "main"))


def initial() -> DecksState:
    return DecksState()


def evolve(state: DecksState, event: Event) -> DecksState:
    d = event.data
    if event.type == "DeckbuildingOpened":
        return replace(state, opened=True, game=d["game"], format=d["format"],
                       settings=d["settings"], deadline=d["deadline"],
                       multi_deck=d["multi_deck"])
    if event.type == "DeckDeadlineExtended":
        return replace(state, deadline=d["deadline"])
    if event.type == "PlayerDeadlineExtended":
        return replace(state, extensions=state.extensions.set(d["player"], d["deadline"]))
    if event.type == "PoolRecorded":
        pool = {"cards": d["cards"], "product": d.get("product"),
                "recorded_at": d["recorded_at"], "by": d["by"]}
        return replace(state, pools=state.pools.set(d["player"], pool))
    if event.type == "DeckRegistered":
        player, label = d["player"], d["label"]
        mine = {**state.decks.get(player, {}), label: d}
        active = state.active if player in state.active and state.multi_deck \
            else state.active.set(player, label)
        return replace(state, decks=state.decks.set(player, mine), active=active,
                       reopened=state.reopened.discard(player))
    if event.type == "DeckReopened":
        return replace(state, reopened=state.reopened.set(d["player"], d.get("until")))
    if event.type == "ActiveDeckSwitched":
        return replace(state, active=state.active.set(d["player"], d["label"]))
    if event.type == "DecklistsPublished":
        return replace(state, published=True)
    if event.type == "DeckCheckRecorded":
        return replace(state, checks=state.checks + (d,))
    return state
