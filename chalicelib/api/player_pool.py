"""``GET .../players/{pid}/pool`` for the limited formats other than the booster draft
(which ``draft.get_pool`` answers itself): a table or mixed draft's starters and picks
(7.7, 7.8), the sealed pool (7.3, after a swap the product received, 7.3.2), and what a
restricted trade left (7.4.3). Late arrivals of a draft show their sealed product
(7.2.6). The caller is the player or staff (checked by the route)."""
from __future__ import annotations

from typing import Any

from ..domain import mixed, sealed, tabledraft, trade
from ..domain.decks import pools
from ..domain.errors import NotFound
from ..domain.tabledraft.roster import ROSTER, sealed_cards
from .common import read_state

_ROSTERS = {"table-draft": ("tdraft", tabledraft.TABLE_DRAFT, tabledraft.stream_id),
            "mixed-draft": ("mixed", mixed.MIXED_DRAFT, mixed.stream_id)}


def _reply(tid: str, pid: str, source: str, complete: bool, starters: list[dict],
           picks: list[str] | None, pool: list[str] | None, **extra: Any) -> dict[str, Any]:
    return {"tournament_id": tid, "player_id": pid, "source": source, **extra,
            "complete": complete, "starters": starters, "picks": picks, "pool": pool}


def _starters(items: list[dict]) -> list[dict]:
    return [{"set": s.get("set"), "starter": s.get("starter"), "cards": list(s["cards"])}
            for s in items]


def _roster_pool(rt, tournament, pid: str, staff: bool) -> dict[str, Any]:
    tid = tournament.id
    prefix, decider, pod_stream = _ROSTERS[tournament.format]
    roster = read_state(rt, ROSTER, f"{prefix}-{tid}")
    if not roster.formed:
        raise NotFound("the draft has not started", {"tournament_id": tid})
    if pid in roster.late:
        product = roster.late[pid]
        return _reply(tid, pid, "late-sealed", True, _starters(product.get("starters", [])),
                      [], sealed_cards(product))
    n = roster.pod_of(pid)
    if n is None:
        raise NotFound("this player has no draft product", {"player_id": pid})
    pod = read_state(rt, decider, pod_stream(tid, n))
    starters = _starters(roster.starters.get(pid, []))
    if tournament.format == "table-draft":
        picks: list[str] | None = list(pod.pools.get(pid, ()))    # 7.7: taken in view
    else:
        crypt = list(pod.crypt.pools.get(pid, ()))                 # the crypt table is public
        visible = staff or pod.library_visible(pid)
        picks = crypt + list(pod.library.get(pid, ())) if visible else None
    pool = None if picks is None else [c for s in starters for c in s["cards"]] + picks
    return _reply(tid, pid, "draft", pod.status == "completed", starters, picks, pool, pod=n)


def _sealed_pool(rt, tournament, pid: str) -> dict[str, Any]:
    tid = tournament.id
    product = read_state(rt, sealed.SEALED, sealed.stream_id(tid))
    if product.status == "new":
        raise NotFound("the sealed product has not been handed out", {"tournament_id": tid})
    if pid not in product.players:
        raise NotFound("this player has no sealed product", {"player_id": pid})
    if tournament.format == "restricted-trade":
        prep = read_state(rt, trade.TRADE_PREP, trade.prep_stream_id(tid))
        n = prep.pod_of(pid)
        if n is not None:
            pod = read_state(rt, trade.TRADE_POD, trade.pod_stream_id(tid, n))
            if pod.status == "completed":
                return _reply(tid, pid, "trade", True, [], [],
                              pools.traded_pool(pod, pid), pod=n)
    final = product.pools.get(pid)
    # a sealed pool is final once opened (after a swap: the product received); a
    # restricted trade's is the trade's material until its trading pod has finished
    complete = final is not None and tournament.format != "restricted-trade"
    return _reply(tid, pid, "sealed", complete, _starters(product.starters_of(pid)), [],
                  list(final) if final is not None else None)


def limited_pool(rt, tournament, pid: str, staff: bool) -> dict[str, Any]:
    """The pool reply for a table draft, mixed draft, sealed, sealed swap or restricted
    trade event."""
    if tournament.format in _ROSTERS:
        return _roster_pool(rt, tournament, pid, staff)
    return _sealed_pool(rt, tournament, pid)
