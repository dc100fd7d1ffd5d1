"""Mixed (Elder) draft decider, V:EKN 7.8: the crypt cards of all opened product are
table-drafted (7.7), then the library cards, cut into piles of the organizer's size,
are booster-drafted (7.6) with the passing direction alternating each round."""
from __future__ import annotations

from typing import Any

from ..decider import Handler, dispatch
from ..draft.passing import direction
from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..events import Event
from ..rng import derive
from ..table_draft import TABLE_DRAFT, ExpirePick, Pick, PickFor, StartTableDraft, clock
from ..table_draft.decide import due as crypt_due
from ..table_draft.decide import expire_next, take
from ..table_draft.events import TableCardPicked, TableDraftCompleted
from . import events as ev
from .commands import (
    ExpireLibraryPicks,
    LibraryPick,
    ReplaceProduct,
    StartMixedDraft,
    TakePickFor,
)
from .evolve import evolve
from .piles import cut, split
from .replacement import replace_product
from .state import MixedDraftState


def decide(command: Any, state: MixedDraftState) -> list[Event]:
    return dispatch("mixed draft", _HANDLERS, command, state)


def _start(cmd: StartMixedDraft, state: MixedDraftState) -> list[Event]:
    if state.status != "new":
        raise Conflict("this mixed draft has already started", code="already_started")
    crypts, piles = [], []
    for seat, player in enumerate(cmd.players):
        crypt, library = split(cmd.product[seat], cmd.kinds)
        crypts.append(crypt)
        piles.append(cut(library, cmd.pile_size, cmd.seed, cmd.pod, player))
    started = ev.MixedDraftStarted(
        pod=cmd.pod, players=list(cmd.players), first_seat=cmd.first_seat or cmd.players[0],
        crypt=crypts, piles=piles, pile_size=cmd.pile_size,
        library_pick_seconds=cmd.library_pick_seconds, own_picks=cmd.own_picks,
        product=[[list(i) for i in seat] for seat in cmd.product],
        product_meta=[[dict(m) for m in seat] for seat in cmd.product_meta or []],
        at=clock.iso(cmd.now))
    table = StartTableDraft(
        pod=cmd.pod, players=cmd.players, first_seat=cmd.first_seat,
        packs=[[crypt] for crypt in crypts], kinds={c: "crypt" for c in sum(crypts, [])},
        pick_seconds=cmd.pick_seconds, review_seconds=cmd.review_seconds, now=cmd.now)
    state = evolve(state, started)
    return [started, *_then_library(state, TABLE_DRAFT.decide(table, state.crypt), cmd.now)]


def _then_library(state: MixedDraftState, events: list[Event],
                  now: clock.Moment) -> list[Event]:
    """After the crypt table draft completes, the first library round opens."""
    if events and isinstance(events[-1], TableDraftCompleted):
        for event in events:
            state = evolve(state, event)
        events = [*events, next_round(state, clock.iso(now))]
    return events


def _pick_for(cmd: TakePickFor, state: MixedDraftState) -> list[Event]:
    """Staff take an absent player's turn as an expired timer would (7.7 or 7.5.3)."""
    if state.status == "new":
        raise Conflict("the mixed draft has not started", code="not_started")
    if state.seat_of(cmd.player) is None:
        raise NotFound(f"{cmd.player!r} is not drafting in this pod",
                       {"players": list(state.players)}, code="not_in_pod")
    state, late = advance(state, cmd.now, cmd.seed)
    if state.status == "crypt":
        return late + _then_library(state, TABLE_DRAFT.decide(
            PickFor(player=cmd.player, by=cmd.by, pick=cmd.pick, now=cmd.now), state.crypt),
            cmd.now)
    _library_phase(state)
    seat = state.seat_of(cmd.player)
    if seat is None:
        raise NotFound(f"{cmd.player!r} is not drafting in this pod", code="not_in_pod")
    front = state.front(seat)
    if front is None:
        raise Conflict(f"no pile is waiting for {cmd.player}", code="not_their_turn")
    if cmd.pack is not None and cmd.pack != front[0]:
        raise Conflict(f"pile {cmd.pack} is not in front of {cmd.player}; {front[0]} is",
                       {"pack": front[0]}, code="stale_pick")
    return late + _picked(state, seat, _auto_card(cmd.seed, state, seat), True,
                          clock.iso(cmd.now), by=cmd.by)


