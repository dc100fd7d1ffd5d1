"""Who receives what: every player's boosters and starters from the product settings.

An allocation is plain JSON::

    {"packs": [{"set": "sample-mtg", "booster": "booster", "cards": [card ids]}, ...],
     "starters": [{"set": "sample-vtes", "starter": "starter-lumen", "cards": [...]}]}

Collated packs draw from ``derive(seed, "pack", player_id, n)`` so a player's product
depends only on the seed and their id (a replay, or a late arrival, changes nobody
else's product). Starters are dealt randomly (V:EKN 7.2.4): for a group, from a
shuffled cycle of the allowed starters so they spread evenly; for one player, drawn.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..errors import Invalid
from ..profiles.product import ProductSettings, StarterSpec
from ..rng import derive
from .cards import CardSet, card_index
from .collation import collate


def _settings(settings: ProductSettings | Mapping[str, Any]) -> ProductSettings:
    if isinstance(settings, ProductSettings):
        return settings
    return ProductSettings.model_validate(dict(settings))


def booster_plan(settings: ProductSettings | Mapping[str, Any]) -> list[dict[str, str]]:
    """The boosters each player receives, in order: ``[{"set", "booster"}, ...]``."""
    plan: list[dict[str, str]] = []
    for spec in _settings(settings).boosters:
        plan.extend({"set": spec.set, "booster": spec.booster} for _ in range(spec.count))
    return plan


def check_product(settings: ProductSettings | Mapping[str, Any],
                  sets: Mapping[str, CardSet]) -> list[dict[str, Any]]:
    """Every problem with ``settings`` against the known sets (empty when usable)."""
    s = _settings(settings)
    problems: list[dict[str, Any]] = []
    used = []
    for spec in s.boosters:
        card_set = sets.get(spec.set)
        if card_set is None:
            problems.append({"set": spec.set, "msg": "unknown set"})
            continue
        used.append(card_set)
        if spec.booster not in {b.id for b in card_set.boosters}:
            problems.append({"set": spec.set, "booster": spec.booster,
                             "msg": "the set has no such booster"})
    for starter in s.starters:
        card_set = sets.get(starter.set)
        if card_set is None:
            problems.append({"set": starter.set, "msg": "unknown set"})
            continue
        used.append(card_set)
        known = {st.id for st in card_set.starters}
        if not known:
            problems.append({"set": starter.set, "msg": "the set has no starters"})
        for choice in starter.choices or []:
            if choice not in known:
                problems.append({"set": starter.set, "starter": choice,
                                 "msg": "unknown starter"})
    try:
        card_index({cs.id: cs for cs in used}.values())
    except Invalid as exc:
        problems.append({"msg": exc.message, "clashes": exc.details})
    return problems


def require_product(settings: ProductSettings | Mapping[str, Any],
                    sets: Mapping[str, CardSet]) -> ProductSettings:
    s = _settings(settings)
    problems = check_product(s, sets)
    if problems:
        raise Invalid("the product configuration cannot be used", problems,
                      code="invalid_product")
    return s


def collate_packs(settings: ProductSettings | Mapping[str, Any], sets: Mapping[str, CardSet],
                  seed: str, player_id: str, first: int = 0,
                  count: int | None = None) -> list[dict[str, Any]]:
    """Player's collated boosters ``first .. first+count-1`` (0-based), deterministic."""
    plan = booster_plan(settings)
    end = len(plan) if count is None else min(len(plan), first + count)
    packs = []
    for n in range(first, end):
        item = plan[n]
        cards = collate(sets[item["set"]], item["booster"], derive(seed, "pack", player_id, n))
        packs.append({"set": item["set"], "booster": item["booster"], "cards": cards})
    return packs


def _choices(spec: StarterSpec, sets: Mapping[str, CardSet]) -> list[str]:
    return list(spec.choices or [st.id for st in sets[spec.set].starters])


