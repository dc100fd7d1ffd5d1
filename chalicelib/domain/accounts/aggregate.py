"""The aggregates of this package (ACCOUNT, TOKEN, KEYS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide, evolve, state
from .keys import decide as keys_decide
from .keys import evolve as keys_evolve
from .keys import state as keys_state
from .token import decide as token_decide
from .token import evolve as token_evolve
from .token import state as token_state

ACCOUNT = FunctionDecider("account", state.AccountState, decide.decide, evolve.evolve,
                          stream=streams.account)
TOKEN = FunctionDecider("token", token_state.TokenState, token_decide.decide, token_evolve.evolve,
                        stream=streams.token)
KEYS = FunctionDecider("keys", keys_state.KeysState, keys_decide.decide, keys_evolve.evolve,
                       stream=streams.keys)