def _replace(cmd: ReplaceProduct, state: MixedDraftState) -> list[Event]:
    """7.2.5 after the expiries due (an expired first crypt pick makes it too late)."""
    if state.status != "new":
        state, late = advance(state, cmd.now, cmd.seed)
    else:
        late = []
    return late + _then_library(state, replace_product(cmd, state), cmd.now)


def next_expiry(state: MixedDraftState, now: clock.Moment, seed: str | None) -> list[Event]:
    """The earliest expiry due at ``now`` (ties: seat order), stamped at its deadline: in
    the crypt phase the oldest card on the table (7.7), in the library phase a random card
    of the late player's pile drawn from the seed (7.5.3). Without ``seed`` library
    expiries are left for later (a crypt pick needs only the crypt phase caught up)."""
    if state.status == "crypt":
        if not crypt_due(state.crypt, now):
            return []
        deadline = state.crypt.deadline
        assert deadline is not None               # crypt_due: a timed pick ran out
        return _then_library(state, expire_next(state.crypt), deadline)
    if state.status != "library" or seed is None:
        return []
    waiting = [(clock.as_datetime(d), seat, d)
               for seat, d in enumerate(state.deadlines)
               if d is not None and state.front(seat) is not None and clock.reached(now, d)]
    if not waiting:
        return []
    _, seat, deadline = min(waiting)
    return _picked(state, seat, _auto_card(seed, state, seat), True, deadline)


def advance(state: MixedDraftState, now: clock.Moment, seed: str | None
            ) -> tuple[MixedDraftState, list[Event]]:
    """Every expiry due at ``now`` in time order, each stamped at its own deadline (a new
    library round's timers run from the end of the last), before any command."""
    events: list[Event] = []
    while step := next_expiry(state, now, seed):
        for event in step:
            state = evolve(state, event)
        events.extend(step)
    return state, events


def _auto_card(seed: str, state: MixedDraftState, seat: int) -> str:
    """7.5.3: a random card from the pile the player is selecting from, from the seed."""
    player = state.players[seat]
    rng = derive(seed, "mixed-autopick", state.pod, state.round, player,
                 len(state.library.get(player, ())))
    front = state.front(seat)
    assert front is not None                      # a pile waits for the seat
    return rng.choice(front[1])


def _crypt(cmd: Any, state: MixedDraftState) -> list[Event]:
    if state.status == "new":
        raise Conflict("the mixed draft has not started", code="not_started")
    if state.status != "crypt":
        raise Conflict("the crypt draft is over; the library piles are being drafted",
                       code="crypt_phase_over")
    if isinstance(cmd, ExpirePick):
        _, events = advance(state, cmd.now, None)
        return events or TABLE_DRAFT.decide(cmd, state.crypt)   # 409 no_timer / running
    if cmd.player not in state.players:
        raise Forbidden(f"{cmd.player!r} is not drafting in this pod", code="not_in_pod")
    state, late = advance(state, cmd.now, None)
    missed = [e.data for e in late if isinstance(e, TableCardPicked) and e.player == cmd.player]
    if state.status != "crypt" and not missed:
        raise Conflict("the crypt draft is over; the library piles are being drafted",
                       code="crypt_phase_over")
    return late + _then_library(state, take(cmd, state.crypt, late), cmd.now)


def next_round(state: MixedDraftState, at: str) -> Event:
    """The next library round's piles (each seat's next pile as cut at the start or at a
    replacement), or the end with every pool; a replay lays out the same piles."""
    rnd = state.round          # 0-based index of the next round
    packs = [{"id": f"R{rnd + 1}S{seat + 1}", "player": player,
              "cards": list(state.piles[seat][rnd])}
             for seat, player in enumerate(state.players)
             if rnd < len(state.piles[seat]) and state.piles[seat][rnd]]
    if not packs:
        return ev.MixedDraftCompleted(pools={
            p: {"crypt": list(state.crypt.pools.get(p, ())),
                "library": list(state.library.get(p, ()))} for p in state.players}, at=at)
    # 7.6: the first pile passes left, the next right, and so on.
    return ev.MixedLibraryRoundStarted(
        round=rnd + 1, direction="left" if direction(rnd + 1) == 1 else "right",
        packs=packs, at=at, deadline=clock.deadline(at, state.pick_seconds))