def _starter(sets: Mapping[str, CardSet], set_id: str, starter_id: str) -> dict[str, Any]:
    return {"set": set_id, "starter": starter_id,
            "cards": list(sets[set_id].starter(starter_id).cards)}


def deal_starters(settings: ProductSettings | Mapping[str, Any], sets: Mapping[str, CardSet],
                  seed: str, players: Sequence[str],
                  only: Collection[str] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Random, even distribution of starters to a group of players (``only``: the
    starters of those of them alone, dealt as to the whole group)."""
    s = _settings(settings)
    dealt: dict[str, list[dict[str, Any]]] = {p: [] for p in (players if only is None
                                                               else only)}
    field = tuple(players)
    for k, spec in enumerate(s.starters):
        choices = tuple(_choices(spec, sets))
        for copy in range(spec.count):
            dealing = _dealing(seed, k, copy, field, choices)
            for player, starts in dealt.items():
                starts.append(_starter(sets, spec.set, dealing[player]))
    return dealt


@lru_cache(maxsize=8)
def _dealing(seed: str, k: int, copy: int, field: tuple[str, ...],
             choices: tuple[str, ...]) -> dict[str, str]:
    """Player -> the starter the ``copy``-th deal of the ``k``-th starter spec gives them:
    a shuffled cycle of ``choices`` over the field shuffled (from the seed alone). Kept
    for the next call: each pod opening after a start deals to its own players as to the
    whole field."""
    rng = derive(seed, "starters", k, copy)
    seats = sorted(field)
    rng.shuffle(seats)
    cycle = list(choices)
    rng.shuffle(cycle)
    return {player: cycle[i % len(cycle)] for i, player in enumerate(seats)}


def draw_starters(settings: ProductSettings | Mapping[str, Any], sets: Mapping[str, CardSet],
                  seed: str, player_id: str) -> list[dict[str, Any]]:
    """Starters for one player on their own (e.g. a late arrival), drawn at random."""
    s = _settings(settings)
    out = []
    for k, spec in enumerate(s.starters):
        choices = _choices(spec, sets)
        for copy in range(spec.count):
            rng = derive(seed, "starter", player_id, k, copy)
            out.append(_starter(sets, spec.set, rng.choice(choices)))
    return out


def allocate(settings: ProductSettings | Mapping[str, Any], sets: Mapping[str, CardSet],
             seed: str, players: list[str]) -> dict[str, dict[str, Any]]:
    """Collated product for each of ``players`` (boosters + starters)."""
    s = require_product(settings, sets)
    starters = deal_starters(s, sets, seed, players)
    return {p: {"packs": collate_packs(s, sets, seed, p), "starters": starters[p]}
            for p in players}


def allocate_one(settings: ProductSettings | Mapping[str, Any], sets: Mapping[str, CardSet],
                 seed: str, player_id: str) -> dict[str, Any]:
    """Collated product for one player joining alone (V:EKN 7.2.6 late arrival)."""
    s = require_product(settings, sets)
    return {"packs": collate_packs(s, sets, seed, player_id),
            "starters": draw_starters(s, sets, seed, player_id)}


def largest_one(settings: ProductSettings | Mapping[str, Any], sets: Mapping[str, CardSet],
                seed: str, player_id: str) -> dict[str, Any]:
    """One player's collated packs with, for each starter the product deals, the largest
    it could be: what a player's share of a hand-out can weigh."""
    s = require_product(settings, sets)
    starters = [max((_starter(sets, spec.set, choice) for choice in _choices(spec, sets)),
                    key=lambda starter: len(starter["cards"]))
                for spec in s.starters for _ in range(spec.count)]
    return {"packs": collate_packs(s, sets, seed, player_id), "starters": starters}


def pool_of(allocation: Mapping[str, Any]) -> list[str]:
    """A sealed pool: all cards of the allocation's packs and starters."""
    pool: list[str] = []
    for starter in allocation.get("starters", []):
        pool.extend(starter["cards"])
    for pack in allocation.get("packs", []):
        pool.extend(pack["cards"])
    return pool
