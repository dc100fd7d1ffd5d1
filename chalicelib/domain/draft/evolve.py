"""Folding pod events into :class:`PodState` without mutating the input state.

Events (all times integer epoch ms):

- ``PodOpened``: tournament, pod, seed, seats (player ids, seat order clockwise),
  packs (``packs[round][seat]`` = card ids), pack_meta, timer, own_picks, specials, at.
- ``RoundOpened``: round, at. Every seat opens its own pack of that round.
- ``CardPicked``: seat, round, pick, origin, card, at, auto, preselected, note; ``by`` (the
  judge) when staff took an absent player's pick.
- ``CardPreselected``: seat, card (None clears), at.
- ``CardTurnedFaceDown``: seat, card, at (MTG 905.2c).
- ``PackReplaced``: round, seat (origin), cards, reason, by, at, drawn (V:EKN 7.2.5).
- ``DraftFinished``: at.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..events import Event
from . import events as ev
from .passing import pass_on
from .state import Pick, PodState


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


def _opened(state: PodState, d: ev.PodOpened) -> PodState:
    seats = tuple(d.seats)
    n = len(seats)
    return PodState(
        opened=True, tournament=d.tournament, pod=d.pod, seed=d.seed, seats=seats,
        seat_of={p: i for i, p in enumerate(seats)},
        packs_by_round=tuple(tuple(tuple(pack) for pack in rnd) for rnd in d.packs),
        pack_meta=tuple(tuple(m) for m in d.pack_meta), timer=dict(d.timer),
        own_picks=d.own_picks, specials=dict(d.specials), opened_at=d.at,
        starters=dict(d.starters or {}),
        queues=((),) * n, since=(None,) * n, preselected=(None,) * n, picks=((),) * n)


def _round_opened(state: PodState, d: ev.RoundOpened) -> PodState:
    r = d.round
    packs = {seat: pack for seat, pack in enumerate(state.packs_by_round[r - 1])}
    n = state.size
    return replace(state, round=r, packs=packs, cards_left=sum(len(p) for p in packs.values()),
                   queues=tuple((seat,) for seat in range(n)), since=(d.at,) * n,
                   preselected=(None,) * n, review_until=None)


def _picked(state: PodState, d: ev.CardPicked) -> PodState:
    seat, origin, card, at = d.seat, d.origin, d.card, d.at
    pack = list(state.packs[origin])
    pack.remove(card)
    remaining = tuple(pack)
    packs = dict(state.packs)
    packs[origin] = remaining
    queues, since = pass_on(state.queues, state.since, seat,
                            (seat + state.direction()) % state.size,
                            origin if remaining else None, at)
    pick = Pick(round=d.round, number=d.pick, card=card, origin=origin, at=at, auto=d.auto,
                preselected=d.preselected, note=d.note)
    face_up, revealed = state.face_up, state.revealed
    special = state.specials.get(card, {})
    entry = {"seat": seat + 1, "player": state.seats[seat], "card": card,
             "round": d.round, "pick": d.pick}
    if special.get("action") == "face-up":
        face_up = face_up + (entry,)
    elif special.get("action") == "reveal":
        revealed = revealed + ({**entry, "prompt": special.get("prompt"),
                                "note": d.note},)
    cards_left = state.cards_left - 1
    review_until = state.review_until
    if cards_left == 0 and state.round < state.rounds:
        review = int(state.timer.get("review_seconds") or 0)
        review_until = at + review * 1000 if review > 0 else None
    return replace(state, packs=packs, queues=queues, since=since,
                   preselected=_set(state.preselected, seat, None),
                   picks=_set(state.picks, seat, state.picks[seat] + (pick,)),
                   face_up=face_up, revealed=revealed, cards_left=cards_left,
                   review_until=review_until, pick_count=state.pick_count + 1)


def _preselected(state: PodState, d: ev.CardPreselected) -> PodState:
    return replace(state, preselected=_set(state.preselected, d.seat, d.card))


def _turned_down(state: PodState, d: ev.CardTurnedFaceDown) -> PodState:
    seat1, card = d.seat + 1, d.card
    kept, dropped = [], False
    for entry in state.face_up:
        if not dropped and entry["seat"] == seat1 and entry["card"] == card:
            dropped = True
            continue
        kept.append(entry)
    return replace(state, face_up=tuple(kept))


def _replaced(state: PodState, d: ev.PackReplaced) -> PodState:
    r, seat, cards = d.round, d.seat, tuple(d.cards)
    rounds = list(state.packs_by_round)
    rounds[r - 1] = _set(rounds[r - 1], seat, cards)
    changes: dict[str, Any] = {"packs_by_round": tuple(rounds),
               "replacements": state.replacements + ({"round": r, "seat": seat + 1,
                                                      "reason": d.reason, "by": d.by,
                                                      "at": d.at,
                                                      "count": len(cards)},)}
    if r == state.round:
        packs = dict(state.packs)
        changes["cards_left"] = state.cards_left - len(packs[seat]) + len(cards)
        packs[seat] = cards
        changes["packs"] = packs
    return replace(state, **changes)


def _finished(state: PodState, d: ev.DraftFinished) -> PodState:
    return replace(state, finished=True, finished_at=d.at, review_until=None,
                   face_up=())  # 905.2c: face-up cards turn down when the draft is complete


HANDLERS: dict[type, Callable[[PodState, Any], PodState]] = {
    ev.PodOpened: _opened,
    ev.RoundOpened: _round_opened,
    ev.CardPicked: _picked,
    ev.CardPreselected: _preselected,
    ev.CardTurnedFaceDown: _turned_down,
    ev.PackReplaced: _replaced,
    ev.DraftFinished: _finished,
}


def evolve(state: PodState, event: Event) -> PodState:
    handler = HANDLERS.get(type(event))
    return state if handler is None else handler(state, event)
