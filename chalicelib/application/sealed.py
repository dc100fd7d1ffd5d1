"""Sealed product (V:EKN 7.3, stream ``sealed-<tid>``) for the sealed, sealed-swap and
restricted-trade formats: staff hand it out (collated from the seed, the body's packs or
the product entered per player) and give everyone the signal to open it; players trade
starters before opening (7.2.4) and, in a swap, register what they opened before staff
deal the swap (7.3.2); late arrivals receive their own product (7.2.6).

Commands before the hand-out are refused with 409 ``not_started``; the product, its
feed and its log are 404 until then."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..auth import Principal, is_staff, require_tournament_staff
from ..domain import sealed, streams
from ..domain.errors import Conflict, Invalid
from ..domain.product.allocation import allocate
from ..domain.sealed.visibility import redact
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import handout, limited, page_bytes, sources, tournament
from .card_facts import lists_cards
from .formats_sealed import RESTRICTED_TRADE, SEALED, SEALED_SWAP
from .handout import EnteredProduct
from .product_phase import require_product_phase_not_over
from .reads import InvalidQuery, Reads
from .sets import product_sets

FORMATS = (SEALED.name, SEALED_SWAP.name, RESTRICTED_TRADE.name)
STAFF_PAGE = 250          # players per page of the staff view (and of a command's reply)
STAFF_PAGE_MAX = 500
# A page's per-player maps stop before this many bytes of JSON (with at least one player):
# 250 players of 24 boosters each weigh 4.5 MB, and the staff log's page holds the view's
# first page beside an event of up to 4 MB, within a Lambda reply's 6 MB (counted with
# the body's JSON escaped into the gateway's reply, about a tenth more).
STAFF_PAGE_BYTES = 1_000_000


def handed_out(source: Any, tid: str) -> sealed.SealedState:
    """The sealed product once handed out (409 ``not_started`` before)."""
    state = sources.state(source, sealed.SEALED, tid)
    if state.status == "new":
        raise Conflict("the sealed product has not been handed out",
                       {"tournament_id": tid}, code="not_started")
    return state


def staff_page(state: sealed.SealedState, after: str | None = None,
               limit: int | None = None) -> dict[str, Any]:
    """The staff view with its per-player maps for one page of ``players`` (in their
    order): those after the player ``after`` (absent: from the first), at most ``limit``
    (default :data:`STAFF_PAGE`) and within :data:`STAFF_PAGE_BYTES`; ``next``: the
    page's last player while more follow
    (400 ``invalid_query`` when ``after`` is no player of the product)."""
    size = STAFF_PAGE if limit is None else limit
    start = 0
    if after is not None:
        try:
            start = state.players.index(after) + 1
        except ValueError:
            raise InvalidQuery("query parameter 'after' is not a cursor of this product",
                               {"parameter": "after"}) from None
    shown = state.players[start:start + size]
    shown = shown[:_fitting(state, shown)]
    more = start + len(shown) < len(state.players)
    return {**sealed.view(state, staff=True, shown=shown),
            "next": shown[-1] if more and shown else None}


def _fitting(state: sealed.SealedState, players: Sequence[str]) -> int:
    """How many of ``players`` (in order) the staff page's maps hold within
    :data:`STAFF_PAGE_BYTES`: each one's id (a key in each map), starters, opened product,
    pool and received cards."""
    owned = state.starters_by_owner()
    return page_bytes.fitting([[player] * 6 + [owned.get(player), state.opened.get(player),
                                                state.pools.get(player),
                                                state.received_from.get(player)]
                               for player in players], budget=STAFF_PAGE_BYTES)


def _shown(reads: Reads, tid: str) -> sealed.SealedState:
    """The sealed product, to read (404 before the hand-out)."""
    return limited.started(reads, sealed.SEALED, tid,
                           "the sealed product has not been handed out", tid)


def _bulk(players: list[str], packs: dict[str, list[list[str]]]) -> dict[str, dict[str, Any]]:
    """The organizer's packs as allocations: every active player's, and only theirs."""
    missing = sorted(set(players) - set(packs))
    extra = sorted(set(packs) - set(players))
    if missing or extra:
        raise Invalid("enter the packs of every active player, and only theirs",
                      {"missing": missing, "not_active": extra}, code="invalid_packs")
    return {p: {"packs": [{"cards": cards} for cards in packs[p]], "starters": []}
            for p in players}


@lists_cards
def start(uow: UnitOfWork, actor: Principal, tid: str, hand_back_percent: int | None,
          starter_trading: bool | None, packs: dict[str, list[list[str]]] | None,
          entered: EnteredProduct | None) -> dict[str, Any]:
    """Staff hand out every active player's product before play: the product entered per
    player, else the body's ``packs``, else collated from the seed. Starter trading: the
    body's, else the product profile's; a sealed-swap event swaps after opening."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    tournament.require_running(t, formats=FORMATS)
    require_product_phase_not_over(uow, t, "handing out sealed product")
    product = t.section("product")
    players = [p.id for p in t.active_players()]
    if entered is not None:
        allocations = entered.allocations(uow, t)
    elif packs is not None:
        allocations = _bulk(players, packs)
    else:
        allocations = allocate(product, product_sets(uow, product), t.seed, players)
    trading = product.get("starter_trading", False) if starter_trading is None \
        else starter_trading
    state, _ = uow.decide(sealed.SEALED, tid, sealed.StartSealed(
        players=players, allocations=allocations, swap=t.format == SEALED_SWAP.name,
        hand_back_percent=hand_back_percent or 15, starter_trading=trading, now=uow.now))
    return staff_page(state)


