"""A booster draft driven by its players: each picks from the pack in front of them until
every pod has finished; checks that every opened card ended in exactly one pool."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..client import Api


def pick_body(view: dict[str, Any]) -> dict[str, Any]:
    """The first card that needs no reveal note (or the first card, with a note)."""
    special = view.get("reveal") or {}
    card = next((c for c in view["pack"] if c not in special), view["pack"][0])
    body: dict[str, Any] = {"card": card, "round": view["round"], "pick": view["pick"]}
    if card in special and special[card].get("action") == "reveal":
        body["note"] = (special[card].get("choices") or ["noted"])[0]
    return body


def staff_fixes(api: Api, ev, judge: str) -> dict[str, Any]:
    """After the packs are opened: a judge replaces seat 2's second pack in pod 1, found
    short (V:EKN 7.2.5; no cards named: the seed collates a fresh booster of the same
    kind), and a player arriving late receives sealed product (7.2.6)."""
    base = f"{ev.base}/draft"
    replaced = api.post(f"{base}/pods/1/replacements",
                        {"seat": 2, "round": 2, "reason": "the pack was short"}, token=judge)
    late = ev.late_arrival(f"{ev.tid} late arrival")
    product = api.post(f"{base}/late-arrivals", {"player_id": late}, token=judge)
    if not replaced["cards"] or not product["pool"]:
        raise AssertionError(f"no replacement or late product: {replaced} {product}")
    return {"replacements": 1, "late_arrivals": 1}


def run_draft(api: Api, ev, body: dict[str, Any] | None = None,
              judge: str | None = None) -> dict[str, Any]:
    """``judge``: that judge fixes the product before the first pick (:func:`staff_fixes`)
    and takes the first pick of pod 1 for its absent first player (V:EKN 7.5.3: as an
    expired timer would, the seed's card)."""
    base = f"{ev.base}/draft"
    started = api.post(base, body or {}, token=ev.org)
    seats = {pod["pod"]: [s["player_id"] for s in pod["seats"]] for pod in started["pods"]}
    fixed = staff_fixes(api, ev, judge) if judge else {}
    if judge:
        api.post(f"{base}/pods/1/players/{seats[1][0]}/pick-for", token=judge)
    opened = Counter()
    for n in seats:
        log = api.get(f"{base}/pods/{n}/log", token=ev.org)
        opened += Counter(c for rnd in log["packs"] for pack in rnd for c in pack["cards"])
    picks = 0
    for _ in range(500):                               # bounded: one pass per pick round
        if api.get(base)["status"] == "finished":
            break
        for n, players in seats.items():
            for player in players:
                path = f"{base}/pods/{n}"
                view = api.get(path + "/me", token=ev.token[player])
                while view.get("pack"):
                    reply = api.post(path + "/picks", pick_body(view), token=ev.token[player])
                    view = reply["me"]
                    picks += 1
    else:
        raise AssertionError("draft did not finish")
    pooled = Counter()
    pools = {}
    for player in ev.token:
        if not any(player in p for p in seats.values()):
            continue
        pool = api.get(f"{ev.base}/players/{player}/pool", token=ev.org)
        if not pool["complete"]:
            raise AssertionError(f"pool of {player} not complete")
        pools[player] = pool["pool"]
        pooled += Counter(pool["picks"])          # drafted cards only (starters aside)
    drafted = sum(pooled.values())
    picks += 1 if judge else 0                          # the judge's pick
    if picks != sum(opened.values()):
        raise AssertionError(f"{picks} picks for {sum(opened.values())} opened cards")
    return {"pods": len(seats), "seats": seats, "picks": picks, "opened": opened,
            "pools": pools, "pooled": pooled, "pooled_cards": drafted, **fixed}
