"""Which cards a player may build from, read off the states of the product, draft and
trade aggregates (the service loads them; these functions only read), and whether a
round is being played (3.1.5: multi-deck changes only between rounds)."""
from __future__ import annotations

from typing import Any

from ..errors import Conflict
from ..product.allocation import pool_of


def _unfinished(what: str, pod: int, code: str) -> Conflict:
    return Conflict(f"the player's {what} pod has not finished", {"pod": pod}, code=code)


def _cards(starters: list[dict[str, Any]]) -> list[str]:
    return [card for starter in starters for card in starter["cards"]]


def sealed_pool(sealed: Any, pid: str) -> list[str] | None:
    """7.3 / 7.3.2: the final sealed pool (after a swap, the product handed out)."""
    pool = sealed.pools.get(pid)
    return list(pool) if pool is not None else None


def booster_draft_pool(draft: Any, pod: Any, pid: str) -> list[str]:
    """7.5 / 905.1d: starters kept as sealed product plus every pick; a late arrival's
    sealed product (7.2.6) when ``pid`` joined after the draft (``pod`` unused)."""
    if pid in draft.late:
        return pool_of(draft.late[pid])
    if not pod.finished:
        raise _unfinished("draft", pod.pod, "draft_not_finished")
    pool: list[str] = _cards(draft.starters_of(pid, pod)) + pod.pool(pod.seat_of[pid])
    return pool


def table_draft_pool(roster: Any, pod: Any, pid: str) -> list[str]:
    """7.7: starters kept aside plus every card taken from the table; a late arrival's
    sealed product (7.2.6) when ``pid`` joined after the draft (``pod`` unused)."""
    if pid in roster.late:
        return pool_of(roster.late[pid])
    if pod.status != "completed":
        raise _unfinished("draft", pod.pod, "draft_not_finished")
    return _cards(roster.starters_of(pid, pod)) + list(pod.pools.get(pid, ()))


def mixed_draft_pool(roster: Any, pod: Any, pid: str) -> list[str]:
    """7.8: the crypt cards table-drafted plus the library cards drafted from the piles;
    a late arrival's sealed product (7.2.6) when ``pid`` joined after the draft."""
    if pid in roster.late:
        return pool_of(roster.late[pid])
    if pod.status != "completed":
        raise _unfinished("draft", pod.pod, "draft_not_finished")
    return _cards(roster.starters_of(pid, pod)) + list(pod.crypt.pools.get(pid, ())) + \
        list(pod.library.get(pid, ()))


def traded_pool(pod: Any, pid: str) -> list[str]:
    """7.4.3: the 50 library cards, the 15 stock cards held when trading ended and the
    crypt completed with two sideboard cards; the rest of the sideboard is put away."""
    if pod.status != "completed":
        raise _unfinished("trading", pod.pod, "trade_not_finished")
    deck = pod.decks[pid]
    return list(deck["library"]) + [card for card, _ in pod.stock[pid]] + \
        list(pod.crypt_done.get(pid, deck["crypt"]))


def tables_round_in_progress(tables: Any) -> bool:
    """Seated and not every table reported; a final until it is scored."""
    if tables.final_started:
        return tables.final_result is None
    return tables.current is not None and not tables.current.complete


def swiss_round_in_progress(swiss: Any) -> bool:
    """Paired and not closed; the top cut throughout."""
    if swiss.cut is not None:
        return True
    return swiss.current is not None and not swiss.current.closed


def tables_play_started(tables: Any) -> bool:
    """The first round (or the final) has been seated."""
    return bool(tables.rounds) or tables.final_started


def swiss_play_started(swiss: Any) -> bool:
    """The first Swiss round (or the top cut) has been paired."""
    return bool(swiss.rounds) or swiss.cut is not None
