"""Opening one pod of a started mixed draft: its ``StartMixedDraft`` derived from what
the roster recorded (pods, first seats, pile size and timers, the seed, the product the
organizer chose) and the tournament's product, draft profile and card sets, which are
fixed once it runs. The start commits only the roster; each pod opens afterwards in a
commit of its own (the ``open-roster-pods`` reaction), with the product the one-commit
start (:mod:`.setup`) would give it: starters dealt as to the whole field, boosters
collated per player from the seed."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..product.allocation import collate_packs, deal_starters, require_product
from ..product.cards import CardSet
from ..table_draft import clock
from ..table_draft.opening import require_pod
from ..table_draft.roster.state import RosterState
from ..table_draft.setup import kinds_of
from .commands import StartMixedDraft
from .pod_start import mixed_pod_start
from .setup import item_meta


def open_mixed_pod(*, roster: RosterState, n: int, product: Mapping[str, Any],
                   draft: Mapping[str, Any], sets: Mapping[str, CardSet]) -> StartMixedDraft:
    """The ``StartMixedDraft`` of pod ``n`` (1-based); its clock starts at the roster's
    start."""
    require_pod(roster, n)
    pod = roster.pods[n - 1]
    seed = roster.seed or ""
    meta: dict[str, list[dict[str, Any]]] | None = None
    if roster.packs is not None:
        opened = {pl: [list(c) for c in roster.packs[pl]] for pl in pod}
    else:
        p = require_product(product, sets)
        starters = deal_starters(p, sets, seed, roster.seated, only=pod)
        allocations = {pl: {"starters": starters[pl], "packs": collate_packs(p, sets, seed, pl)}
                       for pl in pod}
        opened = {pl: [s["cards"] for s in a["starters"]] + [x["cards"] for x in a["packs"]]
                  for pl, a in allocations.items()}
        meta = {pl: item_meta(a, sets) for pl, a in allocations.items()}
    return mixed_pod_start(
        n=n, pod=pod, first_seat=roster.first_seats[n - 1], opened=opened, meta=meta,
        kinds=kinds_of(sets), settings=roster.settings, seed=seed,
        own_picks=dict(draft).get("own_picks", "always"),
        now=clock.as_datetime(roster.formed_at or 0))
