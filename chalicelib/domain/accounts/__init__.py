"""Accounts (organizers, federations) and bearer tokens, stored only as hashes.

Streams: ``account-<id>`` (AccountCreated) and ``token-<sha256>`` (TokenIssued /
TokenRevoked). Looking a token up is a strongly consistent read of its own stream."""
from .decider import (  # noqa: F401  # noqa: F401
    ACCOUNT,
    TOKEN,
    AccountState,
    CreateAccount,
    IssueToken,
    RevokeToken,
    TokenState,
)
from .keys import KEYS  # noqa: F401
