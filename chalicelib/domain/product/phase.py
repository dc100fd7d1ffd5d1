"""Whether a limited event's product phase is over: play (the first Swiss round, the
first tables round, free-for-all pod games) and deck building come after the product is
handed out, opened and drafted or traded (V:EKN 7.3.1, 7.5.4; Munchkin: draft, then
rounds), and no product phase starts once play has.

Pure: the application layer's format objects (``application/formats.py``) read the
product, draft and trade aggregates' states and pass them to the check of their kind:
:func:`draft_open`, :func:`sealed_open` or :func:`trade_open`. Late arrivals (V:EKN
7.2.6) receive sealed product on their own and never hold play up: only the draft or
trading pods and the sealed hand-out count."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def _item(kind: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, **extra, "message": message}


def _pods_open(what: str, kind: str, unfinished: Sequence[int]) -> list[dict[str, Any]]:
    if not unfinished:
        return []
    return [_item(kind, f"{what} pod(s) {', '.join(map(str, unfinished))} not finished",
                  pods=list(unfinished))]


def draft_open(what: str, *, started: bool,
               unfinished: Sequence[int] = ()) -> list[dict[str, Any]]:
    """What is left of a draft (``what``: "draft", "table draft"...): its start, then
    its ``unfinished`` pods."""
    if not started:
        return [_item("draft_not_started", f"the {what} has not started")]
    return _pods_open(what, "draft_pods_open", unfinished)


def sealed_open(sealed: Any, *, swap: bool = False) -> list[dict[str, Any]]:
    """What is left of a sealed hand-out (``sealed``: the sealed aggregate's state): the
    hand-out, the opening and, for a sealed-deck swap (7.3.2), the deal."""
    if sealed is None or sealed.status == "new":
        return [_item("sealed_not_handed_out", "the sealed product has not been handed out")]
    if sealed.status == "allocated":
        return [_item("sealed_not_opened", "the sealed product has not been opened")]
    if sealed.status == "opened" and swap:
        return [_item("swap_not_dealt", "the sealed-deck swap has not been dealt (7.3.2)")]
    return []


def trade_open(sealed: Any, *, formed: bool,
               unfinished: Sequence[int] = ()) -> list[dict[str, Any]]:
    """What is left of a restricted trade (7.4): the sealed product it trades, the
    trading pods' forming, then its ``unfinished`` pods."""
    missing = sealed_open(sealed)
    if missing:
        return missing
    if not formed:
        return [_item("trade_pods_not_formed", "the trading pods have not been formed")]
    return _pods_open("trading", "trade_pods_open", unfinished)


def unless_recorded(items: list[dict[str, Any]], *, pools_recorded: bool,
                    started_here: bool) -> list[dict[str, Any]]:
    """``items`` (what is left of the phase), or nothing when a store drafted or opened
    the product at the table, not in Podium, and the staff recorded every active
    player's pool instead (7.2.3): that ends the phase, unless the phase began in Podium
    (``started_here``: the draft started or the sealed product was handed out here)."""
    if pools_recorded and not started_here:
        return []
    return items


def play_started(*, swiss: Any = None, tables: Any = None, ffa: Any = None) -> bool:
    """The first Swiss round (or top cut) paired, the first tables round (or final)
    seated, or a free-for-all pod game reported."""
    if swiss is not None and (swiss.rounds or swiss.cut is not None):
        return True
    if tables is not None and (tables.rounds or tables.final_started):
        return True
    return ffa is not None and bool(ffa.pods)