def _library_phase(state: MixedDraftState) -> None:
    if state.status in ("new", "crypt"):
        raise Conflict("the library piles are drafted after the crypt draft",
                       code="library_phase_not_started")
    if state.status == "completed":
        raise Conflict("the mixed draft is over", code="draft_over")


def _picked(state: MixedDraftState, seat: int, card: str, auto: bool, at: str,
            by: str | None = None) -> list[Event]:
    front = state.front(seat)
    assert front is not None                      # a pile waits for the seat
    pack_id, _ = front
    picked = ev.MixedLibraryCardPicked(
        round=state.round, player=state.players[seat], pack=pack_id, card=card, auto=auto,
        at=at, passed_to=state.players[(seat + state.direction) % len(state.players)], by=by)
    after = evolve(state, picked)
    if any(after.queues):       # 7.6: the next piles are opened once every pile is empty
        return [picked]
    return [picked, next_round(after, at)]


def _library_pick(cmd: LibraryPick, state: MixedDraftState) -> list[Event]:
    """A pick judged after the expiries due at ``cmd.now``. When the player's own timer
    ran out meanwhile, the judge's random card stands and their late choice is refused
    (409 ``pick_expired``): they choose again from the pile now in front of them."""
    _library_phase(state)
    seat = state.seat_of(cmd.player)
    if seat is None:
        raise Forbidden(f"{cmd.player!r} is not drafting in this pod", code="not_in_pod")
    state, late = advance(state, cmd.now, cmd.seed)
    missed = [e.data for e in late
              if isinstance(e, ev.MixedLibraryCardPicked) and e.player == cmd.player]
    if missed:
        raise Conflict(f"{cmd.player}'s pick timer ran out at {missed[0]['at']}: the judge "
                       "issued a random card of the pile (7.5.3); look at your pile again",
                       {"issued": [{"card": m["card"], "issued_from": m["pack"],
                                    "round": m["round"], "at": m["at"]} for m in missed],
                        "now_in_front": (state.front(seat) or [None])[0]},
                       code="pick_expired")
    _library_phase(state)
    front = state.front(seat)
    if front is None:
        raise Conflict(f"no pile is waiting for {cmd.player}", code="not_your_turn")
    if cmd.pack is not None and cmd.pack != front[0]:
        raise Conflict(f"pile {cmd.pack} is not in front of you; {front[0]} is",
                       {"pack": front[0]}, code="stale_pick")
    if cmd.card not in front[1]:
        raise Invalid(f"card {cmd.card!r} is not in pile {front[0]}",
                      {"pack": front[0], "cards": list(front[1])}, code="card_not_in_pack")
    return late + _picked(state, seat, cmd.card, False, clock.iso(cmd.now))


def _library_expire(cmd: ExpireLibraryPicks, state: MixedDraftState) -> list[Event]:
    """Every expiry due, in either phase (the crypt table's and the library piles')."""
    if state.status == "new":
        raise Conflict("the mixed draft has not started", code="not_started")
    if state.status == "completed":
        raise Conflict("the mixed draft is over", code="draft_over")
    _, events = advance(state, cmd.now, cmd.seed)
    if not events:
        if state.status == "crypt" and state.crypt.pick_seconds is None:
            raise Conflict("the crypt draft has no pick timer", code="no_timer")
        raise Conflict("no pick timer has run out",
                       {"deadlines": {p: d for p, d in zip(state.players, state.deadlines,
                                                           strict=True) if d},
                        "crypt_deadline": state.crypt.deadline},
                       code="timer_running")
    return events


_HANDLERS: dict[type, Handler[MixedDraftState]] = {
    StartMixedDraft: _start, Pick: _crypt, ExpirePick: _crypt, LibraryPick: _library_pick,
    ExpireLibraryPicks: _library_expire, TakePickFor: _pick_for, ReplaceProduct: _replace}
