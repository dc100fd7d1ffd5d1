"""Card facts for every reply that lists cards (issue 17): an app draws a pack, a pool or
a decklist from the reply alone, without a second call to ``/sets``.

A reply that lists card ids gains ``card_facts``: card id -> what the set data says a
player sees of that card (name, set, kind, rarity, the free-form attributes such as
clan, capacity, cost, colour or type, and a conspiracy's draft action), once per id
however often the reply names it. The facts are keyed by the strings the reply itself
holds (values and keys, at any depth) that are card ids of the tournament's sets, so
they never say more than the reply already shows: hidden packs and picks stay out of a
reply, and so stay out of its facts. An id no set of the tournament knows has no entry.

The name is ``card_facts``, not ``cards``: several replies already have a field
``cards`` (a pool's list, a replaced pack's count).

Facts are attached when the reply is made, never stored in a view: set data is static
(samples ship with the code, uploaded sets are immutable), so stored views stay small
and a set's facts are built once per process (:func:`_facts_of`). A query (given the
runtime's ``Reads``) also reads a started tournament's sets and an uploaded set once per
runtime (:func:`_memo`): settings are fixed at the start and sets once uploaded, so a
polled seat costs no store read for its facts.

Use :func:`lists_cards` on a use case whose reply lists cards (it needs a parameter
``tid`` and its unit of work or ``Reads`` first), or :func:`with_card_facts` where a use
case shapes its reply otherwise. ``source`` is a unit of work or the ``Reads`` of a
query."""
from __future__ import annotations

import functools
import inspect
import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from ..data.sets import sample_sets
from ..domain.product.cards import Card, CardSet
from ..domain.profiles.product import ProductSettings
from ..domain.tournament import TOURNAMENT
from ..domain.tournament.state import REGISTRATION
from . import sources
from .sets import find_set

FACTS = "card_facts"
Facts = dict[str, dict[str, Any]]
F = TypeVar("F", bound=Callable[..., dict[str, Any]])

_CACHE_SIZE = 64
_by_set: dict[int, tuple[CardSet, Facts]] = {}
_MEMO_SIZE = 10_000
_memos: weakref.WeakKeyDictionary[Any, dict[Any, Any]] = weakref.WeakKeyDictionary()


def card_fact(card: Card, set_id: str) -> dict[str, Any]:
    """What a player sees of ``card`` (its print sheet is collation, not the card)."""
    fact: dict[str, Any] = {"name": card.name, "set": set_id, "kind": card.kind,
                            "rarity": card.rarity, "attributes": card.attributes}
    if card.draft_action is not None:
        fact["draft_action"] = card.draft_action
    if card.reveal_prompt is not None:
        fact["reveal_prompt"] = card.reveal_prompt
    if card.reveal_choices is not None:
        fact["reveal_choices"] = card.reveal_choices
    return fact


def _facts_of(card_set: CardSet) -> Facts:
    """Every card of the set by id, built once per set object (sample sets live as long
    as the process; an uploaded set as long as the state cache holds it)."""
    held = _by_set.get(id(card_set))
    if held is not None and held[0] is card_set:
        return held[1]
    facts = {card.id: card_fact(card, card_set.id) for card in card_set.cards}
    if len(_by_set) >= _CACHE_SIZE:
        _by_set.clear()
    _by_set[id(card_set)] = (card_set, facts)
    return facts


def set_ids(product: Mapping[str, Any], named: Iterable[str] = ()) -> list[str]:
    """The sets a tournament's cards come from, in order of precedence: its boosters'
    and starters' sets and the sets advertised for own product; when players may bring
    product of any set, the sets the reply names and the shipped samples."""
    listed, any_set = _product_sets(product)
    return _with_named(listed, any_set, named)


def _product_sets(product: Mapping[str, Any]) -> tuple[list[str], bool]:
    """The sets the product settings list, and whether players may bring any set."""
    settings = ProductSettings.model_validate(dict(product))
    ids = [b.set for b in settings.boosters] + [s.set for s in settings.starters]
    ids += settings.own.sets
    return list(dict.fromkeys(ids)), settings.source == "own" and not settings.own.sets


