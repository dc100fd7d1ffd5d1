"""Deck building (stream ``decks-<tid>``): the organizer opens the phase, extends its
deadline and publishes the decklists (V:EKN 1.6); staff record the pools received
(7.2.3) and check decks; players (or staff for them) register decks checked against the
pool and the game's limited rules, switch between them (3.1.5) and may be reopened or
given a later deadline. Queries: :mod:`.deck_queries`; documents: :mod:`.deck_documents`."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_player, require_tournament_staff
from ..domain.decks import commands as c
from ..domain.decks.aggregate import DECKS
from ..domain.decks.decklist import Decklist
from ..domain.decks.state import DecksState
from ..domain.errors import Conflict
from ..domain.events import Event
from ..domain.tournament import TournamentState
from ..domain.tournament import state as tstate
from ..service import UnitOfWork
from . import deck_documents, deck_facts, formats, tournament
from .card_facts import lists_cards
from .deck_facts import iso
from .product_phase import require_product_ready


def _staff(uow: UnitOfWork, actor: Principal, tid: str,
           organizer_only: bool = True) -> TournamentState:
    """The tournament, for its organizer (``organizer_only``) or its staff."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t, organizer_only=organizer_only)
    return t


def _player(uow: UnitOfWork, actor: Principal, tid: str, pid: str) -> TournamentState:
    """The tournament, for its player ``pid`` (404 ``player_not_found``) or staff."""
    t = tournament.load(uow, tid)
    require_player(actor, t, tournament.registered(t, pid).id)
    return t


def _decide(uow: UnitOfWork, tid: str, command: Any) -> tuple[DecksState, list[Event]]:
    return uow.decide(DECKS, tid, command)


# -- the phase -------------------------------------------------------------------------

def open_phase(uow: UnitOfWork, actor: Principal, tid: str, deadline: str | None,
               at_the_table: bool = False) -> dict[str, Any]:
    """The organizer opens deck building once every card has been handed out: Munchkin
    "once all cards have been distributed, players are given 20 minutes", .hack "once
    drafting is complete, players have 30 minutes". 409 ``product_phase_open`` while a
    draft, hand-out or trade is going in Podium or before it began, unless the staff have
    recorded every pool (7.2.3) or say the product was handed out at the table
    (``at_the_table``: pools are then recorded or declared with the decks); 409
    ``not_running`` once finished. The deadline defaults to now plus the build time."""
    t = _staff(uow, actor, tid)
    if t.status == tstate.FINISHED:
        raise Conflict("the tournament is finished", {"status": t.status}, code="not_running")
    opened = uow.load(DECKS, tid).opened       # refused as already open
    if not opened and (not at_the_table or formats.started_here(uow, t)):
        require_product_ready(uow, t, "opening deck building (product handed out at the "
                                      "table instead: open with at_the_table)")
    state, _ = _decide(uow, tid, c.OpenDeckbuilding(
        game=t.game, format=t.format, settings=t.section("deck"), now=iso(uow.now),
        by=actor.id, deadline=deadline, player_count=len(t.active_players())))
    return deck_documents.phase(tid, state)


def extend_deadline(uow: UnitOfWork, actor: Principal, tid: str,
                    deadline: str) -> dict[str, Any]:
    _staff(uow, actor, tid)
    state, _ = _decide(uow, tid, c.ExtendDeadline(deadline=deadline, now=iso(uow.now),
                                                  by=actor.id))
    return deck_documents.phase(tid, state)


def publish(uow: UnitOfWork, actor: Principal, tid: str) -> dict[str, Any]:
    """1.6: the organizer makes every decklist public."""
    _staff(uow, actor, tid)
    state, _ = _decide(uow, tid, c.PublishDecklists(now=iso(uow.now), by=actor.id))
    return {"tournament_id": tid, "published": True, "registered": len(state.decks)}


# -- pools and registration ------------------------------------------------------------

@lists_cards
def record_pool(uow: UnitOfWork, actor: Principal, tid: str, pid: str, cards: list[str],
                product: dict[str, Any] | None) -> dict[str, Any]:
    """7.2.3: staff record the cards a player received (``product``: what they opened,
    for the booster table); own product stays within the advertised limits (7.2.4)."""
    t = _staff(uow, actor, tid, organizer_only=False)
    tournament.registered(t, pid)
    deck_facts.require_own_limits(uow, t, cards, product)
    state, _ = _decide(uow, tid, c.RecordPool(player=pid, cards=list(cards), now=iso(uow.now),
                                              by=actor.id, product=product))
    return deck_documents.pool(tid, pid, state)


@lists_cards
def register(uow: UnitOfWork, actor: Principal, tid: str, pid: str, deck: Decklist,
             label: str, received: list[str] | None) -> dict[str, Any]:
    """The player (or staff for them) registers a deck checked against their pool and the
    game's limited rules (422 ``invalid_deck`` listing every violation)."""
    t = _player(uow, actor, tid, pid)
    state, _ = _decide(uow, tid, deck_facts.registration(uow, t, actor, pid, deck, label,
                                                         received, iso(uow.now)))
    return deck_documents.registration(tid, pid, state, private=True)


@lists_cards
def reopen(uow: UnitOfWork, actor: Principal, tid: str, pid: str,
           until: str | None) -> dict[str, Any]:
    """The organizer lets a player change a registered deck (until ``until``)."""
    t = _staff(uow, actor, tid)
    state, _ = _decide(uow, tid, c.ReopenDeck(player=tournament.registered(t, pid).id,
                                              now=iso(uow.now), by=actor.id, until=until))
    return deck_documents.registration(tid, pid, state, private=True)


@lists_cards
def extend_player_deadline(uow: UnitOfWork, actor: Principal, tid: str, pid: str,
                           deadline: str) -> dict[str, Any]:
    """A later deadline for one player (a late arrival without a deck, ...)."""
    t = _staff(uow, actor, tid)
    state, _ = _decide(uow, tid, c.ExtendPlayerDeadline(
        player=tournament.registered(t, pid).id, deadline=deadline, now=iso(uow.now),
        by=actor.id))
    return deck_documents.registration(tid, pid, state, private=True)


@lists_cards
def switch(uow: UnitOfWork, actor: Principal, tid: str, pid: str, label: str) -> dict[str, Any]:
    """3.1.5: a multi-deck player plays another of their decks (between rounds only)."""
    t = _player(uow, actor, tid, pid)
    _, round_in_progress = deck_facts.rounds(uow, t)
    state, _ = _decide(uow, tid, c.SwitchDeck(player=pid, label=label, now=iso(uow.now),
                                              by=actor.id, round_in_progress=round_in_progress))
    return deck_documents.registration(tid, pid, state, private=True)


@lists_cards
def check(uow: UnitOfWork, actor: Principal, tid: str, pid: str, presented: Decklist,
          label: str | None, round_no: int | None, note: str) -> dict[str, Any]:
    """Staff compare the deck a player presents with the registered one."""
    t = _staff(uow, actor, tid, organizer_only=False)
    _, events = _decide(uow, tid, c.DeckCheck(
        player=tournament.registered(t, pid).id, presented=presented, now=iso(uow.now),
        by=actor.id, label=label, round=round_no, note=note))
    return {"tournament_id": tid, **events[0].data}
