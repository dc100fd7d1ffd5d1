"""The aggregates of this package (CARDSET, PRODUCT_GATE, PLAYER_PRODUCT): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import catalog, handout, player_product

CARDSET = FunctionDecider(
    "cardset", catalog.CatalogEntry, catalog.decide, catalog.evolve, stream=streams.card_set
)
PRODUCT_GATE = FunctionDecider(
    "product-gate",
    handout.HandOutState,
    handout.decide,
    handout.evolve,
    stream=streams.product_gate,
)
PLAYER_PRODUCT = FunctionDecider(
    "player-product",
    player_product.PlayerProduct,
    player_product.decide,
    player_product.evolve,
    stream=streams.player_product,
)
