"""Accounts (organizers, federations) and bearer tokens, stored only as hashes.

Streams: ``account-<id>`` (AccountCreated) and ``token-<sha256>`` (TokenIssued /
TokenRevoked). Looking a token up is a strongly consistent read of its own stream."""
from .aggregate import ACCOUNT as ACCOUNT  # noqa: F401
from .aggregate import KEYS as KEYS
from .aggregate import TOKEN as TOKEN
from .commands import CreateAccount as CreateAccount
from .state import AccountState as AccountState
from .token.commands import IssueToken as IssueToken
from .token.commands import RevokeToken as RevokeToken
from .token.state import TokenState as TokenState
