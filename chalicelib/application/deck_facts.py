"""What a deck registration needs from the tournament's other aggregates: the pool the
product, draft or trade knows (:func:`.formats.pool_of`), what a player opens (the V:EKN
booster table), the kinds of the cards in use, whether play has started and a round is
being played (3.1.5), and for own product the limits advertised for a pool (7.2.4).

``source`` below is a unit of work (a command) or the ``Reads`` of a query."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..auth import Principal, is_staff
from ..domain.decider import Decider
from ..domain.decks import pools
from ..domain.decks.aggregate import DECKS
from ..domain.decks.commands import RegisterDeck
from ..domain.decks.decklist import Decklist
from ..domain.decks.facts import card_kinds, product_facts, used_set_ids
from ..domain.errors import Invalid
from ..domain.product.aggregate import PLAYER_PRODUCT
from ..domain.product.own import own_pool_problems
from ..domain.product.player_product.decide import entry_facts
from ..domain.profiles.product import ProductSettings
from ..domain.swiss.aggregate import SWISS
from ..domain.tables.aggregate import TABLES
from ..domain.tournament import TournamentState
from . import formats, sources
from .sets import load_sets

# structure -> (decider, play has started, a round is in progress)
_ROUNDS: dict[str, tuple[Decider[Any], Callable[[Any], bool], Callable[[Any], bool]]] = {
    "swiss": (SWISS, pools.swiss_play_started, pools.swiss_round_in_progress),
    "multiplayer-tables": (TABLES, pools.tables_play_started, pools.tables_round_in_progress),
}


def iso(moment: datetime) -> str:
    """The decks aggregate's time stamps: ISO 8601 in UTC, ``Z``."""
    return moment.isoformat().replace("+00:00", "Z")


def rounds(source: Any, t: TournamentState) -> tuple[bool, bool]:
    """(play has started, a round is being played) in a multi-deck tournament: from the
    first round on its decks change between rounds only, and the deadline no longer
    binds new ones (3.1.5). (False, False) without multi-deck or rounds (pod games)."""
    structure = _ROUNDS.get(t.structure)
    if structure is None or not sources.state(source, DECKS, t.id).multi_deck:
        return False, False
    decider, started, in_progress = structure
    state = sources.state(source, decider, t.id)
    return started(state), in_progress(state)


def registration(source: Any, t: TournamentState, actor: Principal, pid: str, deck: Decklist,
                 label: str, received: list[str] | None, now: str) -> RegisterDeck:
    """The registration of ``deck`` for ``pid`` with every fact from elsewhere; its pool
    may refuse (409 ``draft_not_finished`` / ``trade_not_finished`` while the player's
    pod is still going)."""
    product = t.section("product")
    used = used_set_ids(product)
    sets = load_sets(source, used)
    facts = product_facts(product, sets)
    if facts is None:   # own product (7.2.4): what this player brought, when it was entered
        facts = entry_facts(sources.state(source, PLAYER_PRODUCT,
                                          (t.id, pid)))
    pool = formats.pool_of(source, t, pid)
    play_started, round_in_progress = rounds(source, t)
    return RegisterDeck(
        player=pid, deck=deck, now=now, by=actor.id, label=label,
        received=list(received) if received is not None else None, pool=pool,
        product=facts, kinds=card_kinds(sets, used), round_in_progress=round_in_progress,
        by_staff=is_staff(actor, t), play_started=play_started)


def require_own_limits(source: Any, t: TournamentState, cards: list[str],
                       product: dict[str, Any] | None) -> None:
    """V:EKN 7.2.4: a pool of product the player brought stays within the advertised
    limits (422 ``invalid_pool`` listing every problem); nothing to check otherwise."""
    settings = ProductSettings.model_validate(t.section("product"))
    if settings.source != "own":
        return
    problems = own_pool_problems(settings.own, load_sets(source, settings.own.sets),
                                 list(cards), product)
    if problems:
        raise Invalid("this pool exceeds the limits advertised for own product", problems,
                      code="invalid_pool")
