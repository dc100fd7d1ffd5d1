"""The commands that start a mixed draft: pods, and every player's whole product
(starters and boosters, all opened, 7.8)."""
from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ..errors import Invalid
from ..product.allocation import allocate
from ..product.cards import CardSet
from ..table_draft.roster.commands import FormPods
from ..table_draft.setup import entered_problems, kinds_of, plan_pods
from .commands import StartMixedDraft
from .pod_start import mixed_pod_start


def item_meta(allocation: Mapping[str, Any], sets: Mapping[str, CardSet]) -> list[dict[str, Any]]:
    """What each opened item of a collated allocation should be, starters first (7.2.5)."""
    return ([{"set": s["set"], "starter": s["starter"], "size": len(s["cards"])}
             for s in allocation["starters"]]
            + [{"set": p["set"], "booster": p["booster"],
                "size": sets[p["set"]].booster(p["booster"]).size}
               for p in allocation["packs"]])


def mixed_draft_commands(*, seed: str, players: list[str], product: Mapping[str, Any],
                         draft: Mapping[str, Any], sets: Mapping[str, CardSet], now: datetime | str,
                         pile_size: int, pick_seconds: int | None, review_seconds: int,
                         library_pick_seconds: int | None,
                         explicit_pods: list[list[str]] | None = None,
                         first_seats: Mapping[int, str] | None = None,
                         entered: Mapping[str, list[list[str]]] | None = None,
                         with_pods: bool = True,
                         ) -> tuple[FormPods, list[StartMixedDraft]]:
    """Every player's whole product opened and drafted (7.8). ``with_pods`` False: the
    roster alone (each pod opens later from it, :mod:`.opening`)."""
    kinds = kinds_of(sets)
    if entered is not None:
        problems = entered_problems(entered, players, kinds)
        if problems:
            raise Invalid("the entered product cannot be drafted", problems,
                          code="invalid_packs")
        opened = {pl: [list(c) for c in entered[pl]] for pl in players}
        meta = None     # entered items are plain card lists: what each should be is unknown
    else:
        allocations = allocate(product, sets, seed, players)
        opened = {pl: [s["cards"] for s in a["starters"]] + [x["cards"] for x in a["packs"]]
                  for pl, a in allocations.items()}
        meta = {pl: item_meta(a, sets) for pl, a in allocations.items()}
    if not any(c for pl in players for pack in opened[pl] for c in pack):
        raise Invalid("there is no product to draft", code="no_product")
    pods, firsts = plan_pods(players, draft, seed, "mixed-draft-pods", explicit_pods,
                             first_seats)
    settings = {"pile_size": pile_size, "pick_seconds": pick_seconds,
                "review_seconds": review_seconds, "library_pick_seconds": library_pick_seconds}
    starts = [mixed_pod_start(n=n, pod=pod, first_seat=firsts[n - 1], opened=opened, meta=meta,
                              kinds=kinds, settings=settings, seed=seed, now=now,
                              own_picks=dict(draft).get("own_picks", "always"))
              for n, pod in enumerate(pods, start=1) if with_pods]
    form = FormPods(capability="mixed-draft", pods=pods, first_seats=firsts,
                    settings=settings, now=now,
                    chosen=[name for name, given in (("pods", explicit_pods), ("packs", entered))
                            if given is not None],
                    seed=seed, packs=None if entered is None else
                    {pl: [list(c) for c in entered[pl]] for pl in players})
    return form, starts
