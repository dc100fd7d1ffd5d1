"""Public summaries of the limited formats owned by issue #4: table draft, mixed draft,
sealed (and swap), restricted trade. Each doc is written by the events of one stream:
``limited:<tid>:<capability>`` by the tournament-level stream, ``...:pod:<n>`` by that
pod's stream. Hidden information (packs, pools, face-down cards) never lands here."""
from __future__ import annotations

from typing import Any

from ..domain import streams
from ..domain.events import Event
from ..domain.mixed_draft import events as mixed_ev
from ..domain.sealed import events as sealed_ev
from ..domain.table_draft import events as table_ev
from ..domain.trade import events as trade_ev
from .queries.limited import ACTIVE_KIND, pod_id, summary_id
from .registry import Projection, Stored, ViewTx
from .stream_ids import capability_of, pod_of, tid_of

projection = Projection("limited")


def active_id(stream_id: str) -> str:
    """A running table or mixed draft pod, listed for the scheduled timer sweep."""
    return f"limited-active:{stream_id}"


def _parts(event: Stored[Event]) -> tuple[str, str, int | None]:
    """(capability, tid, pod number or None) from ``<prefix>-<tid>[-<n>]``."""
    sid = event.stream_id
    return capability_of(sid), tid_of(sid), streams.pod_number_of(sid)


def _pod(tx: ViewTx, event: Stored[Event], **changes: Any) -> None:
    capability, tid, _ = _parts(event)
    n = pod_of(event.stream_id)
    doc = dict(tx.get(pod_id(tid, capability, n)) or {"pod": n, "status": "drafting"})
    doc.update(changes, updated_at=event.recorded_at)
    tx.put(pod_id(tid, capability, n), doc, kind="limited-pod", sort=f"{tid}|{n:05d}")


# ---- table and mixed drafts ------------------------------------------------------------
@projection.on(table_ev.LimitedPodsFormed)
def _pods_formed(event: Stored[table_ev.LimitedPodsFormed], tx: ViewTx) -> None:
    capability, tid, _ = _parts(event)
    d = event.event
    tx.put(summary_id(tid, capability), {
        "tournament_id": tid, "capability": d.capability, "started_at": d.at,
        "settings": d.settings,
        "pods": [{"pod": n, "players": pod, "first_seat": d.first_seats[n - 1]}
                 for n, pod in enumerate(d.pods, start=1)],
        # the roster's (version 1); since, each pod's own (:func:`_pod_started`)
        "sealed_starters": _kept(d.starters or {}),
    }, kind="limited", sort=tid)