def _with_named(listed: list[str], any_set: bool, named: Iterable[str]) -> list[str]:
    if not any_set:
        return listed
    return list(dict.fromkeys([*listed, *sorted(named), *sorted(sample_sets())]))


def _memo(source: Any) -> dict[Any, Any] | None:
    """What never changes, remembered per runtime (its command service): a query's
    ``Reads`` has one; a unit of work reads through itself (None)."""
    service = getattr(source, "service", None)
    if service is None:
        return None
    memo = _memos.get(service)
    if memo is None or len(memo) > _MEMO_SIZE:
        memo = _memos[service] = {}
    return memo


def _tournament_sets(source: Any, tid: str) -> tuple[list[str], bool] | None:
    """:func:`_product_sets` of the tournament (None if there is none); once it has
    started its settings are fixed, so a query remembers them."""
    memo = _memo(source)
    if memo is not None and ("t", tid) in memo:
        remembered: tuple[list[str], bool] | None = memo[("t", tid)]
        return remembered
    t = sources.state(source, TOURNAMENT, tid)
    if not t.exists:
        return None
    found = _product_sets(t.section("product"))
    if memo is not None and t.status != REGISTRATION:
        memo[("t", tid)] = found
    return found


def _card_set(source: Any, set_id: str) -> CardSet | None:
    """A sample or uploaded set (uploaded sets never change: a query remembers them)."""
    memo = _memo(source)
    if memo is not None and ("s", set_id) in memo:
        remembered_set: CardSet | None = memo[("s", set_id)]
        return remembered_set
    found = find_set(source, set_id)
    if memo is not None and found is not None and set_id not in sample_sets():
        memo[("s", set_id)] = found
    return found


def strings_in(doc: Any) -> tuple[set[str], set[str]]:
    """Every string of ``doc`` (values and keys, at any depth, ``card_facts`` left out),
    and the values of its ``set`` fields."""
    found: set[str] = set()
    named: set[str] = set()
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key == FACTS:
                    continue
                found.add(key)
                if isinstance(value, str):
                    found.add(value)
                    if key == "set":
                        named.add(value)
                elif isinstance(value, (dict, list)):
                    stack.append(value)
        elif isinstance(node, list):
            for value in node:
                if isinstance(value, str):
                    found.add(value)
                elif isinstance(value, (dict, list)):
                    stack.append(value)
    return found, named


def card_facts(source: Any, tid: str, doc: Any) -> Facts:
    """The facts of every card id ``doc`` names, from the tournament's sets (the first
    set that knows an id gives its facts)."""
    found, named = strings_in(doc)
    sets = _tournament_sets(source, tid) if found else None
    if sets is None:
        return {}
    facts: Facts = {}
    for set_id in _with_named(*sets, named):
        card_set = _card_set(source, set_id)
        if card_set is None:
            continue
        known = _facts_of(card_set)
        for card_id in found & known.keys():
            facts.setdefault(card_id, known[card_id])
    return dict(sorted(facts.items()))


def with_card_facts(source: Any, tid: str, doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with ``card_facts`` (see the module's description)."""
    return {**doc, FACTS: card_facts(source, tid, doc)}


def lists_cards(use_case: F) -> F:
    """Mark a use case whose reply lists cards: the reply gains ``card_facts``. The use
    case takes its unit of work or ``Reads`` first and the tournament as ``tid``."""
    position = list(inspect.signature(use_case).parameters).index("tid")

    @functools.wraps(use_case)
    def listing(*args: Any, **kwargs: Any) -> dict[str, Any]:
        doc = use_case(*args, **kwargs)
        tid = args[position] if len(args) > position else kwargs["tid"]
        return with_card_facts(args[0], tid, doc)
    return listing                      # type: ignore[return-value]
