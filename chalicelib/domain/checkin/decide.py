"""The check-in aggregate: staff open self check-in for the event or for a round with a
code derived from the tournament's seed (so it is random, yet re-derivable from the log);
a player checks in with that code (typed, or read from the QR code the API draws); staff
may record anyone present at any time (an override, also when check-in is closed)."""
from __future__ import annotations

import hmac
import re
from typing import Any

from ..errors import Conflict, Forbidden, Invalid
from ..events import Event
from ..rng import derive
from .commands import CheckIn, CloseCheckIn, OpenCheckIn
from .events import CheckInClosed, CheckInOpened, PlayerCheckedIn
from .state import CheckInState

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"     # no 0/O, 1/I: read aloud, typed on a phone
CODE_LENGTH = 6
SCOPE = re.compile(r"^(event|r[1-9][0-9]{0,3})$")

MAX_OPENINGS = 100


def scope_of(round_number: int | None) -> str:
    return "event" if round_number is None else f"r{round_number}"


def round_of(scope: str) -> int | None:
    return None if scope == "event" else int(scope[1:])


def derive_code(seed: str, scope: str, generation: int) -> str:
    rng = derive(seed, "checkin", scope, generation)
    return "".join(rng.choice(ALPHABET) for _ in range(CODE_LENGTH))


def _scope(name: str) -> str:
    if not SCOPE.match(name):
        raise Invalid("a check-in is for the event or a round", {"scope": name},
                      code="invalid_checkin")
    return name


def decide(command: Any, state: CheckInState) -> list[Event]:
    if isinstance(command, OpenCheckIn):
        current = state.scope(_scope(command.scope))
        if current.generation >= MAX_OPENINGS:
            raise Conflict(f"check-in was opened {MAX_OPENINGS} times already",
                           code="too_many_openings")
        generation = current.generation + 1
        return [CheckInOpened(scope=command.scope, generation=generation, by=command.by,
                              code=derive_code(command.seed, command.scope, generation),
                              at=command.now)]
    if isinstance(command, CloseCheckIn):
        if not state.scope(_scope(command.scope)).open:
            raise Conflict("check-in is not open", {"scope": command.scope},
                           code="checkin_closed")
        return [CheckInClosed(scope=command.scope, by=command.by, at=command.now)]
    if isinstance(command, CheckIn):
        current = state.scope(_scope(command.scope))
        if command.by == "self":
            if not current.open:
                raise Conflict("check-in is not open: ask the staff", {"scope": command.scope},
                               code="checkin_closed")
            given = (command.code or "").strip().upper()
            if not hmac.compare_digest(given.encode(), (current.code or "").encode()):
                raise Forbidden("that is not the check-in code", code="wrong_checkin_code")
        if command.player_id in current.present:
            return []                      # already present: a retry changes nothing
        return [PlayerCheckedIn(scope=command.scope, player_id=command.player_id,
                                by=command.by, actor=command.actor, at=command.now)]
    raise Invalid(f"unknown check-in command {type(command).__name__}")
