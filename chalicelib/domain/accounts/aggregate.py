"""The aggregates of this package (ACCOUNT, TOKEN, KEYS): each decider bound to the
builder of its streams (domain/decider.py)."""

from __future__ import annotations

from .. import streams
from ..decider import FunctionDecider
from . import decider, keys

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
    "keys", keys.KeysState, keys.decide_keys, keys.evolve_keys, stream=streams.keys
)
