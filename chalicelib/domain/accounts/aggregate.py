"""The aggregates of this package (ACCOUNT, TOKEN, KEYS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decide as decider
from .keys import decide as keys_decide
from .keys import evolve as keys_evolve
from .keys import state as keys_state

ACCOUNT = FunctionDecider(
    "account",
    decider.AccountState,
    decider.decide_account,
    decider.evolve_account,
    stream=streams.account,
)
TOKEN = FunctionDecider(
    "token", decider.TokenState, decider.decide_token, decider.evolve_token, stream=streams.token
)
KEYS = FunctionDecider(
    "keys",
    keys_state.KeysState,
    keys_decide.decide_keys,
    keys_evolve.evolve_keys,
    stream=streams.keys,
)
