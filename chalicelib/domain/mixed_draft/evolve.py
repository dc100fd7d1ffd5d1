"""Folding mixed draft events (its own and the embedded table draft's) into state.

Events: ``MixedDraftStarted`` {pod, players, first_seat, crypt[seat], piles[seat][round],
pile_size, library_pick_seconds, own_picks, product?[seat][item], product_meta?, at};
the crypt phase's ``Table*`` events (:mod:`..table_draft`); ``MixedProductReplaced``
{seat, player, item, cards, count, crypt, piles, reason, by, at} (7.2.5);
``MixedLibraryRoundStarted`` {round, direction, packs, at, deadline};
``MixedLibraryCardPicked`` {round, player, pack, card, auto, at, passed_to, by?};
``MixedDraftCompleted`` {pools, at}."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..draft.passing import pass_on
from ..events import Event
from ..table_draft import TABLE_DRAFT, clock
from ..table_draft.events import TABLE_EVENTS, TableDraftCompleted
from . import events as ev
from .state import MixedDraftState


def evolve(state: MixedDraftState, event: Event) -> MixedDraftState:
    d = event
    if isinstance(d, TABLE_EVENTS):         # the crypt table
        state = replace(state, crypt=TABLE_DRAFT.evolve(state.crypt, event))
        if isinstance(d, TableDraftCompleted):
            state = replace(state, status="library")
        return state
    if isinstance(d, ev.MixedDraftStarted):
        players = tuple(d.players)
        return replace(state, status="crypt", pod=d.pod, players=players,
                       piles=tuple(tuple(tuple(p) for p in seat) for seat in d.piles),
                       pile_size=d.pile_size, pick_seconds=d.library_pick_seconds,
                       queues=tuple(() for _ in players),
                       deadlines=tuple(None for _ in players),
                       library={p: () for p in players},
                       own_picks=d.own_picks,
                       product=tuple(tuple(tuple(i) for i in seat) for seat in d.product),
                       product_meta=tuple(tuple(seat) for seat in d.product_meta),
                       crypt_piles=tuple(tuple(c) for c in d.crypt))
    if isinstance(d, ev.MixedProductReplaced):
        return _replaced(state, d)
    if isinstance(d, ev.MixedLibraryRoundStarted):
        by_player = {p["player"]: (p["id"], tuple(p["cards"])) for p in d.packs}
        return replace(
            state, round=d.round, direction=1 if d.direction == "left" else -1,
            queues=tuple(((by_player[p],) if p in by_player else ()) for p in state.players),
            deadlines=tuple(d.deadline if p in by_player else None for p in state.players))
    if isinstance(d, ev.MixedLibraryCardPicked):
        return _picked(state, d)
    if isinstance(d, ev.MixedDraftCompleted):
        return replace(state, status="completed", queues=tuple(() for _ in state.players),
                       deadlines=tuple(None for _ in state.players))
    return state


def _picked(state: MixedDraftState, d: ev.MixedLibraryCardPicked) -> MixedDraftState:
    """The booster draft's passing queue (7.6): the pile, less the card, joins the end of
    the next player's queue; each player's timer runs while a pile waits for them."""
    seat = state.players.index(d.player)
    pack_id, cards = state.queues[seat][0]
    rest = list(cards)
    rest.remove(d.card)
    queues, deadlines = pass_on(state.queues, state.deadlines, seat,
                                state.players.index(d.passed_to),
                                (pack_id, tuple(rest)) if rest else None,
                                clock.deadline(d.at, state.pick_seconds))
    library = {**state.library, d.player: state.library.get(d.player, ()) + (d.card,)}
    return replace(state, queues=queues, deadlines=deadlines, library=library)


def _replaced(state: MixedDraftState, d: ev.MixedProductReplaced) -> MixedDraftState:
    """``MixedProductReplaced``: the item, the seat's crypt pile as split and its library
    piles as re-cut (the crypt table follows with ``TablePackReplaced``)."""
    seat, k = d.seat - 1, d.item - 1

    def put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
        return items[:index] + (value,) + items[index + 1:]

    product = put(state.product, seat, put(state.product[seat], k, tuple(d.cards)))
    entry = {"seat": d.seat, "item": d.item, "player": d.player,
             "count": d.count, "reason": d.reason, "by": d.by, "at": d.at}
    return replace(state, product=product,
                   crypt_piles=put(state.crypt_piles, seat, tuple(d.crypt)),
                   piles=put(state.piles, seat, tuple(tuple(p) for p in d.piles)),
                   replacements=state.replacements + (entry,))
