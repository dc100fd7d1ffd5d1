"""Table (Rochester) draft decider: V:EKN 7.7."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..decider import Handler, dispatch
from ..errors import Conflict, Forbidden, Invalid, NotFound
from ..events import Event
from ..product.cards import CardSet
from ..product.replacement import kinds_in, replacement_cards
from . import clock
from . import events as ev
from .commands import ExpirePick, Pick, PickFor, ReplacePack, StartTableDraft
from .evolve import evolve
from .order import crypt_on_top, layout, snake
from .replacement import replacement_problems
from .state import TableDraftState


def decide(command: Any, state: TableDraftState) -> list[Event]:
    return dispatch("table draft", _HANDLERS, command, state)


def _start(cmd: StartTableDraft, state: TableDraftState) -> list[Event]:
    if state.status != "new":
        raise Conflict("this table draft has already started", code="already_started")
    rounds = len(cmd.packs[0])
    packs = [[crypt_on_top(cmd.packs[seat][k], cmd.kinds) for seat in range(len(cmd.players))]
             for k in range(rounds)]
    meta = cmd.pack_meta or [[{}] * rounds for _ in cmd.players]
    started = ev.TableDraftStarted(
        pod=cmd.pod, players=list(cmd.players), first_seat=cmd.first_seat or cmd.players[0],
        packs=packs, pack_meta=[[dict(m) for m in seat] for seat in meta],
        pick_seconds=cmd.pick_seconds, review_seconds=cmd.review_seconds,
        at=clock.iso(cmd.now),
        starters={p: [dict(s) for s in items] for p, items in cmd.starters.items()}
        if cmd.starters else None)
    return [started, _next_set(evolve(state, started), clock.iso(cmd.now))]


def _next_set(state: TableDraftState, at: str) -> Event:
    """Lay out the next set (the next pack when this one is used up), or finish."""
    pack_no = state.pack_no
    while pack_no < len(state.packs) and not any(state.packs[pack_no]):
        pack_no += 1
    if pack_no >= len(state.packs):
        return ev.TableDraftCompleted(
            pools={p: list(state.pools.get(p, ())) for p in state.players}, at=at)
    # 7.7.2: after a set, the player to the left of the active player becomes active.
    active = state.active if state.set_no == 0 else (state.active + 1) % len(state.players)
    return _reveal(state, pack_no, state.set_no + 1, active, at)


def _reveal(state: TableDraftState, pack_no: int, set_no: int, active: int, at: str) -> Event:
    table, _ = layout([list(p) for p in state.packs[pack_no]], active)
    review_until = clock.plus(at, state.review_seconds)
    return ev.TableSetRevealed(
        pack=pack_no + 1, set=set_no, active=state.players[active],
        table=[{"order": c["order"], "card": c["card"], "player": state.players[c["seat"]]}
               for c in table],
        pick_order=[state.players[s] for s in snake(active, len(state.players), len(table))],
        review_until=review_until, deadline=clock.deadline(review_until, state.pick_seconds))


def _drafting(state: TableDraftState) -> None:
    if state.status == "new":
        raise Conflict("the table draft has not started", code="not_started")
    if state.status == "completed":
        raise Conflict("the table draft is over", code="draft_over")


def _picked(state: TableDraftState, player: str, card: dict[str, Any], auto: bool, at: str,
            by: str | None = None) -> list[Event]:
    last = state.turn + 1 >= len(state.order)
    picked = ev.TableCardPicked(
        pick=state.picks + 1, pack=state.pack_no + 1, set=state.set_no, player=player,
        card=card["card"], order=card["order"], auto=auto, at=at,
        deadline=None if last else clock.deadline(at, state.pick_seconds), by=by)
    if not last:
        return [picked]
    return [picked, _next_set(evolve(state, picked), at)]


def _current(state: TableDraftState, pick: int | None, now: clock.Moment) -> None:
    """409 for a stale pick number or while the cards are reviewed (7.7.1)."""
    if pick is not None and pick != state.picks + 1:
        raise Conflict(f"pick {pick} is stale: the draft is at pick {state.picks + 1}",
                       {"pick": state.picks + 1}, code="stale_pick")
    if state.review_until and not clock.reached(now, state.review_until):
        raise Conflict("the cards are still being reviewed (7.7.1)",
                       {"review_until": state.review_until}, code="review_period")


def _pick(cmd: Pick, state: TableDraftState) -> list[Event]:
    _drafting(state)
    if cmd.player not in state.players:
        raise Forbidden(f"{cmd.player!r} is not drafting in this pod", code="not_in_pod")
    state, late = advance(state, cmd.now)
    return late + take(cmd, state, late)


def take(cmd: Pick, state: TableDraftState, late: Sequence[Event] = ()) -> list[Event]:
    """The player's own pick, judged against ``state`` after the catch-up ``late`` (the
    expiries due at ``cmd.now``). A judge who issued a late player the oldest card does
    not take back that card: a pick made before the player saw it is refused (409
    ``pick_expired``), even when the snake order makes it their turn again; they pick
    again once they see the table."""
    missed = [e.data for e in late if isinstance(e, ev.TableCardPicked) and e.player == cmd.player]
    if missed:
        raise Conflict(f"{cmd.player}'s pick timer ran out at {missed[0]['at']}: "
                       "the judge issued the oldest card on the table (7.7); look at the "
                       "table again", {"picker": state.picker, "pick": state.picks + 1,
                                       "issued": [m["card"] for m in missed]},
                       code="pick_expired")
    _drafting(state)
    if cmd.player != state.picker:
        raise Conflict(f"it is {state.picker}'s pick, not {cmd.player}'s",
                       {"picker": state.picker, "pick": state.picks + 1}, code="not_your_turn")
    _current(state, cmd.pick, cmd.now)
    matching = [c for c in state.table if c["card"] == cmd.card]
    if not matching:
        raise Invalid(f"card {cmd.card!r} is not on the table",
                      {"table": [c["card"] for c in state.table]}, code="card_not_on_table")
    # Identical copies are interchangeable: take the oldest.
    card = min(matching, key=lambda c: c["order"])
    return _picked(state, cmd.player, card, False, clock.iso(cmd.now))


def _oldest(state: TableDraftState) -> dict[str, Any]:
    """7.7: the judge issues the "oldest" card still on the table."""
    return min(state.table, key=lambda c: c["order"])


def due(state: TableDraftState, now: clock.Moment) -> bool:
    """Whether the pick timer of the waiting player has run out at ``now``."""
    return state.status == "drafting" and state.picker is not None and bool(state.table) \
        and clock.reached(now, state.deadline)


def expire_next(state: TableDraftState) -> list[Event]:
    """The waiting player's expired pick (7.7: the oldest card on the table), stamped at
    its deadline, and the next set or the end when it was the set's last card."""
    picker, deadline = state.picker, state.deadline
    assert picker is not None and deadline is not None     # due(): a timed pick waits
    return _picked(state, picker, _oldest(state), True, deadline)


