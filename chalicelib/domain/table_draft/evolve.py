"""Folding table draft events into state (never mutating the given state).

Events: ``TableDraftStarted`` {pod, players, first_seat, packs[k][seat], pack_meta?
[seat][k], pick_seconds, review_seconds, at, starters?}; ``TableSetRevealed`` {pack, set, active,
table, pick_order, review_until, deadline}; ``TableCardPicked`` {pick, pack, set, player,
card, order, auto, at, deadline, by?}; ``TablePackReplaced`` {pack, seat, player, cards,
count, reason, by, at} (7.2.5, followed by a ``TableSetRevealed`` of the same set when
that pack's first set was on the table); ``TableDraftCompleted`` {pools, at}."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from . import events as ev
from .replacement import replaced
from .state import TableDraftState


def evolve(state: TableDraftState, event: Event) -> TableDraftState:
    d = event
    if isinstance(d, ev.TableDraftStarted):
        players = tuple(d.players)
        return replace(
            state, status="drafting", pod=d.pod, players=players,
            packs=tuple(tuple(tuple(p) for p in rnd) for rnd in d.packs),
            pick_seconds=d.pick_seconds, review_seconds=d.review_seconds,
            active=players.index(d.first_seat), pools={p: () for p in players},
            pack_meta=tuple(tuple(seat) for seat in d.pack_meta),
            starters=dict(d.starters or {}))
    if isinstance(d, ev.TableSetRevealed):
        seats = {p: i for i, p in enumerate(state.players)}
        pack_no = d.pack - 1
        laid = [0] * len(state.players)
        for card in d.table:
            laid[seats[card["player"]]] += 1
        packs = list(state.packs)
        packs[pack_no] = tuple(pack[laid[s]:] for s, pack in enumerate(packs[pack_no]))
        return replace(
            state, packs=tuple(packs), pack_no=pack_no, set_no=d.set,
            active=seats[d.active],
            table=tuple({"order": c["order"], "card": c["card"], "seat": seats[c["player"]]}
                        for c in d.table),
            order=tuple(seats[p] for p in d.pick_order), turn=0, latest={},
            review_until=d.review_until, deadline=d.deadline)
    if isinstance(d, ev.TableCardPicked):
        player = d.player
        pools = dict(state.pools)
        pools[player] = pools.get(player, ()) + (d.card,)
        return replace(
            state, table=tuple(c for c in state.table if c["order"] != d.order),
            pools=pools, latest={**state.latest, player: d.card},
            turn=state.turn + 1, picks=state.picks + 1, deadline=d.deadline,
            drafted_pack=max(state.drafted_pack, d.pack))
    if isinstance(d, ev.TablePackReplaced):
        return replaced(state, d)
    if isinstance(d, ev.TableDraftCompleted):
        return replace(state, status="completed", table=(), order=(), turn=0,
                       deadline=None, review_until=None)
    return state
