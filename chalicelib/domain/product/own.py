"""Players bring their own product (source ``own``, V:EKN 7.2.4): the organizer advertises
which sets, and how many boosters and starters (overall and per set), each player may
bring; product need not be identical. These limits (``settings.own``, see
:class:`chalicelib.domain.profiles.product.OwnProductLimits`) are enforced when a
player's product is entered, and when the staff record a pool with what the player
opened (:func:`own_pool_problems`).

Each pack names its ``set`` and ``booster`` and must have the booster's card count
(7.2.5); each starter names its ``set`` and ``starter`` (cards from the set definition).
Every violation is reported, each a dict with a ``code`` and a ``msg``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..profiles.product import OwnProductLimits
from .cards import CardSet
from .entered import Problem, collision_problems, pack_problems, starter_item, starter_problems


def _set_allowed(limits: OwnProductLimits, what: str, n: int,
                 set_id: str | None) -> list[Problem]:
    if not set_id:
        return [{"code": "set_required", what: n, "msg": f"{what} {n} needs its 'set'"}]
    if limits.sets and set_id not in limits.sets:
        return [{"code": "set_not_allowed", what: n, "set": set_id,
                 "allowed": list(limits.sets),
                 "msg": f"{set_id!r} is not one of the sets players may bring"}]
    return []


def count_problems(limits: OwnProductLimits, boosters: Counter[str | None],
                   starters: Counter[str | None]) -> list[Problem]:
    """Totals and per-set numbers against the limits (``Counter`` by set id; a ``None``
    key counts towards the totals only)."""
    problems: list[Problem] = []
    total_b, total_s = sum(boosters.values()), sum(starters.values())
    if total_b > limits.max_boosters:
        problems.append({"code": "too_many_boosters", "count": total_b,
                         "limit": limits.max_boosters,
                         "msg": f"{total_b} boosters, players may bring at most "
                                f"{limits.max_boosters}"})
    if total_s > limits.max_starters:
        problems.append({"code": "too_many_starters", "count": total_s,
                         "limit": limits.max_starters,
                         "msg": f"{total_s} starters, players may bring at most "
                                f"{limits.max_starters}"})
    for set_id, limit in sorted(limits.per_set.items()):
        if limit.max_boosters is not None and boosters[set_id] > limit.max_boosters:
            problems.append({"code": "too_many_boosters_of_set", "set": set_id,
                             "count": boosters[set_id], "limit": limit.max_boosters,
                             "msg": f"{boosters[set_id]} boosters of {set_id!r}, at most "
                                    f"{limit.max_boosters}"})
        if limit.max_starters is not None and starters[set_id] > limit.max_starters:
            problems.append({"code": "too_many_starters_of_set", "set": set_id,
                             "count": starters[set_id], "limit": limit.max_starters,
                             "msg": f"{starters[set_id]} starters of {set_id!r}, at most "
                                    f"{limit.max_starters}"})
    return problems


def own_product(limits: OwnProductLimits, sets: Mapping[str, CardSet],
                packs: Sequence[Mapping[str, Any]],
                starters: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], list[Problem]]:
    """The entry as an allocation, and every violation of the advertised limits."""
    problems: list[Problem] = []
    out_packs: list[dict[str, Any]] = []
    out_starters: list[dict[str, Any]] = []
    for n, pack in enumerate(packs, start=1):
        set_id: Any = pack.get("set")              # as given: the checks refuse a bad one
        booster = pack.get("booster") or "booster"
        found = _set_allowed(limits, "pack", n, set_id)
        if not found:
            found = pack_problems(n, set_id, booster, list(pack.get("cards") or []), sets)
        problems += found
        out_packs.append({"set": set_id, "booster": booster,
                          "cards": list(pack.get("cards") or [])})
    for n, starter in enumerate(starters, start=1):
        set_id = starter.get("set")
        found = _set_allowed(limits, "starter", n, set_id)
        if not found:
            found = starter_problems(n, set_id, starter.get("starter"), sets)
        problems += found
        if not found:
            out_starters.append(starter_item(sets, set_id, starter["starter"]))
    if not packs and not starters:
        problems.append({"code": "no_product", "msg": "enter at least one booster or starter"})
    problems += count_problems(limits, Counter(p["set"] for p in out_packs),
                               Counter(s.get("set") for s in starters))
    if not problems:
        problems += collision_problems([p["set"] for p in out_packs]
                                       + [s["set"] for s in out_starters], sets)
    return {"packs": out_packs, "starters": out_starters}, problems


def own_pool_problems(limits: OwnProductLimits, sets: Mapping[str, CardSet],
                      cards: list[str], facts: Mapping[str, Any] | None) -> list[Problem]:
    """A pool the staff record for a player who brought their own product (7.2.3):
    what they opened (``{"boosters": [{"count", "cards"}], "starters": n}``) within the
    limits, and every card from an allowed set (when the sets are restricted and known)."""
    problems: list[Problem] = []
    if facts is not None:
        boosters = sum(int(b.get("count", 0)) for b in facts.get("boosters") or [])
        problems += count_problems(limits, Counter({None: boosters}),
                                   Counter({None: int(facts.get("starters") or 0)}))
    if limits.sets and all(s in sets for s in limits.sets):
        allowed = {c.id for s in limits.sets for c in sets[s].cards}
        outside = sorted({c for c in cards if c not in allowed})
        if outside:
            problems.append({"code": "card_not_in_allowed_sets", "cards": outside,
                             "allowed": list(limits.sets),
                             "msg": "cards from sets players may not bring"})
    return problems