def _kept(starters: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Which starters each player keeps as sealed product (not their cards)."""
    return {p: [{"set": s.get("set"), "starter": s.get("starter")} for s in items]
            for p, items in starters.items()}


@projection.on(table_ev.TableDraftStarted, mixed_ev.MixedDraftStarted)
def _pod_started(event: Stored[table_ev.TableDraftStarted | mixed_ev.MixedDraftStarted],
                 tx: ViewTx) -> None:
    capability, tid, n = _parts(event)
    if isinstance(event.event, table_ev.TableDraftStarted) and capability != "table-draft":
        return      # the crypt phase of a mixed draft, listed by mixed_ev.MixedDraftStarted
    if isinstance(event.event, table_ev.TableDraftStarted) and event.event.starters:
        # the summary lists them with the roster's (application/limited.summary)
        _pod(tx, event, sealed_starters=_kept(event.event.starters))
    tx.put(active_id(event.stream_id), {"tournament_id": tid, "capability": capability,
                                        "pod": n}, kind=ACTIVE_KIND, sort=event.stream_id)


@projection.on(table_ev.TableSetRevealed)
def _set_revealed(event: Stored[table_ev.TableSetRevealed], tx: ViewTx) -> None:
    d = event.event
    mixed = capability_of(event.stream_id) == "mixed-draft"
    _pod(tx, event, phase="crypt" if mixed else "table", pack=d.pack, set=d.set,
         active=d.active)


@projection.on(table_ev.TableCardPicked)
def _table_picked(event: Stored[table_ev.TableCardPicked], tx: ViewTx) -> None:
    _pod(tx, event, picks=event.event.pick)


@projection.on(table_ev.TableDraftCompleted)
def _table_done(event: Stored[table_ev.TableDraftCompleted], tx: ViewTx) -> None:
    if capability_of(event.stream_id) == "table-draft":
        _pod(tx, event, status="completed", completed_at=event.event.at)
        tx.delete(active_id(event.stream_id))


@projection.on(mixed_ev.MixedLibraryRoundStarted)
def _library_round(event: Stored[mixed_ev.MixedLibraryRoundStarted], tx: ViewTx) -> None:
    _pod(tx, event, phase="library", round=event.event.round,
         direction=event.event.direction)


@projection.on(mixed_ev.MixedDraftCompleted)
def _mixed_done(event: Stored[mixed_ev.MixedDraftCompleted], tx: ViewTx) -> None:
    _pod(tx, event, status="completed", completed_at=event.event.at)
    tx.delete(active_id(event.stream_id))


# ---- sealed ------------------------------------------------------------------------------
def _sealed(tx: ViewTx, event: Stored[Event], change) -> None:
    tid = tid_of(event.stream_id)
    doc = tx.get(summary_id(tid, "sealed"))
    doc = change(dict(doc)) if doc is not None else change({})
    tx.put(summary_id(tid, "sealed"), doc, kind="limited", sort=tid)


@projection.on(sealed_ev.SealedStarted)
def _sealed_started(event: Stored[sealed_ev.SealedStarted], tx: ViewTx) -> None:
    d = event.event
    tid = tid_of(event.stream_id)
    _sealed(tx, event, lambda doc: {
        "tournament_id": tid, "status": "allocated", "swap": d.swap,
        "hand_back_percent": d.hand_back_percent if d.swap else None,
        "starter_trading": d.starter_trading, "players": d.players,
        "started_at": d.at, "opened_at": None, "registered": [], "dealt_at": None,
        "handed_back_count": None, "starter_trades": 0, "late_arrivals": []})


@projection.on(sealed_ev.StarterTradeAccepted)
def _starter_traded(event: Stored[sealed_ev.StarterTradeAccepted], tx: ViewTx) -> None:
    _sealed(tx, event, lambda doc: {**doc, "starter_trades": doc["starter_trades"] + 1})


@projection.on(sealed_ev.SealedProductOpened)
def _opened(event: Stored[sealed_ev.SealedProductOpened], tx: ViewTx) -> None:
    _sealed(tx, event, lambda doc: {**doc, "opened_at": event.event.at,
                                    "status": "opened" if doc["swap"] else "final"})


@projection.on(sealed_ev.SealedProductRegistered)
def _registered(event: Stored[sealed_ev.SealedProductRegistered], tx: ViewTx) -> None:
    _sealed(tx, event, lambda doc: {
        **doc, "registered": sorted(set(doc["registered"]) | {event.event.player})})


@projection.on(sealed_ev.SealedSwapDealt)
def _dealt(event: Stored[sealed_ev.SealedSwapDealt], tx: ViewTx) -> None:
    _sealed(tx, event, lambda doc: {**doc, "status": "final", "dealt_at": event.event.at,
                                    "handed_back_count": len(event.event.handed_back)})


@projection.on(sealed_ev.SealedLateArrival)
def _late(event: Stored[sealed_ev.SealedLateArrival], tx: ViewTx) -> None:
    _sealed(tx, event, lambda doc: {
        **doc, "players": doc["players"] + [event.event.player],
        "late_arrivals": doc["late_arrivals"] + [event.event.player]})


# ---- restricted trade --------------------------------------------------------------------
def _trade(tx: ViewTx, event: Stored[Event], change) -> None:
    _, tid, _ = _parts(event)
    doc = tx.get(summary_id(tid, "trade")) or {
        "tournament_id": tid, "set_up": [], "pods": [], "formed_at": None}
    tx.put(summary_id(tid, "trade"), change(dict(doc)), kind="limited", sort=tid)


@projection.on(trade_ev.TradeDeckSet)
def _deck_set(event: Stored[trade_ev.TradeDeckSet], tx: ViewTx) -> None:
    _trade(tx, event, lambda doc: {
        **doc, "set_up": sorted(set(doc["set_up"]) | {event.event.player})})


@projection.on(trade_ev.TradePodsFormed)
def _trade_pods(event: Stored[trade_ev.TradePodsFormed], tx: ViewTx) -> None:
    d = event.event
    _trade(tx, event, lambda doc: {
        **doc, "formed_at": d.at,
        "pods": [{"pod": n, "players": pod, "first_seat": d.first_seats[n - 1]}
                 for n, pod in enumerate(d.pods, start=1)]})


@projection.on(trade_ev.TradeTurnStarted)
def _turn(event: Stored[trade_ev.TradeTurnStarted], tx: ViewTx) -> None:
    _pod(tx, event, status="trading", turn=event.event.turn, active=event.event.player)


@projection.on(trade_ev.TradeAccepted)
def _accepted(event: Stored[trade_ev.TradeAccepted], tx: ViewTx) -> None:
    tid, n = tid_of(event.stream_id), pod_of(event.stream_id)
    doc = tx.get(pod_id(tid, "trade", n)) or {}
    _pod(tx, event, trades=doc.get("trades", 0) + 1)


@projection.on(trade_ev.TradingEnded)
def _trading_ended(event: Stored[trade_ev.TradingEnded], tx: ViewTx) -> None:
    _pod(tx, event, status="adding-crypt", active=None, trades=event.event.trades)


@projection.on(trade_ev.TradePodCompleted)
def _trade_done(event: Stored[trade_ev.TradePodCompleted], tx: ViewTx) -> None:
    _pod(tx, event, status="completed", completed_at=event.event.at)
