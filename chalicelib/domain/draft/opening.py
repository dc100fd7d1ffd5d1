"""Opening one pod of a started booster draft: the ``OpenPod`` of pod ``n`` derived from
the draft's start alone (its pods, rounds, the seed it recorded and the packs the
organizer chose, if any) and the tournament's settings and card sets, which are fixed
once it runs. The start commits only ``DraftStarted``; each pod is opened afterwards in
a commit of its own (``reactions/drafts.py``), and the same pod always gets the same
packs, so a replay or the verifier re-derives every one."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Conflict
from ..product.allocation import booster_plan, collate_packs, deal_starters, require_product
from ..product.cards import CardSet, card_index
from ..profiles.draft import DraftSettings
from ..profiles.product import ProductSettings
from .commands import OpenPod
from .roster.state import DraftState


def specials_of(sets: Mapping[str, CardSet], product: ProductSettings) -> dict[str, dict[str, Any]]:
    """Card -> its draft action (face-up, reveal...) for the cards of the boosters drafted."""
    used = {spec.set for spec in product.boosters}
    index = card_index(sets[s] for s in sorted(used))
    return {cid: {"action": c.draft_action, "prompt": c.reveal_prompt,
                  "choices": c.reveal_choices}
            for cid, c in index.items() if c.draft_action}


def open_pod_command(*, tournament: str, draft: DraftState, n: int, seed: str,
                     product: Mapping[str, Any], settings: Mapping[str, Any],
                     sets: Mapping[str, CardSet]) -> OpenPod:
    """The ``OpenPod`` of pod ``n`` (1-based) of ``draft``: each seat's packs as the
    organizer chose them (``draft.packs``) or collated for that player from ``seed``;
    the pod's clock starts at the draft's start."""
    if not draft.started or not 1 <= n <= len(draft.pods):
        raise Conflict(f"the draft has no pod {n} to open", {"pod": n, "pods": len(draft.pods)})
    p = require_product(product, sets)
    d = DraftSettings.model_validate(dict(settings))
    rounds = draft.rounds
    plan = booster_plan(p)[:rounds]
    pod = list(draft.pods[n - 1])
    if draft.packs is not None:
        per_player = {pl: [list(c) for c in draft.packs[pl][:rounds]] for pl in pod}
    else:
        per_player = {pl: [x["cards"] for x in collate_packs(p, sets, seed, pl, 0, rounds)]
                      for pl in pod}
    packs = [[per_player[pl][r] for pl in pod] for r in range(rounds)]
    meta = [[{"set": plan[r]["set"], "booster": plan[r]["booster"],
              "size": sets[plan[r]["set"]].booster(plan[r]["booster"]).size}
             for _ in pod] for r in range(rounds)]
    timer = {"pick_seconds": d.pick_seconds,
             "pick_seconds_by_cards_left": d.pick_seconds_by_cards_left,
             "review_seconds": d.review_seconds}
    # dealt as to the whole field, unless the start recorded everyone's
    kept = (deal_starters(p, sets, seed, draft.seated, only=pod)
            if draft.starters is None and p.starters else None)
    return OpenPod(tournament=tournament, pod=n, seed=seed, seats=pod, packs=packs,
                   now=draft.started_at or 0, pack_meta=meta, timer=timer,
                   own_picks=d.own_picks, specials=specials_of(sets, p), starters=kept)