def advance(state: TableDraftState, now: clock.Moment) -> tuple[TableDraftState, list[Event]]:
    """Every pick timer due at ``now``, in order, each stamped at its own deadline (so the
    next timer runs from there, not from whenever the pod is next touched). Runs before
    every command; a replay of the recorded events reproduces every auto-pick."""
    events: list[Event] = []
    while due(state, now):
        step = expire_next(state)
        for event in step:
            state = evolve(state, event)
        events.extend(step)
    return state, events


def _expire(cmd: ExpirePick, state: TableDraftState) -> list[Event]:
    _drafting(state)
    if state.pick_seconds is None:
        raise Conflict("this draft has no pick timer", code="no_timer")
    _, events = advance(state, cmd.now)
    if not events:
        raise Conflict("the pick timer has not run out", {"deadline": state.deadline},
                       code="timer_running")
    return events


def _pick_for(cmd: PickFor, state: TableDraftState) -> list[Event]:
    """Staff take an absent player's pick as an expired timer would: the oldest card."""
    _drafting(state)
    if cmd.player not in state.players:
        raise NotFound(f"{cmd.player!r} is not drafting in this pod",
                       {"players": list(state.players)}, code="not_in_pod")
    state, late = advance(state, cmd.now)
    _drafting(state)
    if cmd.player != state.picker:
        raise Conflict(f"it is {state.picker}'s pick, not {cmd.player}'s",
                       {"picker": state.picker, "pick": state.picks + 1},
                       code="not_their_turn")
    _current(state, cmd.pick, cmd.now)
    return late + _picked(state, cmd.player, _oldest(state), True, clock.iso(cmd.now),
                          by=cmd.by)


