"""What the limited formats' use cases share: a stream's state or 404, who the caller is
in a pod (one refusal, one code: 403 ``not_a_player``, 403 ``not_in_pod``), the public
summaries, pod feeds cut to what the caller may see and the staff's logs, and explicit
first seats (replacement packs are drawn by the deciders: domain/product/replacement.py).

Staff start each phase; players act with their player token; the table of a table
draft, a trading pod's turn and the sealed progress are public; packs, pools and the
swap deal are shown only to the player concerned and to staff (``.../log``)."""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from typing import Any, Protocol, TypeVar

from ..auth import Principal, is_staff, require_tournament_staff
from ..domain.decider import Decider
from ..domain.errors import Forbidden, Invalid, NotFound
from ..domain.tournament import TournamentState
from ..projections.queries.limited import pod_id, summary_id
from . import page_bytes, sources, tournament
from .page_bytes import json_size
from .reads import Reads

POD_NUMBER = re.compile(r"[1-9][0-9]{0,3}")
EVENTS_PAGE = 500                 # events per page of a feed or log (default)
EVENTS_PAGE_MAX = 2000


class _Phased(Protocol):
    @property
    def status(self) -> str: ...


P = TypeVar("P", bound=_Phased)


def started(source: Any, decider: Decider[P], key: Any, missing: str, tid: str) -> P:
    """The state of the aggregate's stream of ``key``, 404 (``missing``) while it is new."""
    state = sources.state(source, decider, key)
    if state.status == "new":
        raise NotFound(missing, {"tournament_id": tid})
    return state


# -- who the caller is ------------------------------------------------------------------

def player_of(actor: Principal, tid: str) -> str:
    """The player id of a player token of this tournament (403 for anyone else)."""
    if actor.role != "player" or actor.tournament_id != tid or not actor.player_id:
        raise Forbidden("only a player of this tournament may do this", code="not_a_player")
    return actor.player_id


def seated(actor: Principal, tid: str, players: Collection[str]) -> str:
    """The caller, a player seated among the pod's ``players`` (403 otherwise)."""
    player = player_of(actor, tid)
    if player not in players:
        raise Forbidden("you are not seated in this pod", code="not_in_pod")
    return player


def staff_or_member(actor: Principal | None, t: TournamentState,
                    players: Collection[str]) -> None:
    """403 unless the caller is the tournament's staff or one of the pod's ``players``."""
    player, staff = viewer_of(actor, t)
    if staff or (player is not None and player in players):
        return
    raise Forbidden("only the pod's players and the tournament's staff may do this",
                    code="not_in_pod")


def viewer_of(actor: Principal | None, t: TournamentState) -> tuple[str | None, bool]:
    """(player id, is staff) of the caller of a GET anyone may make."""
    if actor is None:
        return None, False
    if is_staff(actor, t):
        return None, True
    if actor.role == "player" and actor.tournament_id == t.id:
        return actor.player_id, False
    return None, False


# -- reads ---------------------------------------------------------------------------

def summary(reads: Reads, tid: str, capability: str) -> dict[str, Any]:
    """The capability's public summary view with each pod's own view merged in (404
    before it starts); the starters each pod's players keep, as its opening recorded
    them, are listed with the roster's (``sealed_starters``)."""
    doc = reads.views.get(summary_id(tournament.checked_tid(tid), capability))
    if doc is None:
        raise NotFound(f"the {capability} has not started", {"tournament_id": tid})
    if "pods" in doc:
        sealed = dict(doc.get("sealed_starters") or {})
        pods = []
        for p in doc["pods"]:
            own = dict(reads.views.get(pod_id(tid, capability, p["pod"])) or {})
            sealed.update(own.pop("sealed_starters", None) or {})
            pods.append({**p, **own})
        doc = {**doc, "pods": pods}
        if "sealed_starters" in doc:
            doc["sealed_starters"] = sealed
    return doc


