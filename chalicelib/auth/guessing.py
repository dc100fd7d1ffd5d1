"""Guessing secrets is counted and stopped: every failed registration code and every
unknown, revoked or replaced bearer token is added to durable tallies of the event store
(per client, and for codes per tournament, in windows of ``WINDOW_SECONDS``), so the
count holds across processes and on both stores. Past the budget the API answers 429
``rate_limited`` with ``Retry-After`` (the end of the window).

Registration codes are checked against the budget before they are compared, so past it
no guess is evaluated at all. Tokens and keys carry 256 random bits: a valid token is
never slowed down (no tally read on the happy path); a client past its budget of failed
tokens gets 429 instead of 401 for each further failure."""
from __future__ import annotations

import math
import uuid
from datetime import UTC, datetime
from typing import Any

from ..domain import streams
from ..domain.errors import TooManyRequests
from ..store.ports import Tally
from .tokens import keyed_digest

WINDOW_SECONDS = 900
CODE_CLIENT_BUDGET = 10          # failed registration codes per client and window
CODE_TOURNAMENT_BUDGET = 50      # ... per tournament, from every client together
TOKEN_CLIENT_BUDGET = 20         # unknown, revoked or replaced tokens per client and window
CODE_REFUSALS = frozenset({"invalid_registration_code"})


def client_key(secret: str, address: str) -> str:
    """A client as the limits count it: its network address, keyed (the store never
    holds addresses)."""
    return keyed_digest(secret, "registration-client", address)[:32]


def request_client(request: Any, secret: str) -> str | None:
    """The calling client's key, from the network address API Gateway (or the local
    server) saw; None when there is none."""
    identity = (getattr(request, "context", None) or {}).get("identity") or {}
    address = identity.get("sourceIp")
    return client_key(secret, address) if address else None


def window(now: float) -> tuple[int, int]:
    """(index of the current window, seconds until it ends)."""
    index = math.floor(now / WINDOW_SECONDS)
    return index, max(1, math.ceil((index + 1) * WINDOW_SECONDS - now))


def member() -> int:
    """A fresh tally member: each failure counts once."""
    return uuid.uuid4().int % (2 ** 31 - 1) + 1


def refusal(what: str, scope: str, budget: int, now: float) -> TooManyRequests:
    index, retry = window(now)
    return TooManyRequests(
        f"too many wrong {what} from this {scope}; retry after {retry} seconds",
        retry, {"scope": scope, "limit": budget, "window_seconds": WINDOW_SECONDS,
                "retry_at": datetime.fromtimestamp((index + 1) * WINDOW_SECONDS,
                                                   UTC).isoformat()})


def code_tallies(tid: str, client: str | None, now: float) -> list[tuple[str, str, int]]:
    """(tally, scope, budget) of a registration code guess by ``client`` now."""
    index, _ = window(now)
    out = [(streams.guesses_tournament_tally(tid, WINDOW_SECONDS, index), "tournament",
            CODE_TOURNAMENT_BUDGET)]
    if client is not None:
        out.insert(0, (streams.guesses_client_tally("code", client, WINDOW_SECONDS, index),
                       "client", CODE_CLIENT_BUDGET))
    return out


def guard_code(uow: Any, tid: str, client: str | None) -> None:
    """Before a registration code is compared: 429 past a budget; otherwise the guess is
    counted if the tournament's decider refuses the code (``uow.count_refusal``)."""
    now = uow.now.timestamp()
    tallies = code_tallies(tid, client, now)
    for name, scope, budget in tallies:
        if uow.tally(name) >= budget:
            raise refusal("registration codes", scope, budget, now)
    one = member()
    for name, _, _ in tallies:
        uow.count_refusal(name, one, CODE_REFUSALS)
    uow.count_refusal(streams.guesses_total_tally(tid), one, CODE_REFUSALS)


def failed_codes(tally: Any, tid: str, now: float) -> dict[str, Any]:
    """What the organizer sees: every failed code of the tournament, those of the
    current window and the budget."""
    index, retry = window(now)
    return {"total": tally(streams.guesses_total_tally(tid)),
            "window": tally(streams.guesses_tournament_tally(tid, WINDOW_SECONDS, index)),
            "window_seconds": WINDOW_SECONDS, "budget": CODE_TOURNAMENT_BUDGET,
            "client_budget": CODE_CLIENT_BUDGET, "window_ends_in_seconds": retry}


def count_failed_token(events: Any, client: str | None, now: float) -> TooManyRequests | None:
    """Count an unknown, revoked or replaced bearer token of ``client``; the refusal to
    answer instead of 401 once the client is past its budget (then nothing more is
    written: a flood of bad tokens costs one read each, never a write)."""
    if client is None:
        return None
    index, _ = window(now)
    name = streams.guesses_client_tally("token", client, WINDOW_SECONDS, index)
    if events.tally(name) >= TOKEN_CLIENT_BUDGET:
        return refusal("tokens", "client", TOKEN_CLIENT_BUDGET, now)
    events.append_batch([], None, [Tally(name, member())])
    return None
