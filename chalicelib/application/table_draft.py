"""Table (Rochester) draft, V:EKN 7.7: start, picks, expired timers, staff picks for an
absent player, pack replacements (7.2.5). What it shares with the mixed draft (the
public table, a player's seat, the feed and log, late arrivals) is in
:mod:`.roster_drafts`, for the format :data:`TABLE`."""
from __future__ import annotations

from typing import Any

from ..auth import Principal
from ..domain import table_draft
from ..domain.table_draft.setup import table_draft_commands
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import roster_drafts
from .card_facts import lists_cards
from .formats_drafts import TABLE_DRAFT
from .handout import EnteredProduct

TABLE = TABLE_DRAFT     # the format (the api's routes name it)


def start(uow: UnitOfWork, actor: Principal, tid: str, pods: list[list[str]] | None,
          first_seats: dict[str, str] | None, packs: dict[str, list[list[str]]] | None,
          pick_seconds: int | None, review_seconds: int | None,
          entered: EnteredProduct | None) -> dict[str, Any]:
    """Boosters are drafted at the table; starters stay sealed product (7.5.2). Timers:
    the body's, else the draft profile's."""
    return roster_drafts.start(uow, actor, TABLE, tid, pods, first_seats, packs,
                               pick_seconds, review_seconds, entered, table_draft_commands)


@lists_cards
def pick(uow: UnitOfWork, actor: Principal, tid: str, n: int, card: str,
         number: int | None) -> dict[str, Any]:
    """409 ``not_your_turn``, ``review_period``, ``stale_pick`` (``number``: the pick the
    player answers), ``pick_expired``."""
    return roster_drafts.pick(uow, actor, TABLE, tid, n, lambda uow, player: table_draft.Pick(
        player=player, card=card, pick=number, now=uow.now))


@lists_cards
def expire(uow: UnitOfWork, actor: Principal, tid: str, n: int) -> dict[str, Any]:
    """The pick timer ran out: the waiting player receives the oldest card on the table
    (7.7). Staff or any player of the pod; 409 before the deadline."""
    state, events = roster_drafts.expire(uow, actor, TABLE, tid, n)
    return {"picked": events[0].data, "auto_picks": roster_drafts.auto_picks(events),
            "table": TABLE.view(state)}


@lists_cards
def pick_for(uow: UnitOfWork, actor: Principal, tid: str, n: int, player_id: str,
             number: int | None) -> dict[str, Any]:
    """Staff take an absent player's pick as an expired timer would: the oldest card on
    the table (7.7), so an untimed draft never stalls; the pick records who took it."""
    state, events = roster_drafts.staff_command(
        uow, actor, TABLE, tid, n, lambda t, pod: table_draft.PickFor(
            player=player_id, by=actor.id, pick=number, now=uow.now))
    picked = roster_drafts.staff_pick(events).data
    return {"pod": n, "player_id": player_id, "picked": picked, "by": picked["by"],
            "table": TABLE.view(state)}


@lists_cards
def replace_pack(uow: UnitOfWork, actor: Principal, tid: str, n: int, seat: int, pack: int,
                 reason: str, cards: list[str] | None) -> dict[str, Any]:
    """V:EKN 7.2.5: a judge replaces a pack with a wrong card count before any card of it
    is drafted (a pack whose first set is on the table is laid out again). Without
    ``cards`` a fresh pack of the same booster is collated from the seed."""
    def command(t: TournamentState, state: Any) -> Any:
        return table_draft.ReplacePack(
            seat=seat, pack=pack, reason=reason, by=actor.id, now=uow.now,
            **roster_drafts.replacement(uow, t, cards, state.pack_meta, seat, pack))
    state, events = roster_drafts.staff_command(uow, actor, TABLE, tid, n, command)
    replaced = next(e.data for e in events if e.type == "TablePackReplaced")
    return {"pod": n, "seat": seat, "pack": pack, "player": replaced["player"],
            "cards": replaced["count"], "relaid": len(events) > 1,
            "replacements": [dict(r) for r in state.replacements], "table": TABLE.view(state)}
