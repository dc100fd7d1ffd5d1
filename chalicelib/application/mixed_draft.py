"""Mixed (Elder) draft, V:EKN 7.8: a table draft of the crypt, then library piles picked
in turn. Start, crypt and library picks, expired timers, staff picks for an absent
player, product replacements (7.2.5). What it shares with the table draft is in
:mod:`.roster_drafts`, for the format :data:`MIXED`."""
from __future__ import annotations

from typing import Any

from ..auth import Principal
from ..domain import mixed_draft, table_draft
from ..domain.mixed_draft.setup import mixed_draft_commands
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import roster_drafts, tournament
from .card_facts import lists_cards
from .formats_drafts import MIXED_DRAFT
from .handout import EnteredProduct

MIXED = MIXED_DRAFT     # the format (the api's routes name it)


def start(uow: UnitOfWork, actor: Principal, tid: str, pods: list[list[str]] | None,
          first_seats: dict[str, str] | None, packs: dict[str, list[list[str]]] | None,
          pile_size: int, pick_seconds: int | None, review_seconds: int | None,
          library_pick_seconds: int | None, entered: EnteredProduct | None) -> dict[str, Any]:
    """All product is drafted: the crypt at the table, then the library in piles of
    ``pile_size``. Timers: the body's, else the draft profile's; the library's, else
    the crypt's."""
    def commands(**plan: Any) -> Any:
        return mixed_draft_commands(pile_size=pile_size, library_pick_seconds=(
            library_pick_seconds or plan["pick_seconds"]), **plan)
    return roster_drafts.start(uow, actor, MIXED, tid, pods, first_seats, packs,
                               pick_seconds, review_seconds, entered, commands)


@lists_cards
def crypt_pick(uow: UnitOfWork, actor: Principal, tid: str, n: int, card: str,
               number: int | None) -> dict[str, Any]:
    """A crypt card from the table (7.7)."""
    return roster_drafts.pick(uow, actor, MIXED, tid, n, lambda uow, player: table_draft.Pick(
        player=player, card=card, pick=number, now=uow.now))


@lists_cards
def library_pick(uow: UnitOfWork, actor: Principal, tid: str, n: int, card: str,
                 pack: str | None) -> dict[str, Any]:
    """A card from the pile in front of the player; the rest passes on (7.6)."""
    return roster_drafts.pick(
        uow, actor, MIXED, tid, n, lambda uow, player: mixed_draft.LibraryPick(
            player=player, card=card, pack=pack, seed=_seed(uow, tid), now=uow.now))


def _seed(uow: UnitOfWork, tid: str) -> str:
    return tournament.load(uow, tid, guard=False).seed


@lists_cards
def expire(uow: UnitOfWork, actor: Principal, tid: str, n: int) -> dict[str, Any]:
    """Expired timers: in the crypt phase the oldest card on the table (7.7), in the
    library phase a random card of each late player's pile (7.5.3)."""
    state, events = roster_drafts.expire(uow, actor, MIXED, tid, n)
    return {"auto_picks": [e.data for e in events if e.type in roster_drafts.PICK_EVENTS],
            "pod": MIXED.view(state)}


@lists_cards
def pick_for(uow: UnitOfWork, actor: Principal, tid: str, n: int, player_id: str,
             number: int | None, pack: str | None) -> dict[str, Any]:
    """Staff take an absent player's turn as an expired timer would: in the crypt phase
    the oldest card on the table (7.7), in the library phase a card of their pile drawn
    from the seed (7.5.3). The pick records who took it."""
    state, events = roster_drafts.staff_command(
        uow, actor, MIXED, tid, n, lambda t, pod: mixed_draft.TakePickFor(
            player=player_id, by=actor.id, seed=t.seed, pick=number, pack=pack, now=uow.now))
    picked = roster_drafts.staff_pick(events)
    return {"pod": n, "player_id": player_id,
            "phase": "crypt" if picked.type == "TableCardPicked" else "library",
            "picked": picked.data, "by": picked.data["by"], "pod_view": MIXED.view(state)}


@lists_cards
def replace_product(uow: UnitOfWork, actor: Principal, tid: str, n: int, seat: int,
                    item: int, reason: str, cards: list[str] | None) -> dict[str, Any]:
    """V:EKN 7.2.5, 7.8: a judge replaces an opened pack or starter with a wrong card
    count until the crypt draft's first card is taken."""
    def command(t: TournamentState, state: Any) -> Any:
        return mixed_draft.ReplaceProduct(
            seat=seat, item=item, reason=reason, by=actor.id, now=uow.now,
            **roster_drafts.replacement(uow, t, cards, state.product_meta, seat, item))
    state, events = roster_drafts.staff_command(uow, actor, MIXED, tid, n, command)
    replaced = next(e.data for e in events if e.type == "MixedProductReplaced")
    return {"pod": n, "seat": seat, "item": item, "player": replaced["player"],
            "cards": replaced["count"], "replacements": [dict(r) for r in state.replacements],
            "pod_view": MIXED.view(state)}
