"""State of the decks aggregate and how each event folds into it (never mutating)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

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
    # player -> {"cards", "product", "recorded_at", "by"}
    pools: dict[str, dict[str, Any]] = field(default_factory=dict)
    # player -> label -> registration record (see DeckRegistered)
    decks: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    active: dict[str, str] = field(default_factory=dict)
    # player -> personal deadline (or None) while the organizer has reopened the deck
    reopened: dict[str, str | None] = field(default_factory=dict)
    # player -> personal deadline granted by the organizer (later than the phase's)
    extensions: dict[str, str] = field(default_factory=dict)
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
        return replace(state, extensions={**state.extensions, d["player"]: d["deadline"]})
    if event.type == "PoolRecorded":
        pool = {"cards": d["cards"], "product": d.get("product"),
                "recorded_at": d["recorded_at"], "by": d["by"]}
        return replace(state, pools={**state.pools, d["player"]: pool})
    if event.type == "DeckRegistered":
        player, label = d["player"], d["label"]
        mine = {**state.decks.get(player, {}), label: d}
        active = state.active if player in state.active and state.multi_deck \
            else {**state.active, player: label}
        reopened = {k: v for k, v in state.reopened.items() if k != player}
        return replace(state, decks={**state.decks, player: mine}, active=active,
                       reopened=reopened)
    if event.type == "DeckReopened":
        return replace(state, reopened={**state.reopened, d["player"]: d.get("until")})
    if event.type == "ActiveDeckSwitched":
        return replace(state, active={**state.active, d["player"]: d["label"]})
    if event.type == "DecklistsPublished":
        return replace(state, published=True)
    if event.type == "DeckCheckRecorded":
        return replace(state, checks=state.checks + (d,))
    return state