def replaceable(state: TableDraftState, seat: int, pack: int) -> None:
    """Refuse replacing the ``pack``-th pack of ``seat`` (both 1-based): 422 when there is
    no such pack, 409 once a card of it has been drafted (7.2.5)."""
    _drafting(state)
    problems = []
    if not 1 <= seat <= len(state.players):
        problems.append({"seat": seat, "msg": f"the pod has seats 1-{len(state.players)}"})
    if not 1 <= pack <= len(state.packs):
        problems.append({"pack": pack, "msg": f"the draft has packs 1-{len(state.packs)}"})
    if problems:
        raise Invalid("no such pack", problems, code="no_such_pack")
    if state.opened(pack - 1):
        raise Conflict(f"pack {pack} has already been drafted from: it can no longer be "
                       "replaced (7.2.5)", {"pack": pack, "current_pack": state.pack_no + 1},
                       code="pack_opened")


def _replace(cmd: ReplacePack, state: TableDraftState) -> list[Event]:
    _drafting(state)
    state, late = advance(state, cmd.now)
    replaceable(state, cmd.seat, cmd.pack)
    cards, kinds = cmd.cards, cmd.kinds
    if cards is None:
        cards = replacement_pack(state, cmd.seat, cmd.pack, cmd.sets, cmd.seed or "")
        kinds = kinds_in(cmd.sets, cards)
    problems = replacement_problems(cards, cmd.expected, kinds)
    if problems:
        raise Invalid("the replacement pack cannot be used", problems,
                      code="invalid_replacement")
    return late + replace_events(state, cmd.seat, cmd.pack, crypt_on_top(cards, kinds),
                                 cmd.reason, cmd.by, clock.iso(cmd.now),
                                 drawn=cmd.cards is None)


def replacement_pack(state: TableDraftState, seat: int, pack: int,
                     sets: Mapping[str, CardSet], seed: str) -> list[str]:
    """V:EKN 7.2.5: a fresh pack of the booster the ``pack``-th pack of ``seat`` (both
    1-based) should be, collated from ``seed`` and keyed by the pod, the pack, the seat
    and the replacements before it (422 ``cards_required`` when that is unknown)."""
    metas = state.pack_meta
    meta = metas[seat - 1][pack - 1] if seat <= len(metas) and pack <= len(metas[seat - 1]) \
        else {}
    return replacement_cards(meta, sets, seed, "table-draft", state.pod, pack, seat,
                             len(state.replacements))


def replace_events(state: TableDraftState, seat: int, pack: int, cards: list[str],
                   reason: str, by: str, at: str, drawn: bool) -> list[Event]:
    """``TablePackReplaced`` for an unopened pack (``cards`` in face-down order; ``drawn``:
    collated from the seed, not given by the judge), and the set laid out again when that
    pack's first set is on the table."""
    replaced = ev.TablePackReplaced(pack=pack, seat=seat, player=state.players[seat - 1],
                                    cards=list(cards), count=len(cards), reason=reason,
                                    by=by, at=at, drawn=drawn)
    if pack - 1 != state.pack_no:
        return [replaced]
    return [replaced, laid_next(evolve(state, replaced), at, relaid=True)]


def laid_next(state: TableDraftState, at: str, relaid: bool = False) -> Event:
    """What the table shows next at ``at`` (a set's last pick, the start, or the
    replacement of the pack on the table made ``state``): the next set (or the next
    pack's first, or the end); after a replacement (``relaid``) the same set laid out
    again from the packs put back together, or, when none of its cards is left to lay,
    the next pack's first set or the end. A replay of the recorded events on the state
    before each reveal lays out the same cards."""
    if relaid and any(state.packs[state.pack_no]):
        return _reveal(state, state.pack_no, state.set_no, state.active, at)
    return _next_set(state, at)


_HANDLERS: dict[type, Handler[TableDraftState]] = {
    StartTableDraft: _start, Pick: _pick, ExpirePick: _expire, PickFor: _pick_for,
    ReplacePack: _replace}
