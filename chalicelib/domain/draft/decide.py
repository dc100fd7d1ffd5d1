"""Booster-draft pod decisions.

Every command carries ``now`` (epoch ms). Before handling it, :func:`advance` applies
everything the clock has made due, in time order: picks whose timer expired (the
pre-selected card if any, else a random card drawn from the seed, V:EKN 7.5.3) and the
end of a review break. So expiry happens whenever the pod is touched and by a
:class:`Sweep`, and a replay of the stream reproduces every auto-pick."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from ..decider import unknown_command
from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..events import Event
from ..product.cards import CardSet
from ..product.replacement import replacement_cards
from ..rng import derive
from . import events as ev
from .commands import MakePick, OpenPod, PickFor, Preselect, ReplacePack, Sweep, TurnFaceDown
from .evolve import evolve
from .state import PodState


def _require_open(state: PodState) -> None:
    if not state.opened:
        raise Conflict("the pod has not been opened", code="not_started")


def auto_pick(state: PodState, seat: int, at: int) -> ev.CardPicked:
    """The event for a timed-out pick of ``seat``, decided from the seed."""
    pack, origin = state.current_pack(seat), state.front(seat)
    assert pack is not None and origin is not None    # called with a pack waiting
    number = state.picks_in_round(seat) + 1
    pre = state.preselected[seat]
    labels = (state.tournament, state.pod, state.round, seat, number)
    if pre is not None and pre in pack:
        card, preselected = pre, True
    else:
        card, preselected = derive(state.seed, "autopick", *labels).choice(sorted(pack)), False
    note = None
    special = state.specials.get(card, {})
    if special.get("action") == "reveal" and special.get("choices"):
        note = derive(state.seed, "autonote", *labels).choice(special["choices"])
    return ev.CardPicked(seat=seat, round=state.round, pick=number, origin=origin,
                      card=card, at=at, auto=True, preselected=preselected, note=note)


def _after_pick(state: PodState, at: int) -> list[Event]:
    """Round change or end once every pack of the round is empty."""
    if state.cards_left != 0 or state.finished:
        return []
    if state.round >= state.rounds:
        return [ev.DraftFinished(at=at)]
    if state.review_until is None:
        return [ev.RoundOpened(round=state.round + 1, at=at)]
    return []


def advance(state: PodState, now: int) -> tuple[PodState, list[Event]]:
    """Apply every timed event due at ``now`` in chronological order."""
    events: list[Event] = []
    if not state.opened:
        return state, events
    while not state.finished:
        due: tuple[int, int] | None = None  # (time, seat); seat -1 = review end
        if state.review_until is not None and state.cards_left == 0:
            due = (state.review_until, -1)
        else:
            for seat in range(state.size):
                deadline = state.deadline(seat)
                if deadline is not None and (due is None or deadline < due[0]):
                    due = (deadline, seat)
        if due is None or due[0] > now:
            break
        at, seat = due
        if seat < 0:
            batch: list[Event] = [ev.RoundOpened(round=state.round + 1, at=at)]
        else:
            batch = [auto_pick(state, seat, at)]
        for event in batch:
            state = evolve(state, event)
        events.extend(batch)
        if seat >= 0:
            for event in _after_pick(state, at):
                state = evolve(state, event)
                events.append(event)
    return state, events


def _seat(state: PodState, player: str) -> int:
    seat = state.seat_of.get(player)
    if seat is None:
        raise Forbidden("you are not in this pod", {"pod": state.pod}, code="not_in_pod")
    return seat


def _kept(cmd: OpenPod) -> dict[str, list[dict[str, Any]]] | None:
    """The starters of the pod's players the opening records (None: nobody's)."""
    kept = {p: [dict(s) for s in items] for p, items in (cmd.starters or {}).items() if items}
    strangers = sorted(set(kept) - set(cmd.seats))
    if strangers:
        raise Invalid("starters for players not in the pod", {"players": strangers})
    return kept or None


def _open(cmd: OpenPod, state: PodState) -> list[Event]:
    if state.opened:
        raise Conflict("the pod is already open", {"pod": cmd.pod})
    n = len(cmd.seats)
    if n < 2 or len(set(cmd.seats)) != n:
        raise Invalid("a pod needs at least 2 distinct players", {"seats": cmd.seats})
    if not cmd.packs or any(len(rnd) != n for rnd in cmd.packs):
        raise Invalid("every seat needs one pack per round",
                      {"rounds": len(cmd.packs), "seats": n})
    return [ev.PodOpened(tournament=cmd.tournament, pod=cmd.pod, seed=cmd.seed,
                      seats=list(cmd.seats), packs=[[list(p) for p in rnd] for rnd in cmd.packs],
                      pack_meta=cmd.pack_meta or [[{}] * n for _ in cmd.packs],
                      timer=dict(cmd.timer or {}), own_picks=cmd.own_picks,
                      specials=dict(cmd.specials or {}), at=cmd.now,
                      starters=_kept(cmd)),
            ev.RoundOpened(round=1, at=cmd.now)]


def _in_play(state: PodState, player: str, now: int) -> tuple[int, PodState, list[Event]]:
    """The player's seat in a running draft, after every timer due at ``now``."""
    _require_open(state)
    seat = _seat(state, player)
    state, events = advance(state, now)
    if state.finished:
        raise Conflict("the draft is over", {"pod": state.pod}, code="draft_over")
    return seat, state, events


