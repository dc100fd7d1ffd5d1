"""Opening one pod of a started table draft: its ``StartTableDraft`` derived from what
the roster recorded (pods, first seats, timers and pack count, the seed, the packs the
organizer chose) and the tournament's product and card sets, which are fixed once it
runs, with the starters its players keep (dealt from the seed, so the roster need not
list every player's). The start commits only the roster; each pod opens afterwards in
a commit of its own (the ``open-roster-pods`` reaction), and the same pod always gets
the same packs and starters as the one-commit start (:mod:`.setup`) would, so a replay
or the verifier re-derives every one."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Conflict
from ..product.allocation import require_product
from ..product.cards import CardSet
from . import clock
from .commands import StartTableDraft
from .pod_start import table_pod_start
from .roster.state import RosterState
from .setup import booster_meta, kinds_of, pod_starters


def require_pod(roster: RosterState, n: int) -> None:
    """409 unless pod ``n`` of this roster is one to open after its start."""
    if not roster.opens_pods or not 1 <= n <= len(roster.pods):
        raise Conflict(f"the draft has no pod {n} to open",
                       {"pod": n, "pods": len(roster.pods)})


def open_table_pod(*, roster: RosterState, n: int, product: Mapping[str, Any],
                   sets: Mapping[str, CardSet]) -> StartTableDraft:
    """The ``StartTableDraft`` of pod ``n`` (1-based); its clock starts at the roster's
    start. Its players' starters are dealt as to the whole field, unless the roster
    recorded everyone's (version 1) or the organizer chose the packs."""
    require_pod(roster, n)
    p = require_product(product, sets)
    settings = roster.settings
    pod = roster.pods[n - 1]
    starters = (pod_starters(p, sets, roster.seed or "", roster.seated, only=list(pod))
                if roster.starters is None and roster.packs is None else None)
    return table_pod_start(
        n=n, pod=pod, starters=starters, first_seat=roster.first_seats[n - 1], product=p,
        sets=sets, seed=roster.seed or "", rounds=settings["packs"], entered=roster.packs,
        kinds=kinds_of(sets), meta=booster_meta(p, sets),
        pick_seconds=settings["pick_seconds"], review_seconds=settings["review_seconds"],
        now=clock.as_datetime(roster.formed_at or 0))
