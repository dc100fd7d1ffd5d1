"""Table (Rochester) draft decider: V:EKN 7.7."""
from __future__ import annotations

from ..errors import Conflict, Forbidden, Invalid
from ..events import Event
from . import clock
from .commands import ExpirePick, Pick, StartTableDraft
from .evolve import evolve
from .order import crypt_on_top, layout, snake
from .state import TableDraftState


def decide(command, state: TableDraftState) -> list[Event]:
    if isinstance(command, StartTableDraft):
        return _start(command, state)
    if isinstance(command, Pick):
        return _pick(command, state)
    if isinstance(command, ExpirePick):
        return _expire(command, state)
    raise TypeError(f"table draft cannot handle {type(command).__name__}")


def _start(cmd: StartTableDraft, state: TableDraftState) -> list[Event]:
    if state.status != "new":
        raise Conflict("this table draft has already started", code="already_started")
    rounds = len(cmd.packs[0])
    packs = [[crypt_on_top(cmd.packs[seat][k], cmd.kinds) for seat in range(len(cmd.players))]
             for k in range(rounds)]
    started = Event("TableDraftStarted", {
        "pod": cmd.pod, "players": list(cmd.players),
        "first_seat": cmd.first_seat or cmd.players[0],
        "packs": packs, "pick_seconds": cmd.pick_seconds,
        "review_seconds": cmd.review_seconds, "at": clock.iso(cmd.now)})
    return [started, _next_set(evolve(state, started), clock.iso(cmd.now))]


def _next_set(state: TableDraftState, at: str) -> Event:
    """Lay out the next set (the next pack when this one is used up), or finish."""
    pack_no = state.pack_no
    while pack_no < len(state.packs) and not any(state.packs[pack_no]):
        pack_no += 1
    if pack_no >= len(state.packs):
        return Event("TableDraftCompleted", {
            "pools": {p: list(state.pools.get(p, ())) for p in state.players}, "at": at})
    # 7.7.2: after a set, the player to the left of the active player becomes active.
    active = state.active if state.set_no == 0 else (state.active + 1) % len(state.players)
    table, _ = layout([list(p) for p in state.packs[pack_no]], active)
    review_until = clock.plus(at, state.review_seconds)
    return Event("TableSetRevealed", {
        "pack": pack_no + 1, "set": state.set_no + 1, "active": state.players[active],
        "table": [{"order": c["order"], "card": c["card"], "player": state.players[c["seat"]]}
                  for c in table],
        "pick_order": [state.players[s] for s in snake(active, len(state.players), len(table))],
        "review_until": review_until,
        "deadline": clock.deadline(review_until, state.pick_seconds)})


def _drafting(state: TableDraftState) -> None:
    if state.status == "new":
        raise Conflict("the table draft has not started", code="not_started")
    if state.status == "completed":
        raise Conflict("the table draft is over", code="draft_over")


def _picked(state: TableDraftState, player: str, card: dict, auto: bool, at: str) -> list[Event]:
    last = state.turn + 1 >= len(state.order)
    picked = Event("TableCardPicked", {
        "pick": state.picks + 1, "pack": state.pack_no + 1, "set": state.set_no,
        "player": player, "card": card["card"], "order": card["order"], "auto": auto,
        "at": at, "deadline": None if last else clock.deadline(at, state.pick_seconds)})
    if not last:
        return [picked]
    return [picked, _next_set(evolve(state, picked), at)]


def _pick(cmd: Pick, state: TableDraftState) -> list[Event]:
    _drafting(state)
    if cmd.player not in state.players:
        raise Forbidden(f"{cmd.player!r} is not drafting in this pod", code="not_in_pod")
    if cmd.player != state.picker:
        raise Conflict(f"it is {state.picker}'s pick, not {cmd.player}'s",
                       {"picker": state.picker, "pick": state.picks + 1}, code="not_your_turn")
    if cmd.pick is not None and cmd.pick != state.picks + 1:
        raise Conflict(f"pick {cmd.pick} is stale: the draft is at pick {state.picks + 1}",
                       {"pick": state.picks + 1}, code="stale_pick")
    if state.review_until and not clock.reached(cmd.now, state.review_until):
        raise Conflict("the cards are still being reviewed (7.7.1)",
                       {"review_until": state.review_until}, code="review_period")
    matching = [c for c in state.table if c["card"] == cmd.card]
    if not matching:
        raise Invalid(f"card {cmd.card!r} is not on the table",
                      {"table": [c["card"] for c in state.table]}, code="card_not_on_table")
    # Identical copies are interchangeable: take the oldest.
    card = min(matching, key=lambda c: c["order"])
    return _picked(state, cmd.player, card, False, clock.iso(cmd.now))


def _expire(cmd: ExpirePick, state: TableDraftState) -> list[Event]:
    _drafting(state)
    if state.pick_seconds is None:
        raise Conflict("this draft has no pick timer", code="no_timer")
    if not clock.reached(cmd.now, state.deadline):
        raise Conflict("the pick timer has not run out", {"deadline": state.deadline},
                       code="timer_running")
    # 7.7: the judge issues the "oldest" card still on the table.
    oldest = min(state.table, key=lambda c: c["order"])
    return _picked(state, state.picker, oldest, True, clock.iso(cmd.now))