def _pick(cmd: MakePick, state: PodState) -> list[Event]:
    seat, state, events = _in_play(state, cmd.player, cmd.now)
    pack = state.current_pack(seat)
    if pack is None:
        raise Conflict("no pack is in front of you yet" if not state.in_break()
                       else "the next pack has not been opened yet",
                       {"round": state.round, "review_until": state.review_until},
                       code="not_your_turn")
    number = state.picks_in_round(seat) + 1
    if (cmd.round is not None and cmd.round != state.round) or \
            (cmd.pick is not None and cmd.pick != number):
        raise Conflict("this pick is not the current one", {"round": state.round,
                                                             "pick": number},
                       code="stale_pick")
    if cmd.card not in pack:
        raise Invalid("that card is not in your current pack", {"card": cmd.card})
    note = checked_note(state, cmd.card, cmd.note)
    origin = state.front(seat)
    assert origin is not None                     # its pack is waiting (above)
    event = ev.CardPicked(seat=seat, round=state.round, pick=number, origin=origin,
                          card=cmd.card, at=cmd.now, auto=False, preselected=False, note=note)
    state = evolve(state, event)
    return events + [event] + _after_pick(state, cmd.now)


def checked_note(state: PodState, card: str, note: str | None) -> str | None:
    """905.2b: a card revealed as drafted is picked with the information noted (one of
    its ``choices`` when it has them); no other card takes a note."""
    special = state.specials.get(card, {})
    if special.get("action") == "reveal":
        if not note:
            raise Invalid("this card is revealed as drafted: give the noted information",
                          {"card": card, "prompt": special.get("prompt"),
                           "choices": special.get("choices")}, code="note_required")
        if special.get("choices") and note not in special["choices"]:
            raise Invalid("that note is not one of the choices",
                          {"choices": special["choices"]})
    elif note is not None:
        raise Invalid("only cards revealed as drafted take a note", {"card": card})
    return note


def _preselect(cmd: Preselect, state: PodState) -> list[Event]:
    seat, state, events = _in_play(state, cmd.player, cmd.now)
    pack = state.current_pack(seat)
    if pack is None:
        raise Conflict("no pack is in front of you", {"round": state.round},
                       code="not_your_turn")
    if cmd.card is not None and cmd.card not in pack:
        raise Invalid("that card is not in your current pack", {"card": cmd.card})
    return events + [ev.CardPreselected(seat=seat, card=cmd.card, at=cmd.now)]