# -- staff -------------------------------------------------------------------------------

def _staff_command(uow: UnitOfWork, actor: Principal, tid: str, command_of: Any
                   ) -> dict[str, Any]:
    """A staff command on the product: ``command_of(tournament)``; the staff view's first
    page (its ``next`` continues at ``GET .../sealed``)."""
    t = tournament.load(uow, tid, guard=False)
    require_tournament_staff(actor, t)
    state, _ = uow.decide(sealed.SEALED, tid, command_of(t))
    return staff_page(state)


@lists_cards
def open_product(uow: UnitOfWork, actor: Principal, tid: str) -> dict[str, Any]:
    """At the official's signal everyone opens their product; starter trading ends."""
    return _staff_command(uow, actor, tid, lambda t: sealed.OpenProduct(now=uow.now))


@lists_cards
def deal_swap(uow: UnitOfWork, actor: Principal, tid: str) -> dict[str, Any]:
    """7.3.2: hand back the chosen share, deal the rest at random from the seed."""
    return _staff_command(uow, actor, tid,
                          lambda t: sealed.DealSwap(seed=t.seed, now=uow.now))


@lists_cards
def late_arrival(uow: UnitOfWork, actor: Principal, tid: str, player_id: str) -> dict[str, Any]:
    """7.2.6: an active player added late receives their own product (entered for them,
    else collated from the seed)."""
    def command(t: TournamentState) -> sealed.AddLatePlayer:
        handed_out(uow, tid)
        tournament.active_player(t, player_id)
        allocation = handout.late_product(uow, t, player_id, "sealed", actor.id)
        return sealed.AddLatePlayer(player=player_id, allocation=allocation, now=uow.now)
    return _staff_command(uow, actor, tid, command)


# -- players -----------------------------------------------------------------------------

def _player_command(uow: UnitOfWork, actor: Principal, tid: str, command_of: Any
                    ) -> dict[str, Any]:
    """A player's command on their product: ``command_of(player)``; the event and the
    player's view (403 ``not_a_player`` for anyone else)."""
    player = limited.player_of(actor, tournament.checked_tid(tid))
    state, events = uow.decide(sealed.SEALED, tid, command_of(player))
    return {"event": {"type": events[0].type, **events[0].data},
            "sealed": sealed.view(state, player=player)}


@lists_cards
def offer_starter_trade(uow: UnitOfWork, actor: Principal, tid: str, give: str,
                        take: str) -> dict[str, Any]:
    """7.2.4: offer one of the player's starters for another player's, before opening."""
    return _player_command(uow, actor, tid, lambda player: sealed.ProposeStarterTrade(
        player=player, give=give, take=take, now=uow.now))


@lists_cards
def answer_starter_trade(uow: UnitOfWork, actor: Principal, tid: str, offer: str,
                         accept: bool) -> dict[str, Any]:
    """The player offered the trade accepts or declines; its proposer may withdraw."""
    return _player_command(uow, actor, tid, lambda player: sealed.AnswerStarterTrade(
        player=player, offer=offer, accept=accept, now=uow.now))


@lists_cards
def register_product(uow: UnitOfWork, actor: Principal, tid: str,
                     cards: list[str] | None) -> dict[str, Any]:
    """7.3.2: the player registers the product they opened (``cards`` must match it)."""
    return _player_command(uow, actor, tid, lambda player: sealed.RegisterProduct(
        player=player, cards=cards, now=uow.now))


# -- reads -------------------------------------------------------------------------------

@lists_cards
def progress(reads: Reads, actor: Principal | None, tid: str, after: str | None = None,
             limit: int | None = None) -> dict[str, Any]:
    """The public progress; with a token, the caller's own product (staff: everything,
    the per-player maps a page of players at a time: :func:`staff_page`)."""
    if actor is None:
        return limited.summary(reads, tid, "sealed")
    t = tournament.load(reads, tid)
    state = _shown(reads, tid)
    if is_staff(actor, t):
        return staff_page(state, after, limit)
    return sealed.view(state, player=limited.player_of(actor, tid))


@lists_cards
def events(reads: Reads, actor: Principal | None, tid: str, after: int = 0,
           limit: int = limited.EVENTS_PAGE) -> dict[str, Any]:
    """The product's events, contents shown only to their owner (and staff), a page at a
    time (``limited.feed``)."""
    _shown(reads, tournament.checked_tid(tid))
    player, staff = limited.viewer_of(actor, tournament.load(reads, tid))
    return limited.feed(reads, streams.sealed(tid),
                        lambda t, d: redact(t, d, player=player, staff=staff), after, limit)


@lists_cards
def log(reads: Reads, actor: Principal, tid: str, after: int = 0,
        limit: int = limited.EVENTS_PAGE) -> dict[str, Any]:
    """The staff view's first page and every event, a page at a time."""
    require_tournament_staff(actor, tournament.load(reads, tid))
    state = staff_page(_shown(reads, tid))
    events_, following = limited.event_log(reads, streams.sealed(tid), after, limit, state)
    return {"state": state, "events": events_, "next": following}
