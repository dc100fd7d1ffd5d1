"""Sealed product and restricted-trade pods re-derived from the seed: the packs and
starters a sealed start collated and dealt, the sealed-deck swap, the trading pods."""
from __future__ import annotations

from typing import Any

from ..domain.pods.assignment import assign_pods, pod_sizes
from ..domain.product.allocation import collate_packs, deal_starters
from ..domain.sealed.commands import DealSwap
from ..domain.sealed.decide import decide as sealed_decide
from ..domain.trade.prep.decide import POD_MAX, POD_MIN
from .context import Context
from .findings import Finding, NotChecked, Recorded, differences
from .product_source import chosen, chosen_findings, not_collated, product_of
from .rederive import decided, guarded


def sealed_started(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    def work() -> list[Finding]:
        d = event.data
        out: list[Finding] = []
        players = list(d.get("players") or [])
        collated = {p: items for p, items in (d.get("packs") or {}).items()
                    if any("set" in item for item in items)}
        if collated:
            skip = not_collated(ctx, event)
            if skip:
                return skip
        for player, items in collated.items():
            derived = collate_packs(product_of(ctx), ctx.sets, ctx.seed or "", player)
            out += differences(event, f"packs.{player}", items, derived)
        product = product_of(ctx)
        if product.starters and collated:
            dealt = deal_starters(product, ctx.sets, ctx.seed or "", players)
            recorded: dict[str, list[Any]] = {}
            for item in d.get("starters") or []:
                recorded.setdefault(item["owner"], []).append(
                    {"set": item["set"], "starter": item["starter"], "cards": item["cards"]})
            out += differences(event, "starters", recorded,
                               {p: dealt[p] for p in players if dealt[p]})
        if not collated and players:
            out.append(NotChecked(event, "the packs were entered by the staff, not "
                                         "collated from the seed"))
        return out
    return guarded(event, work)


def swap_dealt(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    command = DealSwap(seed=ctx.seed or "x", now=event.recorded_at or "1970-01-01T00:00:00Z")
    return guarded(event, lambda: decided(
        event, lambda: sealed_decide(command, state),
        ["hand_back", "handed_back", "received_from", "pools"]))


def trade_pods(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    def work() -> list[Finding]:
        pods = event.data.get("pods") or []
        if chosen(event.data, "pods"):
            return chosen_findings(event, "pods")
        players = [p for pod in pods for p in pod]
        sizes = pod_sizes(len(players), POD_MIN, POD_MAX, POD_MAX)
        return differences(event, "pods", pods,
                           assign_pods(players, sizes, ctx.seed or "", "trade-pods"))
    return guarded(event, work)
