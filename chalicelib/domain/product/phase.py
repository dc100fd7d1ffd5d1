"""Whether a limited event's product phase is over: play (the first Swiss round, the
first tables round, free-for-all pod games) and deck building come after the product is
handed out, opened and drafted or traded (V:EKN 7.3.1, 7.5.4; Munchkin: draft, then
rounds), and no product phase starts once play has.

Pure: the HTTP layer reads the product, draft and trade aggregates' states and passes
them in. Late arrivals (V:EKN 7.2.6) receive sealed product on their own and never hold
play up: only the draft or trading pods and the sealed hand-out count."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

DRAFTS = {"booster-draft": "draft", "table-draft": "table draft", "mixed-draft": "mixed draft"}


def _item(kind: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, **extra, "message": message}


def _pods_open(what: str, kind: str, unfinished: Sequence[int]) -> list[dict[str, Any]]:
    if not unfinished:
        return []
    return [_item(kind, f"{what} pod(s) {', '.join(map(str, unfinished))} not finished",
                  pods=list(unfinished))]


def _sealed_open(sealed: Any, swap: bool) -> list[dict[str, Any]]:
    if sealed is None or sealed.status == "new":
        return [_item("sealed_not_handed_out", "the sealed product has not been handed out")]
    if sealed.status == "allocated":
        return [_item("sealed_not_opened", "the sealed product has not been opened")]
    if sealed.status == "opened" and swap:
        return [_item("swap_not_dealt", "the sealed-deck swap has not been dealt (7.3.2)")]
    return []


def started_here(fmt: str, *, draft_started: bool = False, sealed: Any = None) -> bool:
    """Whether the product phase began in Podium: the draft started, or the sealed
    product handed out (sealed, sealed swap, restricted trade)."""
    if fmt in DRAFTS:
        return draft_started
    return sealed is not None and sealed.status != "new"


def open_product(fmt: str, *, draft_started: bool = False,
                 unfinished_pods: Sequence[int] = (), sealed: Any = None,
                 trade_formed: bool = False,
                 pools_recorded: bool = False) -> list[dict[str, Any]]:
    """What is left of the product phase of a ``fmt`` event; empty when play may start.

    ``draft_started``: the booster draft started, or the table or mixed draft's pods
    formed; ``unfinished_pods``: numbers of its pods (or the trading pods) still going;
    ``sealed``: the sealed aggregate's state (sealed, sealed-swap, restricted trade);
    ``trade_formed``: the trading pods are formed (restricted trade);
    ``pools_recorded``: the staff recorded every active player's pool (7.2.3). A store
    that drafts or opens product at the table, not in Podium, records the pools instead:
    that ends the phase, unless the phase began in Podium (then it must finish here)."""
    if pools_recorded and not started_here(fmt, draft_started=draft_started, sealed=sealed):
        return []
    if fmt in DRAFTS:
        if not draft_started:
            return [_item("draft_not_started", f"the {DRAFTS[fmt]} has not started")]
        return _pods_open(DRAFTS[fmt], "draft_pods_open", unfinished_pods)
    if fmt in ("sealed", "sealed-swap"):
        return _sealed_open(sealed, swap=fmt == "sealed-swap")
    if fmt == "restricted-trade":
        missing = _sealed_open(sealed, swap=False)
        if missing:
            return missing
        if not trade_formed:
            return [_item("trade_pods_not_formed", "the trading pods have not been formed")]
        return _pods_open("trading", "trade_pods_open", unfinished_pods)
    return []


def play_started(*, swiss: Any = None, tables: Any = None, ffa: Any = None) -> bool:
    """The first Swiss round (or top cut) paired, the first tables round (or final)
    seated, or a free-for-all pod game reported."""
    if swiss is not None and (swiss.rounds or swiss.cut is not None):
        return True
    if tables is not None and (tables.rounds or tables.final_started):
        return True
    return ffa is not None and bool(ffa.pods)
