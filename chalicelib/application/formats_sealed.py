"""The sealed limited formats as :mod:`.formats` knows them: sealed and the sealed-deck
swap (V:EKN 7.3, 7.3.2, stream ``sealed-<tid>``) and the restricted trade played with
the sealed pools (7.4, streams ``trade-<tid>`` and ``trade-<tid>-<n>``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..domain import sealed, trade
from ..domain.decks import pools
from ..domain.errors import NotFound
from ..domain.product import phase
from ..domain.tournament import TournamentState
from . import sources
from .pool_document import document, starters
from .reads import Reads

Read = Callable[[Any, Any], Any]      # (aggregate, key) -> state


def _product(read: Read, tid: str) -> sealed.SealedState:
    state: sealed.SealedState = read(sealed.SEALED, tid)
    return state


def _handed_out(read: Read, tid: str, pid: str) -> Any:
    product = _product(read, tid)
    if product.status == "new":
        raise NotFound("the sealed product has not been handed out", {"tournament_id": tid})
    if pid not in product.players:
        raise NotFound("this player has no sealed product", {"player_id": pid})
    return product


def _sealed_document(t: TournamentState, pid: str, product: Any,
                     final_once_opened: bool) -> dict[str, Any]:
    final = product.pools.get(pid)
    return document(t.id, pid, "sealed", final_once_opened and final is not None,
                    starters(product.starters_of(pid)), [],
                    list(final) if final is not None else None)


@dataclass(frozen=True)
class Sealed:
    """Product opened at the event (7.3); with ``swap`` registered and swapped (7.3.2)."""

    name: str
    swap: bool
    consumer = "sealed"                           # of entered product

    def started_here(self, read: Read, t: TournamentState) -> bool:
        return _product(read, t.id).status != "new"

    def open_items(self, read: Read, t: TournamentState) -> list[dict[str, Any]]:
        return phase.sealed_open(_product(read, t.id), swap=self.swap)

    def pool(self, read: Read, t: TournamentState, pid: str) -> list[str] | None:
        """7.3 / 7.3.2: the final sealed pool (after a swap, the product handed out)."""
        return pools.sealed_pool(_product(read, t.id), pid)

    def pool_document(self, reads: Reads, t: TournamentState, pid: str,
                      staff: bool) -> dict[str, Any]:
        """Final once opened (after a swap: the product received)."""
        return _sealed_document(t, pid, _handed_out(sources.reader(reads), t.id, pid), True)


class RestrictedTrade:
    """Sealed pools traded in pods (7.4)."""

    name = "restricted-trade"
    consumer = "sealed"

    def started_here(self, read: Read, t: TournamentState) -> bool:
        return _product(read, t.id).status != "new"

    def open_items(self, read: Read, t: TournamentState) -> list[dict[str, Any]]:
        prep = read(trade.TRADE_PREP, t.id)
        unfinished = [n for n in range(1, len(prep.pods) + 1)
                      if read(trade.TRADE_POD, (t.id, n)).status
                      != "completed"]
        return phase.trade_open(_product(read, t.id), formed=prep.formed,
                                unfinished=unfinished)

    def pool(self, read: Read, t: TournamentState, pid: str) -> list[str] | None:
        """7.4.3: what the player's trading pod left them."""
        n = read(trade.TRADE_PREP, t.id).pod_of(pid)
        if n is None:
            return None
        return pools.traded_pool(read(trade.TRADE_POD, (t.id, n)), pid)

    def pool_document(self, reads: Reads, t: TournamentState, pid: str,
                      staff: bool) -> dict[str, Any]:
        """What the trade left once the player's trading pod finished; until then the
        sealed pool, the trade's material (not final)."""
        read = sources.reader(reads)
        product = _handed_out(read, t.id, pid)
        n = read(trade.TRADE_PREP, t.id).pod_of(pid)
        if n is not None:
            pod = read(trade.TRADE_POD, (t.id, n))
            if pod.status == "completed":
                return document(t.id, pid, "trade", True, [], [],
                                pools.traded_pool(pod, pid), pod=n)
        return _sealed_document(t, pid, product, False)


SEALED = Sealed("sealed", swap=False)
SEALED_SWAP = Sealed("sealed-swap", swap=True)
RESTRICTED_TRADE = RestrictedTrade()
