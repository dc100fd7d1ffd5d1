"""One pod's ``StartMixedDraft`` (V:EKN 7.8), built the same way whether the start plans
every pod at once (:mod:`.setup`) or each pod opens afterwards in a commit of its own
from what the roster recorded (:mod:`.opening`)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from .commands import StartMixedDraft


def mixed_pod_start(*, n: int, pod: Sequence[str], first_seat: str,
                    opened: Mapping[str, list[list[str]]],
                    meta: Mapping[str, list[dict[str, Any]]] | None, kinds: Mapping[str, str],
                    settings: Mapping[str, Any], own_picks: str, seed: str,
                    now: datetime | str) -> StartMixedDraft:
    """Pod ``n``'s start: every seat's opened product (``opened[player]``, starters
    then boosters) and, when collated, what each item should be (``meta``);
    ``settings``: the roster's ``pile_size`` and timers."""
    return StartMixedDraft(
        pod=n, players=list(pod), first_seat=first_seat, product=[opened[pl] for pl in pod],
        kinds={c: kinds[c] for pl in pod for pack in opened[pl] for c in pack},
        pile_size=settings["pile_size"], pick_seconds=settings["pick_seconds"],
        review_seconds=settings["review_seconds"],
        library_pick_seconds=settings["library_pick_seconds"], seed=seed, now=now,
        product_meta=None if meta is None else [meta[pl] for pl in pod],
        own_picks=own_picks)
