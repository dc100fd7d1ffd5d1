"""The heaviest product players may bring under the advertised limits (``own``, V:EKN
7.2.4), as a product configuration: what a field of own product is bounded by
(``capacity.most_players``), since its hand-out or start records every player's product
in one event like any other source's.

Boosters: the heaviest kinds of booster among the sets players may bring, as many as a
player may bring, each set's own limit first. Starters alike. "Heaviest" is one collated
pack's (one starter's) part of the event's JSON: a pack has its booster's card count
(7.2.5), so only its ids' lengths vary."""
from __future__ import annotations

from collections.abc import Mapping

from ..profiles.product import BoosterSpec, OwnProductLimits, ProductSettings, StarterSpec
from . import capacity
from .allocation import largest_one
from .cards import CardSet

MAX_KINDS = 12          # a configuration's booster lines (ProductSettings.boosters)


def heaviest_own_product(limits: OwnProductLimits,
                         sets: Mapping[str, CardSet]) -> ProductSettings | None:
    """The product configuration of a player bringing the heaviest they may, from
    ``sets`` (the allowed ones); None when they may bring nothing these sets make."""
    boosters = _fill(limits.max_boosters, limits, "boosters", sorted(
        ((_weight(BoosterSpec(set=s.id, booster=b.id), None, sets), s.id, b.id)
         for s in sets.values() for b in s.boosters), reverse=True))
    starters = _fill(limits.max_starters, limits, "starters", sorted(
        ((_weight(None, StarterSpec(set=s.id, choices=[st.id]), sets), s.id, st.id)
          for s in sets.values() for st in s.starters), reverse=True))
    if not boosters and not starters:
        return None
    kinds = list(boosters.items())
    if len(kinds) > MAX_KINDS:       # lighter kinds counted as the heaviest: an overestimate
        (heaviest, n), rest = kinds[0], kinds[MAX_KINDS:]
        kinds = [(heaviest, n + sum(k for _, k in rest)), *kinds[1:MAX_KINDS]]
    return ProductSettings(
        source="collated",
        boosters=[BoosterSpec(set=set_id, booster=kind, count=n)
                  for (set_id, kind), n in kinds],
        starters=[StarterSpec(set=set_id, choices=[kind], count=1)
                  for (set_id, kind), n in starters.items() for _ in range(n)])


def _weight(booster: BoosterSpec | None, starter: StarterSpec | None,
            sets: Mapping[str, CardSet]) -> int:
    one = ProductSettings(source="collated", boosters=[booster] if booster else [],
                          starters=[starter] if starter else [])
    return capacity.share_bytes(largest_one(one, sets, "capacity", capacity.SAMPLE_PLAYER))


def _fill(total: int, limits: OwnProductLimits, what: str,
          ranked: list[tuple[int, str, str]]) -> dict[tuple[str, str], int]:
    """``total`` items from the heaviest down, each set within its own limit (a set
    without one: any number)."""
    chosen: dict[tuple[str, str], int] = {}
    left = total
    per_set: dict[str, int] = {}
    for _, set_id, kind in ranked:
        if left <= 0:
            break
        limit = limits.per_set.get(set_id)
        cap = getattr(limit, f"max_{what}") if limit is not None else None
        room = left if cap is None else min(left, cap - per_set.get(set_id, 0))
        if room > 0:
            chosen[(set_id, kind)] = room
            per_set[set_id] = per_set.get(set_id, 0) + room
            left -= room
    return chosen
