"""The evolve function of the decks aggregate (stream ``decks-<tid>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from . import events as ev
from .state import DecksState


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
