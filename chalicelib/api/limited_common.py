"""What the limited-format blueprints share over HTTP: the request bodies of the table and
mixed drafts, and (until ``sealed`` and ``trade`` call ``application/limited.py``
themselves) thin adapters of its helpers. The rules are in ``application/``."""
from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field

from ..application import limited, tournament
from ..application.limited import (  # noqa: F401  (api/sealed.py, api/trade.py)
    event_log,
    feed,
    first_seats,
    player_of,
    started,
    summary,
)
from ..auth import Principal, authenticate, optional_principal
from ..domain.product.cards import ID_PATTERN
from ..runtime import runtime
from ..service import Reply
from .bodies import Body
from .common import path_number, reads, run_command

CardId = Field(pattern=ID_PATTERN)


class DraftStartBody(Body):
    pods: list[list[str]] | None = Field(default=None, max_length=500)
    first_seats: dict[str, str] | None = Field(default=None, max_length=500)
    packs: dict[str, list[list[str]]] | None = Field(default=None, max_length=5000)
    pick_seconds: int | None = Field(default=None, ge=5, le=900)
    review_seconds: int | None = Field(default=None, ge=0, le=300)


class TablePickBody(Body):
    card: str = CardId
    pick: int | None = Field(default=None, ge=1, le=10000)


class PickForBody(Body):
    """Optional guard of a staff pick: the table pick number the judge is answering."""
    pick: int | None = Field(default=None, ge=1, le=10000)


class ReplacementBody(Body):
    """V:EKN 7.2.5: which player's pack (``seat``, 1-based in the pod), why, and the new
    cards (omitted: collated from the seed, when the product says what it should be)."""
    seat: int = Field(ge=1, le=16)
    reason: str = Field(min_length=1, max_length=500)
    cards: list[Annotated[str, CardId]] | None = Field(default=None, min_length=1,
                                                      max_length=500)


# ---- adapters for api/sealed.py and api/trade.py ---------------------------------------
def viewer(request, rt, tid: str) -> tuple[str | None, bool]:
    """(player id, is staff) of the caller of a GET that anyone may make."""
    principal = optional_principal(request, rt)
    if principal is None:
        return None, False
    return limited.viewer_of(principal, tournament.load(reads(), tid))


def pod_log(request, tid: str, n: str, pod_of: Callable, view: Callable,
            stream_of: Callable[[str, int], str]) -> dict[str, Any]:
    """``GET .../pods/{n}/log``: the pod's whole state and every event, for staff."""
    principal = authenticate(request, runtime())
    return limited.pod_log(reads(), principal, tid, path_number(n, "pod"), pod_of, view,
                           stream_of)


def pod_command(request, principal: Principal, tid: str, n: str, pod_of: Callable,
                decider, stream_of: Callable[[str, int], str], command_of: Callable,
                reply_of: Callable, with_uow: bool = False):
    """A player's command in a pod: ``command_of(player, now)`` (``command_of(uow,
    player)`` with ``with_uow``); 200 with ``reply_of(state, events, player)``."""
    number = path_number(n, "pod")

    def work(uow):
        player = player_of(principal, tournament.checked_tid(tid))
        pod_of(uow, tid, number)
        command = command_of(uow, player) if with_uow else command_of(player, uow.now)
        state, events = uow.decide(decider, stream_of(tid, number), command)
        return Reply(200, reply_of(state, events, player))
    return run_command(request, work, principal)
