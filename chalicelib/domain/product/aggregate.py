"""The aggregates of this package (CARDSET, PRODUCT_GATE, PLAYER_PRODUCT): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state
from .catalog import decide as cardset_decide
from .catalog import evolve as cardset_evolve
from .catalog import state as cardset_state
from .player_product import decide as player_decide
from .player_product import evolve as player_evolve
from .player_product import state as player_state

CARDSET = FunctionDecider("cardset", cardset_state.CatalogEntry, cardset_decide.decide,
                          cardset_evolve.evolve, stream=streams.card_set)
PRODUCT_GATE = FunctionDecider("product-gate", state.HandOutState, decide.decide, evolve.evolve,
                               stream=streams.product_gate)
PLAYER_PRODUCT = FunctionDecider("player-product", player_state.PlayerProduct, player_decide.decide,
                                 player_evolve.evolve, stream=streams.player_product)
