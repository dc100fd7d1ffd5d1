"""Who may self-register: the organizer's registration code (given as
``settings.registration.code``, kept only as a keyed digest, compared in constant time by
the tournament's decider) and the limit of self-registrations per client and window
(``registration.anonymous_per_client``), counted in a durable tally of the event store,
so it holds across processes and on both stores."""
from __future__ import annotations

import hashlib
import math
from datetime import datetime
from typing import Any

from ..auth.guessing import client_key as client_key  # the API keys clients with it
from ..auth.tokens import keyed_digest
from ..domain import streams
from ..domain.errors import Invalid, TooManyRequests
from ..domain.tournament import TournamentState
from ..service import UnitOfWork

CODE_LENGTH = (6, 64)
GENERATE = "generate"       # ``registration.code``: the server draws the code
# Crockford's base32: no I, L, O, U (nothing to misread aloud or on a screen)
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def generated_code(seed: str) -> str:
    """A registration code of 50 random bits (``XXXXX-XXXXX``, base32) drawn from
    ``seed`` (a request's 256-bit token: random, or derived from an identified caller's
    idempotency key, so their retry shows the same code). At the guessing budget
    (auth/guessing.py: 50 wrong codes per tournament per 15 minutes) finding it takes
    millions of years."""
    number = int.from_bytes(hashlib.sha256(f"registration-code\x1f{seed}".encode())
                            .digest()[:7], "big") >> 6       # 50 bits
    chars = "".join(CODE_ALPHABET[(number >> (5 * i)) & 31] for i in range(10))
    return f"{chars[:5]}-{chars[5:]}"


def wants_generated(settings: dict[str, Any]) -> bool:
    registration = settings.get("registration")
    return isinstance(registration, dict) and registration.get("code") == GENERATE


def with_code(settings: dict[str, Any], code: str) -> dict[str, Any]:
    return {**settings, "registration": {**settings["registration"], "code": code}}


KEYED = "k1:"    # a digest under the tournament's registration key (registration_key)


def registration_key(secret: str, tid: str) -> str:
    """The tournament's registration key, derived from the server secret: what its
    code's digest is keyed by. The deployment hands it to a venue node taking the
    tournament over (docs/venue.md), which then checks the code as the deployment does
    without ever holding the server secret."""
    return keyed_digest(secret, "registration-key", tid)


def code_digest(key: str, code: str) -> str:
    """The registration code as stored and compared: keyed by the tournament's
    registration key (the same code of two tournaments gives two digests)."""
    return KEYED + keyed_digest(key, "registration-code", code)


def given_digest(stored: str | None, secret: str, key: str, tid: str, code: str) -> str:
    """The digest of a code a player gives, in the form of the one ``stored``: a code
    set before registration keys existed was keyed by the server secret itself (only
    the deployment checks those)."""
    if stored is not None and not stored.startswith(KEYED):
        return keyed_digest(secret, f"registration-code:{tid}", code)
    return code_digest(key, code)


def split_code(settings: dict[str, Any], secret: str, tid: str,
               key: str | None = None) -> tuple[dict[str, Any], str | None, bool]:
    """``settings`` without ``registration.code``, the new code's digest (None: remove
    the code) and whether the code changes at all (the key was given). ``key``: the
    tournament's registration key when this process does not derive it (a venue node)."""
    registration = settings.get("registration")
    if not isinstance(registration, dict) or "code" not in registration:
        return settings, None, False
    rest = {k: v for k, v in registration.items() if k != "code"}
    code = registration["code"]
    low, high = CODE_LENGTH
    if code is not None and not (isinstance(code, str) and low <= len(code.strip()) <= high):
        raise Invalid("invalid tournament settings", [
            {"loc": "registration.code",
             "msg": f"a string of {low}-{high} characters, or null to remove the code"}],
            code="invalid_settings")
    key = key or registration_key(secret, tid)
    digest = code_digest(key, code.strip()) if code is not None else None
    return {**settings, "registration": rest}, digest, True


def count_client(uow: UnitOfWork, t: TournamentState, client: str | None,
                 player_id: str) -> None:
    """Refuse (429 ``rate_limited``, retry after the window) a self-registration beyond
    the tournament's per-client limit; otherwise count it with the registration (the
    tally commits with it, and the tournament's stream orders concurrent registrations,
    so the count is exact)."""
    registration = t.settings["registration"]
    limit = registration.get("anonymous_per_client")
    if limit is None or client is None:
        return
    window = registration.get("anonymous_window_seconds", 3600)
    now = uow.now.timestamp()
    index = math.floor(now / window)
    tally = streams.registration_client_tally(t.id, client, window, index)
    if uow.tally(tally) >= limit:
        retry = math.ceil((index + 1) * window - now)
        raise TooManyRequests(
            f"at most {limit} self-registrations from one client every {window} seconds; "
            "retry later or ask the organizer to register you",
            retry, {"limit": limit, "window_seconds": window,
                    "retry_at": datetime.fromtimestamp((index + 1) * window,
                                                       uow.now.tzinfo).isoformat()})
    uow.count(tally, int(player_id[1:], 16) % (2 ** 31 - 1) + 1)
