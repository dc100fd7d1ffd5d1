"""Folding mixed draft events (its own and the embedded table draft's) into state."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from ..tabledraft import TABLE_DRAFT, clock
from .state import MixedDraftState


def evolve(state: MixedDraftState, event: Event) -> MixedDraftState:
    d = event.data
    if event.type.startswith("Table"):
        state = replace(state, crypt=TABLE_DRAFT.evolve(state.crypt, event))
        if event.type == "TableDraftCompleted":
            state = replace(state, status="library")
        return state
    if event.type == "MixedDraftStarted":
        players = tuple(d["players"])
        return replace(state, status="crypt", pod=d["pod"], players=players,
                       piles=tuple(tuple(tuple(p) for p in seat) for seat in d["piles"]),
                       pile_size=d["pile_size"], pick_seconds=d["library_pick_seconds"],
                       queues=tuple(() for _ in players),
                       deadlines=tuple(None for _ in players),
                       library={p: () for p in players},
                       own_picks=d.get("own_picks", "always"))
    if event.type == "MixedLibraryRoundStarted":
        by_player = {p["player"]: (p["id"], tuple(p["cards"])) for p in d["packs"]}
        return replace(
            state, round=d["round"], direction=1 if d["direction"] == "left" else -1,
            queues=tuple(((by_player[p],) if p in by_player else ()) for p in state.players),
            deadlines=tuple(d["deadline"] if p in by_player else None for p in state.players),
            round_start={p: len(state.library.get(p, ())) for p in state.players})
    if event.type == "MixedLibraryCardPicked":
        return _picked(state, d)
    if event.type == "MixedDraftCompleted":
        return replace(state, status="completed", queues=tuple(() for _ in state.players),
                       deadlines=tuple(None for _ in state.players))
    return state


def _picked(state: MixedDraftState, d: dict) -> MixedDraftState:
    seat = state.players.index(d["player"])
    pack_id, cards = state.queues[seat][0]
    rest = list(cards)
    rest.remove(d["card"])
    queues = list(state.queues)
    deadlines = list(state.deadlines)
    queues[seat] = queues[seat][1:]
    deadlines[seat] = clock.deadline(d["at"], state.pick_seconds) if queues[seat] else None
    if rest:
        nxt = state.players.index(d["passed_to"])
        if not queues[nxt]:
            deadlines[nxt] = clock.deadline(d["at"], state.pick_seconds)
        queues[nxt] = queues[nxt] + ((pack_id, tuple(rest)),)
    library = {**state.library, d["player"]: state.library.get(d["player"], ()) + (d["card"],)}
    return replace(state, queues=tuple(queues), deadlines=tuple(deadlines), library=library)
