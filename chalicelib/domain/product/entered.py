"""One player's physical product, entered by the staff, checked against the tournament's
product configuration (source ``entered``: every player receives the same boosters and
starters, V:EKN 7.2.4).

An entry is the allocation shape (:mod:`.allocation`)::

    {"packs": [{"set", "booster", "cards": [card ids]}, ...],
     "starters": [{"set", "starter", "cards": [card ids]}, ...]}

Packs are given in the configuration's order (pack 1 is the first booster listed);
``set``/``booster`` may be omitted and are then taken from that order. Starters are
given in the order of the configuration's starter entries, ``count`` of each; their
cards come from the set definition (a preconstructed deck). Every problem is a dict
with a ``code`` and a ``msg``; a pack with another number of cards than its booster
type is refused (V:EKN 7.2.5: the head judge replaces it, and the replacement is
entered as a correction).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import Invalid
from ..profiles.product import ProductSettings
from .allocation import booster_plan
from .cards import CardSet, card_index

Problem = dict[str, Any]


def pack_problems(n: int, set_id: str, booster_id: str, cards: list[str],
                  sets: Mapping[str, CardSet]) -> list[Problem]:
    """Why pack ``n`` (1-based) cannot be used: unknown set or booster, cards not in the
    set, or an abnormal count (V:EKN 7.2.5)."""
    card_set = sets.get(set_id)
    if card_set is None:
        return [{"code": "unknown_set", "pack": n, "set": set_id, "msg": "unknown set"}]
    if booster_id not in {b.id for b in card_set.boosters}:
        return [{"code": "unknown_booster", "pack": n, "set": set_id, "booster": booster_id,
                 "msg": "the set has no such booster"}]
    problems: list[Problem] = []
    index = card_set.card_index
    unknown = sorted({c for c in cards if c not in index})
    if unknown:
        problems.append({"code": "unknown_cards", "pack": n, "set": set_id, "cards": unknown,
                         "msg": f"cards not in set {set_id!r}"})
    size = card_set.booster(booster_id).size
    if len(cards) != size:
        problems.append({"code": "abnormal_pack", "pack": n, "count": len(cards),
                         "expected": size,
                         "msg": f"pack {n} has {len(cards)} cards, a {booster_id!r} booster "
                                f"has {size} (V:EKN 7.2.5: replace it and enter the "
                                "replacement)"})
    return problems


def starter_problems(n: int, set_id: str, starter_id: str | None,
                     sets: Mapping[str, CardSet],
                     choices: list[str] | None = None) -> list[Problem]:
    card_set = sets.get(set_id)
    if card_set is None:
        return [{"code": "unknown_set", "starter": n, "set": set_id, "msg": "unknown set"}]
    known = [s.id for s in card_set.starters]
    if starter_id not in known:
        return [{"code": "unknown_starter", "starter": n, "set": set_id,
                 "starter_id": starter_id, "known": known,
                 "msg": f"set {set_id!r} has no starter {starter_id!r}"}]
    if choices is not None and starter_id not in choices:
        return [{"code": "starter_not_allowed", "starter": n, "starter_id": starter_id,
                 "allowed": list(choices),
                 "msg": "the product configuration does not use this starter"}]
    return []


def collision_problems(set_ids: list[str], sets: Mapping[str, CardSet]) -> list[Problem]:
    try:
        card_index(sets[s] for s in dict.fromkeys(set_ids) if s in sets)
    except Invalid as exc:
        return [{"code": "card_id_collision", "clashes": exc.details, "msg": exc.message}]
    return []


def starter_item(sets: Mapping[str, CardSet], set_id: str, starter_id: str) -> dict[str, Any]:
    return {"set": set_id, "starter": starter_id,
            "cards": list(sets[set_id].starter(starter_id).cards)}


def entered_product(settings: Any, sets: Mapping[str, CardSet],
                    packs: Sequence[Mapping[str, Any]],
                    starters: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], list[Problem]]:
    """The entry as an allocation, and every way it departs from the configuration."""
    s = settings if isinstance(settings, ProductSettings) else \
        ProductSettings.model_validate(dict(settings))
    plan = booster_plan(s)
    problems: list[Problem] = []
    if len(packs) != len(plan):
        problems.append({"code": "wrong_pack_count", "field": "packs", "count": len(packs),
                         "expected": len(plan),
                         "msg": f"the product configuration gives each player {len(plan)} "
                                f"boosters, {len(packs)} entered"})
    out_packs: list[dict[str, Any]] = []
    for n, (pack, item) in enumerate(zip(packs, plan, strict=False), start=1):
        set_id = pack.get("set") or item["set"]
        booster = pack.get("booster") or item["booster"]
        if (set_id, booster) != (item["set"], item["booster"]):
            problems.append({"code": "wrong_booster", "pack": n, "set": set_id,
                             "booster": booster, "expected": dict(item),
                             "msg": f"pack {n} of the configuration is a {item['booster']!r} "
                                    f"booster of {item['set']!r}"})
            continue
        cards = list(pack.get("cards") or [])
        problems += pack_problems(n, set_id, booster, cards, sets)
        out_packs.append({"set": set_id, "booster": booster, "cards": cards})
    slots = [(spec.set, spec.choices) for spec in s.starters for _ in range(spec.count)]
    if len(starters) != len(slots):
        problems.append({"code": "wrong_starter_count", "field": "starters",
                         "count": len(starters), "expected": len(slots),
                         "msg": f"the product configuration gives each player {len(slots)} "
                                f"starters, {len(starters)} entered"})
    out_starters = []
    for n, (starter, (set_id, choices)) in enumerate(zip(starters, slots, strict=False),
                                                     start=1):
        given_set = starter.get("set") or set_id
        if given_set != set_id:
            problems.append({"code": "wrong_set", "starter": n, "set": given_set,
                             "expected": set_id,
                             "msg": f"starter {n} of the configuration comes from {set_id!r}"})
            continue
        found = starter_problems(n, set_id, starter.get("starter"), sets,
                                 list(choices) if choices else None)
        problems += found
        if not found:
            out_starters.append(starter_item(sets, set_id, starter["starter"]))
    problems += collision_problems([p["set"] for p in out_packs]
                                   + [st["set"] for st in out_starters], sets)
    return {"packs": out_packs, "starters": out_starters}, problems
