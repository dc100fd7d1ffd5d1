"""Collating boosters from a set definition with a seeded generator.

A booster type picks one of its layouts by weight, then fills each slot with cards
matching the slot's filter (weighted by the slot's ``weights``). With duplicate
protection (``unique``) no card id appears twice in a pack. The same generator state
always yields the same pack, so a replay reproduces every pack.
"""
from __future__ import annotations

from typing import Protocol

from ..errors import Invalid
from .cards import BoosterType, Card, CardSet, Layout, Pack
from .slot_pools import slot_cards


class Draws(Protocol):
    """What collation needs of a generator from :func:`chalicelib.domain.rng.derive`."""

    def randrange(self, stop: int, /) -> int: ...   # as random.Random's


def _weighted_index(rng: Draws, weights: list[int]) -> int:
    total = sum(weights)
    point = rng.randrange(total)
    for i, weight in enumerate(weights):
        if point < weight:
            return i
        point -= weight
    raise AssertionError("unreachable")  # pragma: no cover


def choose_layout(booster: BoosterType, rng: Draws) -> Layout:
    if len(booster.layouts) == 1:
        return booster.layouts[0]
    return booster.layouts[_weighted_index(rng, [layout.weight for layout in booster.layouts])]


def collate(card_set: CardSet, booster_id: str, rng: Draws) -> Pack:
    """One pack of ``booster_id`` from ``card_set``."""
    booster = card_set.booster(booster_id)
    layout = choose_layout(booster, rng)
    pack: Pack = []
    taken: set[str] = set()
    for n, slot in enumerate(layout.slots):
        weights = slot.weights or {}
        candidates: list[Card] = slot_cards(card_set, slot)
        for _ in range(slot.count):
            pool = [c for c in candidates if c.id not in taken] if booster.unique else candidates
            if not pool:
                raise Invalid(f"booster {booster.id!r} slot {n} ran out of distinct cards",
                              {"set": card_set.id, "layout": layout.id})
            if weights:
                card = pool[_weighted_index(rng, [weights.get(c.id, 1) for c in pool])]
            else:       # every weight 1: the draw _weighted_index makes, without the list
                card = pool[rng.randrange(len(pool))]
            pack.append(card.id)
            taken.add(card.id)
    return pack


def pack_problems(card_set: CardSet, booster_id: str, pack: Pack) -> list[str]:
    """Why an entered (physical) pack is abnormal: wrong count (V:EKN 7.2.5) or
    cards not in the set."""
    booster = card_set.booster(booster_id)
    problems = []
    if len(pack) != booster.size:
        problems.append(f"pack has {len(pack)} cards, a {booster.id!r} booster has "
                        f"{booster.size}")
    index = card_set.card_index
    unknown = sorted({c for c in pack if c not in index})
    if unknown:
        problems.append(f"cards not in set {card_set.id!r}: {unknown}")
    return problems
