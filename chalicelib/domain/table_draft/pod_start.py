"""One pod's ``StartTableDraft`` (V:EKN 7.7), built the same way whether the start plans
every pod at once (:mod:`.setup`) or each pod opens afterwards in a commit of its own
from what the roster recorded (:mod:`.opening`)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from ..product.allocation import collate_packs
from ..product.cards import CardSet
from ..profiles.product import ProductSettings
from .commands import StartTableDraft


def table_pod_start(*, n: int, pod: Sequence[str], first_seat: str, product: ProductSettings,
                    sets: Mapping[str, CardSet], seed: str, rounds: int,
                    entered: Mapping[str, list[list[str]]] | None, kinds: Mapping[str, str],
                    meta: list[dict[str, Any]], pick_seconds: int | None,
                    review_seconds: int, now: datetime | str,
                    starters: Mapping[str, list[dict[str, Any]]] | None = None
                    ) -> StartTableDraft:
    """Pod ``n``'s start: each seat's packs as entered or collated from ``seed``; the
    starters its players keep (``starters``: dealt to the whole field, or None)."""
    packs = [([list(c) for c in entered[pl]] if entered is not None else
              [x["cards"] for x in collate_packs(product, sets, seed, pl, 0, rounds)])
             for pl in pod]
    return StartTableDraft(
        pod=n, players=list(pod), first_seat=first_seat, packs=packs,
        kinds={c: kinds[c] for seat in packs for pack in seat for c in pack},
        pick_seconds=pick_seconds, review_seconds=review_seconds, now=now,
        starters=None if not starters else {pl: list(starters[pl]) for pl in pod
                                            if starters.get(pl)},
        pack_meta=[[meta[k] if k < len(meta) else {} for k in range(len(seat))]
                   for seat in packs])
