"""Restricted trade (Michigan), V:EKN 7.4: each player sets up a trade deck from their
sealed pool (``trade-<tid>``), staff form the trading pods (``trade-<tid>-<n>``), players
offer, accept and decline trades in turn and complete their crypts; each pod's feed is
for its players and staff, its log for staff."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain import sealed, streams, trade
from ..domain.errors import Conflict
from ..domain.table_draft.setup import kinds_of
from ..domain.trade.visibility import redact
from ..service import UnitOfWork
from . import limited, sources, tournament, trade_opening
from .card_facts import lists_cards
from .formats_sealed import RESTRICTED_TRADE
from .pod_opening import still_opening
from .product_phase import require_product_phase_not_over
from .reads import Reads
from .sealed import handed_out
from .sets import product_sets

FORMAT = (RESTRICTED_TRADE.name,)


def pod(source: Any, tid: str, n: int) -> trade.TradePodState:
    """Trading pod ``n`` (404 while there is none; 409 ``pod_opening`` while the pods
    are formed and this one is still being opened, :mod:`.trade_opening`)."""
    if trade_opening.opening(source, tid, n):
        raise still_opening(tid, n, "its players are being seated")
    return limited.started(source, trade.TRADE_POD, (tid, n),
                           f"no trading pod {n}", tid)


@lists_cards
def set_deck(uow: UnitOfWork, actor: Principal, tid: str, library: list[str],
             stock: list[str], crypt: list[str], sideboard: list[str]) -> dict[str, Any]:
    """7.4.1: a player's library of exactly 50, trade stock of 15 unused library cards,
    crypt of 10 and the remaining crypt cards as sideboard, all from their sealed pool
    (409 ``no_pool`` until their product is handed out and opened); changed at will
    until the pods are formed."""
    player = limited.player_of(actor, tournament.checked_tid(tid))
    t = tournament.load(uow, tid, guard=False)
    tournament.require_running(t, formats=FORMAT)
    pool = sources.state(uow, sealed.SEALED, tid).pools.get(player)
    if pool is None:
        raise Conflict("your sealed product is not open yet", {"player_id": player},
                       code="no_pool")
    kinds = kinds_of(product_sets(uow, t.section("product")))
    state, _ = uow.decide(trade.TRADE_PREP, tid, trade.SetTradeDeck(
        player=player, deck=trade.TradeDeck(library=library, stock=stock, crypt=crypt,
                                            sideboard=sideboard),
        pool=list(pool), kinds={c: kinds.get(c, "unknown") for c in set(pool)},
        now=uow.now))
    return {"tournament_id": tid, "player_id": player, **state.decks[player]}


def form_pods(uow: UnitOfWork, actor: Principal, tid: str, pods: list[list[str]] | None,
              first_seats: dict[str, str] | None) -> dict[str, Any]:
    """7.4.2: staff form random pods of four or five (or ``pods``) of the players with
    sealed product, each with its first seat designated by the judge (``first_seats``:
    pod number -> player); trading starts at once with every stock face up."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    tournament.require_running(t, formats=FORMAT)
    require_product_phase_not_over(uow, t, "forming the trading pods")
    product = handed_out(uow, tid)
    players = [p.id for p in t.active_players() if p.id in product.pools]
    prep, _ = uow.decide(trade.TRADE_PREP, tid, trade.FormTradePods(
        players=players, seed=t.seed, pods=pods,
        first_seats=limited.first_seats(first_seats), now=uow.now))
    # only the pods formed: each opens in a commit of its own right after (the
    # open-trade-pods reaction, application/trade_opening.py)
    formed = list(enumerate(prep.pods, start=1))
    return {"tournament_id": tid, "pods": [
        {"pod": n, "players": list(members), "first_seat": prep.first_seats[n - 1]}
        for n, members in formed]}


# -- in a pod ----------------------------------------------------------------------------

def _pod_command(uow: UnitOfWork, actor: Principal, tid: str, n: int,
                 command_of: Callable[[str, datetime], Any]) -> dict[str, Any]:
    """A player's command in their pod: ``command_of(player, now)``; its events and the
    pod as the player sees it (403 ``not_a_player``, ``not_in_pod``)."""
    player = limited.player_of(actor, tournament.checked_tid(tid))
    pod(uow, tid, n)
    state, events = uow.decide(trade.TRADE_POD, (tid, n),
                               command_of(player, uow.now))
    return {"events": [{"type": e.type, **e.data} for e in events],
            "pod": trade.view(state, player=player)}


@lists_cards
def offer(uow: UnitOfWork, actor: Principal, tid: str, n: int, target: str,
          slot: int) -> dict[str, Any]:
    """The active player selects a face-up stock card of another player of the pod."""
    return _pod_command(uow, actor, tid, n, lambda player, now: trade.OfferTrade(
        player=player, target=target, slot=slot, now=now))


@lists_cards
def accept(uow: UnitOfWork, actor: Principal, tid: str, n: int, slot: int) -> dict[str, Any]:
    """The selected player gives one of their face-up cards (``slot``) in exchange."""
    return _pod_command(uow, actor, tid, n, lambda player, now: trade.AcceptTrade(
        player=player, slot=slot, now=now))


@lists_cards
def decline(uow: UnitOfWork, actor: Principal, tid: str, n: int) -> dict[str, Any]:
    """The selected player declines the offer."""
    return _pod_command(uow, actor, tid, n,
                        lambda player, now: trade.DeclineTrade(player=player, now=now))


@lists_cards
def add_crypt(uow: UnitOfWork, actor: Principal, tid: str, n: int,
              cards: list[str]) -> dict[str, Any]:
    """7.4.3: once trading is over, the player completes their crypt from the sideboard."""
    return _pod_command(uow, actor, tid, n, lambda player, now: trade.AddCrypt(
        player=player, cards=cards, now=now))


# -- reads -------------------------------------------------------------------------------

def summary(reads: Reads, tid: str) -> dict[str, Any]:
    """Who has set up, the pods and their progress (public; a pod without any is still
    ``opening``: pods open after they are formed, each in its own commit)."""
    doc = limited.summary(reads, tid, "trade")
    return {**doc, "pods": [p if "status" in p else {**p, "status": "opening"}
                            for p in doc.get("pods", [])]}


@lists_cards
def pod_view(reads: Reads, actor: Principal | None, tid: str, n: int) -> dict[str, Any]:
    """Face-up stock cards to the pod's players and staff; anyone else sees whose turn
    it is and the counts."""
    t = tournament.load(reads, tid)
    state = pod(reads, tid, n)
    player, staff = limited.viewer_of(actor, t)
    return trade.view(state, player=player, staff=staff)


@lists_cards
def events(reads: Reads, actor: Principal | None, tid: str, n: int, after: int = 0,
           limit: int = limited.EVENTS_PAGE) -> dict[str, Any]:
    """The pod's events for its players and staff (offers, answers and turns are public
    to the pod), a page at a time; 403 ``not_in_pod`` for anyone else."""
    members = pod(reads, tournament.checked_tid(tid), n).players
    limited.staff_or_member(actor, tournament.load(reads, tid), members)
    return limited.pod_feed(reads, actor, tid, n, pod, streams.trade_pod, redact,
                            after, limit)


@lists_cards
def log(reads: Reads, actor: Principal, tid: str, n: int, after: int = 0,
        limit: int = limited.EVENTS_PAGE) -> dict[str, Any]:
    """The pod's whole state and its events, a page at a time (staff)."""
    return limited.pod_log(reads, actor, tid, n, pod, trade.view, streams.trade_pod,
                           after, limit)