def events_page(reads: Reads, stream_id: str, after: int, limit: int,
                entry_of: Callable[[Any], dict[str, Any] | None], spent: int = 0
                ) -> tuple[list[dict[str, Any]], int | None]:
    """The entries (``entry_of(stored event)``, None: none for it) of the stream's events
    after version ``after``: at most ``limit``, and stopping before one that would take
    the page (``spent`` bytes of it already taken by the rest of the reply) past
    ``page_bytes.PAGE_BYTES`` of JSON; a page always holds at least one. Returns them and the
    version to continue after (None: the stream's end was read)."""
    out: list[dict[str, Any]] = []
    size, at = spent, after
    chunk = min(limit + 1, 250)
    while True:
        batch = reads.service.events.read(stream_id, at, limit=chunk)
        for e in batch:
            entry = entry_of(e)
            if entry is not None:
                if len(out) == limit:
                    return out, at
                cost = json_size(entry)
                if out and size + cost > page_bytes.PAGE_BYTES:
                    return out, at
                out.append(entry)
                size += cost
            at = e.version
        if len(batch) < chunk:
            return out, None


def feed(reads: Reads, stream_id: str, redact: Callable[[str, dict[str, Any]], Any],
         after: int = 0, limit: int = EVENTS_PAGE) -> dict[str, Any]:
    """The stream's events after version ``after``, each cut to what the caller may see
    (``redact(type, data)``, None: nothing of it; 7.7: the table is public, hidden cards
    stay hidden), a page at a time (:func:`events_page`; ``next``: the version to read
    after, None on the last page)."""
    def entry(e: Any) -> dict[str, Any] | None:
        data = redact(e.type, e.data)
        return None if data is None else {"version": e.version, "type": e.type, "data": data,
                                          "recorded_at": e.recorded_at}
    out, following = events_page(reads, stream_id, after, limit, entry)
    return {"stream": stream_id, "events": out, "next": following}


def event_log(reads: Reads, stream_id: str, after: int = 0, limit: int = EVENTS_PAGE,
              beside: Any = None) -> tuple[list[dict[str, Any]], int | None]:
    """The stream's events after version ``after``, unredacted (staff), a page at a
    time (:func:`events_page`; ``beside``: what else the page holds, counted in its
    bytes)."""
    spent = 0 if beside is None else json_size(beside)
    return events_page(reads, stream_id, after, limit, lambda e: {
        "version": e.version, "type": e.type, "data": e.data,
        "actor": e.meta.get("actor"), "recorded_at": e.recorded_at}, spent)


def pod_feed(reads: Reads, actor: Principal | None, tid: str, n: int, pod_of: Callable[..., Any],
             stream_of: Callable[[str, int], str], redact: Callable[..., Any],
             after: int = 0, limit: int = EVENTS_PAGE) -> dict[str, Any]:
    """A pod's events as the caller may see them (``redact(type, data, player=, staff=,
    members=)``, members: the pod's players), a page at a time (:func:`feed`)."""
    members = tuple(pod_of(reads, tournament.checked_tid(tid), n).players)
    player, staff = viewer_of(actor, tournament.load(reads, tid))
    return feed(reads, stream_of(tid, n),
                lambda t, d: redact(t, d, player=player, staff=staff, members=members),
                after, limit)


def pod_log(reads: Reads, actor: Principal, tid: str, n: int, pod_of: Callable[..., Any],
            view: Callable[..., Any], stream_of: Callable[[str, int], str],
            after: int = 0, limit: int = EVENTS_PAGE) -> dict[str, Any]:
    """A pod's whole state and its events, a page at a time (staff)."""
    require_tournament_staff(actor, tournament.load(reads, tid))
    state = view(pod_of(reads, tid, n), staff=True)
    events, following = event_log(reads, stream_of(tid, n), after, limit, state)
    return {"pod": n, "state": state, "events": events, "next": following}


# -- starting the product -----------------------------------------------------------------

def first_seats(raw: Mapping[str, str] | None) -> dict[int, str]:
    """A body's ``first_seats`` (pod number as a string -> player) keyed by int (422)."""
    seats = {}
    for key, player in (raw or {}).items():
        if not POD_NUMBER.fullmatch(key):
            raise Invalid(f"first_seats keys are pod numbers, not {key!r}",
                          code="invalid_first_seat")
        seats[int(key)] = player
    return seats
