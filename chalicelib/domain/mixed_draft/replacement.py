"""V:EKN 7.2.5 and 7.8 in a mixed draft: every pack and starter is opened, counted and
split at the start; a judge replaces one with an abnormal card count until the crypt
draft's first card is taken (from then on its cards are being drafted). The player's
crypt pile is split again (the crypt set on the table is laid out again, as in a table
draft) and their library shuffled and cut into piles again."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Conflict, Invalid
from ..events import Event
from ..product.cards import CardSet
from ..product.replacement import kinds_in, replacement_cards
from ..table_draft import clock
from ..table_draft.decide import replace_events
from ..table_draft.replacement import replacement_problems
from .commands import ReplaceProduct
from .events import MixedProductReplaced
from .evolve import evolve
from .piles import cut, split
from .state import MixedDraftState


def replaceable(state: MixedDraftState, seat: int, item: int) -> None:
    """Refuse replacing the ``item``-th opened item of ``seat`` (both 1-based): 409 before
    the start, once the product is being drafted, or when it was not recorded; 422 when
    there is no such item."""
    if state.status == "new":
        raise Conflict("the mixed draft has not started", code="not_started")
    if state.product_open:
        raise Conflict("the product is being drafted: a pack or starter can be replaced "
                       "only before the crypt draft's first card is taken (7.2.5)",
                       {"status": state.status}, code="pack_opened")
    if not state.product:
        raise Conflict("this pod's opened product was not recorded when it started, so "
                       "none of it can be replaced", code="product_not_recorded")
    if not 1 <= seat <= len(state.players):
        raise Invalid("no such pack", [{"seat": seat, "msg":
                                        f"the pod has seats 1-{len(state.players)}"}],
                      code="no_such_pack")
    items = state.product[seat - 1]
    if not 1 <= item <= len(items):
        raise Invalid("no such pack", [{"item": item, "msg":
                                        f"that player opened items 1-{len(items)}"}],
                      code="no_such_pack")


def replace_product(cmd: ReplaceProduct, state: MixedDraftState) -> list[Event]:
    """``MixedProductReplaced`` then the crypt table's ``TablePackReplaced`` and re-laid
    set (or its end, when no crypt card is left to lay)."""
    replaceable(state, cmd.seat, cmd.item)
    drawn = cmd.cards is None
    cards, given_kinds = cmd.cards, cmd.kinds
    if cards is None:
        cards = replacement_item(state, cmd.seat, cmd.item, cmd.sets, cmd.seed)
        given_kinds = kinds_in(cmd.sets, cards)
    problems = replacement_problems(cards, cmd.expected, given_kinds, "replacement")
    if problems:
        raise Invalid("the replacement cannot be used", problems, code="invalid_replacement")
    seat, k = cmd.seat - 1, cmd.item - 1
    player = state.players[seat]
    items = [list(i) for i in state.product[seat]]
    crypt = set(state.crypt_piles[seat])
    kinds = {c: "crypt" if c in crypt else "library" for item in items for c in item}
    items[k] = list(cards)
    new_crypt, library = split(items, {**kinds, **given_kinds})
    at = clock.iso(cmd.now)
    replaced = MixedProductReplaced(
        seat=cmd.seat, player=player, item=cmd.item, cards=list(cards),
        count=len(cards), crypt=new_crypt,
        piles=cut(library, state.pile_size, cmd.seed, state.pod, player, "replacement",
                  len(state.replacements)),
        reason=cmd.reason, by=cmd.by, at=at, drawn=drawn)
    after = evolve(state, replaced)
    return [replaced, *replace_events(after.crypt, cmd.seat, 1, new_crypt, cmd.reason,
                                      cmd.by, at, drawn=drawn)]


def replacement_item(state: MixedDraftState, seat: int, item: int,
                     sets: Mapping[str, CardSet], seed: str) -> list[str]:
    """V:EKN 7.2.5: the ``item``-th pack or starter of ``seat`` (both 1-based) as it
    should be: a fresh booster collated from ``seed`` (keyed by the pod, the seat, the
    item and the replacements before it) or the starter's list (422 ``cards_required``
    when what it should be is unknown)."""
    metas = state.product_meta
    meta = metas[seat - 1][item - 1] if seat <= len(metas) and item <= len(metas[seat - 1]) \
        else {}
    return replacement_cards(meta, sets, seed, "mixed-draft", state.pod, seat, item,
                             len(state.replacements))




def abnormal_product(state: MixedDraftState) -> list[dict[str, Any]]:
    """Opened items whose card count differs from what they should hold, while they can
    still be replaced (7.2.5)."""
    if state.product_open or not state.product_meta:
        return []
    return [{"seat": seat + 1, "item": k + 1, "player": state.players[seat],
             "count": len(item), "expected": meta["size"]}
            for seat, items in enumerate(state.product)
            for k, (item, meta) in enumerate(zip(items, state.product_meta[seat], strict=False))
            if meta.get("size") is not None and len(item) != meta["size"]]