def _turn_down(cmd: TurnFaceDown, state: PodState) -> list[Event]:
    _require_open(state)
    seat = _seat(state, cmd.player)
    state, events = advance(state, cmd.now)
    if not any(e["seat"] == seat + 1 and e["card"] == cmd.card for e in state.face_up):
        raise Conflict("you have no such face-up card", {"card": cmd.card})
    return events + [ev.CardTurnedFaceDown(seat=seat, card=cmd.card, at=cmd.now)]


def _replace(cmd: ReplacePack, state: PodState) -> list[Event]:
    _require_open(state)
    if not 1 <= cmd.seat <= state.size or not 1 <= cmd.round <= state.rounds:
        raise Invalid("no such pack", {"seat": cmd.seat, "round": cmd.round},
                      code="no_such_pack")
    state, events = advance(state, cmd.now)
    seat = cmd.seat - 1
    if cmd.round < state.round or state.finished or (
            cmd.round == state.round
            and state.packs[seat] != state.packs_by_round[cmd.round - 1][seat]):
        raise Conflict("that pack has already been picked from",
                       {"seat": cmd.seat, "round": cmd.round}, code="pack_opened")
    drawn = cmd.cards is None
    cards = replacement_pack(state, cmd.round, cmd.seat, cmd.sets) if cmd.cards is None \
        else cmd.cards
    expected = state.pack_meta[cmd.round - 1][seat].get("size")
    if expected is not None and len(cards) != expected:
        raise Invalid("the replacement pack has the wrong number of cards",
                      {"expected": expected, "got": len(cards)}, code="invalid_replacement")
    if not cards:
        raise Invalid("the replacement pack is empty", code="invalid_replacement")
    return events + [ev.PackReplaced(round=cmd.round, seat=seat, cards=list(cards),
                                     reason=cmd.reason, by=cmd.by, at=cmd.now, drawn=drawn)]


def replacement_pack(state: PodState, round_no: int, seat_no: int,
                     sets: Mapping[str, CardSet]) -> list[str]:
    """V:EKN 7.2.5: a fresh pack of the booster the ``round_no`` pack of ``seat_no`` (both
    1-based) should be, collated from the pod's seed and keyed by the pod, the pack and
    the replacements before it (422 ``cards_required`` when that booster is unknown)."""
    return replacement_cards(state.pack_meta[round_no - 1][seat_no - 1], sets, state.seed,
                             state.pod, round_no, seat_no, len(state.replacements))


def _pick_for(cmd: PickFor, state: PodState) -> list[Event]:
    _require_open(state)
    if cmd.player not in state.seat_of:
        raise NotFound(f"{cmd.player!r} is not drafting in this pod",
                       {"players": list(state.seats)}, code="not_in_pod")
    seat, state, events = _in_play(state, cmd.player, cmd.now)
    if state.current_pack(seat) is None:
        raise Conflict("no pack is waiting for that player", {"round": state.round},
                       code="not_their_turn")
    picked = auto_pick(state, seat, cmd.now)
    # the player's own choice, entered by the judge, never one drawn at random
    note = checked_note(state, picked.card, cmd.note)
    event = dataclasses.replace(picked, note=note, by=cmd.by)
    state = evolve(state, event)
    return events + [event] + _after_pick(state, cmd.now)


def _sweep(cmd: Sweep, state: PodState) -> list[Event]:
    _require_open(state)
    return advance(state, cmd.now)[1]


HANDLERS: dict[type, Callable[[Any, PodState], list[Event]]] = {
            OpenPod: _open, MakePick: _pick, Preselect: _preselect,
            TurnFaceDown: _turn_down, ReplacePack: _replace, PickFor: _pick_for,
            Sweep: _sweep}


def decide(command: Any, state: PodState) -> list[Event]:
    handler = HANDLERS.get(type(command))
    if handler is None:
        unknown_command("pod", command)
    return handler(command, state)
