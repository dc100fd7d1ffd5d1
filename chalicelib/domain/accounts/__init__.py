"""Accounts (organizers, federations) and bearer tokens, stored only as hashes.

Streams: ``account-<id>`` (AccountCreated) and ``token-<sha256>`` (TokenIssued /
TokenRevoked). Looking a token up is a strongly consistent read of its own stream."""
from .aggregate import ACCOUNT as ACCOUNT  # noqa: F401
from .aggregate import KEYS as KEYS
from .aggregate import TOKEN as TOKEN
from .decide import AccountState, CreateAccount, IssueToken, RevokeToken, TokenState  # noqa: F401
