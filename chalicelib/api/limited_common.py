"""What the limited-format blueprints of issue #4 share: ``table_draft`` (V:EKN 7.7),
``mixed_draft`` (7.8), ``sealed`` (7.3, 7.2.4, 7.3.2) and ``trade`` (7.4).

Staff start each phase; players act with their player token; the table of a table
draft, a trading pod's turn and the sealed progress are public; packs, pools and the
swap deal are shown only to the player concerned and to staff (``.../log``)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field

from ..auth import Principal, authenticate, optional_principal, require_tournament_staff
from ..auth.principal import is_staff
from ..domain.errors import Forbidden, Invalid, NotFound
from ..domain.product.allocation import allocate_one
from ..domain.product.cards import ID_PATTERN
from ..domain.product.collation import collate
from ..domain.rng import derive
from ..domain.tabledraft import clock
from ..domain.tabledraft.roster import ROSTER, AddLateArrival, sealed_cards
from ..domain.tabledraft.setup import kinds_of
from ..projections.limited import pod_id, summary_id
from ..runtime import runtime
from ..service import Reply
from .bodies import Body, LateArrivalBody
from .common import PATH_NUMBER, active_player, path_number, plain, read_state, run_command
from .http import parse_body
from .product import product_sets
from .tournaments import checked_tid, load_tournament

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


# ---- states, callers, feeds ----------------------------------------------------------
def started(source, decider, stream_id: str, missing: str, tid: str):
    """The stream's state, 404 (``missing``) while it is still new."""
    state = read_state(source, decider, stream_id)
    if state.status == "new":
        raise NotFound(missing, {"tournament_id": tid})
    return state


def player_of(principal: Principal, tid: str) -> str:
    """The player id of a player token of this tournament (403 for anyone else)."""
    if principal.role != "player" or principal.tournament_id != tid or not principal.player_id:
        raise Forbidden("only a player of this tournament may do this", code="not_a_player")
    return principal.player_id


def staff_or_member(principal: Principal, tournament, players) -> None:
    """403 unless the caller is the tournament's staff or one of the pod's ``players``."""
    if is_staff(principal, tournament):
        return
    if principal.role == "player" and principal.tournament_id == tournament.id \
            and principal.player_id in players:
        return
    raise Forbidden("only the pod's players and the tournament's staff may do this",
                    code="not_in_pod")


def viewer(request, rt, tid: str) -> tuple[str | None, bool]:
    """(player id, is staff) of the caller of a GET that anyone may make."""
    principal = optional_principal(request, rt)
    if principal is None:
        return None, False
    if is_staff(principal, load_tournament(rt, tid)):
        return None, True
    if principal.role == "player" and principal.tournament_id == tid:
        return principal.player_id, False
    return None, False


def feed(rt, stream_id: str, redact) -> dict[str, Any]:
    """The stream's events, each cut to what the caller may see (7.7: the table is
    public; hidden cards stay hidden)."""
    out = []
    for e in rt.events.read(stream_id):
        data = redact(e.type, e.data)
        if data is not None:
            out.append({"version": e.version, "type": e.type, "data": data,
                        "recorded_at": e.recorded_at})
    return {"stream": stream_id, "events": out}


def event_log(rt, stream_id: str) -> list[dict[str, Any]]:
    """Every event of the stream, unredacted (staff)."""
    return [{"version": e.version, "type": e.type, "data": e.data,
             "actor": e.meta.get("actor"), "recorded_at": e.recorded_at}
            for e in rt.events.read(stream_id)]


def pod_log(request, tid: str, n: str, pod_of: Callable, view: Callable,
            stream_of: Callable[[str, int], str]) -> dict[str, Any]:
    """``GET .../pods/{n}/log``: the pod's whole state and every event, for staff."""
    rt = runtime()
    principal = authenticate(request, rt)
    require_tournament_staff(principal, load_tournament(rt, tid))
    number = path_number(n, "pod")
    state = pod_of(rt, tid, number)
    return {"pod": number, "state": view(state, staff=True),
            "events": event_log(rt, stream_of(tid, number))}


def pod_feed(request, tid: str, n: str, pod_of: Callable,
             stream_of: Callable[[str, int], str], redact: Callable) -> dict[str, Any]:
    """``GET .../pods/{n}/events``: the pod's events as the caller may see them
    (``redact(type, data, player=, staff=, members=)``, members: the pod's players)."""
    rt = runtime()
    number = path_number(n, "pod")
    members = tuple(pod_of(rt, checked_tid(tid), number).players)
    player, staff = viewer(request, rt, tid)
    return feed(rt, stream_of(tid, number),
                lambda t, d: redact(t, d, player=player, staff=staff, members=members))


def pod_command(request, principal: Principal, tid: str, n: str, pod_of: Callable,
                decider, stream_of: Callable[[str, int], str], command_of: Callable,
                reply_of: Callable, with_uow: bool = False):
    """A player's command in a pod: ``command_of(player, now)`` (``command_of(uow,
    player)`` with ``with_uow``, e.g. to read the tournament seed); 200 with
    ``reply_of(state, events, player)``. The draft deciders first apply every pick timer
    due at ``now`` (each at its own deadline), so a late command is judged against the
    caught-up pod; a refusal records nothing."""
    number = path_number(n, "pod")

    def work(uow):
        player = player_of(principal, checked_tid(tid))
        pod_of(uow, tid, number)
        command = command_of(uow, player) if with_uow else command_of(player, uow.now)
        state, events = uow.decide(decider, stream_of(tid, number), command)
        return Reply(200, reply_of(state, events, player))
    return run_command(request, work, principal)


def summary(rt, tid: str, capability: str) -> dict[str, Any]:
    """The capability's public summary view with each pod's own view merged in (404
    before it starts)."""
    doc = rt.views.get(summary_id(checked_tid(tid), capability))
    if doc is None:
        raise NotFound(f"the {capability} has not started", {"tournament_id": tid})
    if "pods" in doc:
        doc = {**doc, "pods": [{**p, **(rt.views.get(pod_id(tid, capability, p["pod"])) or {})}
                               for p in doc["pods"]]}
    return doc


def first_seats(raw: dict[str, str] | None) -> dict[int, str]:
    """A body's ``first_seats`` (pod number as a string -> player) keyed by int (422)."""
    seats = {}
    for key, player in (raw or {}).items():
        if not PATH_NUMBER.fullmatch(key):
            raise Invalid(f"first_seats keys are pod numbers, not {key!r}",
                          code="invalid_first_seat")
        seats[int(key)] = player
    return seats


# ---- what the table and mixed drafts share -------------------------------------------
def pick_seconds(given: int | None, draft: dict[str, Any]) -> int | None:
    """The body's timer, else the draft profile's ``pick_seconds`` (0 there = untimed)."""
    if given is not None:
        return given
    return draft.get("pick_seconds") or None


PICK_EVENTS = ("TableCardPicked", "MixedLibraryCardPicked")


def own_pick(events) -> dict:
    """The data of the caller's own pick among a command's events (expiries applied
    before it come first)."""
    return next(e.data for e in reversed(events)
                if e.type in PICK_EVENTS and not e.data["auto"])


def auto_picks(events) -> list[dict]:
    return [e.data for e in events if e.type in PICK_EVENTS and e.data["auto"]]


def table_due(state, now) -> bool:
    """A table draft's (or a mixed draft's crypt table's) pick timer ran out."""
    return state.status == "drafting" and clock.reached(now, state.deadline)


def touched(rt, tid: str, n: int, pod_of: Callable, due: Callable, decider,
            stream_of: Callable[[str, int], str], expire_command: Callable):
    """The draft pod with every expired pick timer applied first, each at its own deadline
    (recorded before it is shown): on every read of a pod and by the scheduled sweep, so a
    draft never waits on somebody remembering to call ``.../expire`` and an unattended pod
    catches up in one touch. ``expire_command(uow, tid, state)``."""
    state = pod_of(rt, tid, n)
    if not due(state, rt.service.clock()):
        return state

    def work(uow):
        current = pod_of(uow, tid, n)
        if not due(current, uow.now):
            return Reply(200, {"pod": n, "auto_picks": 0})
        _, events = uow.decide(decider, stream_of(tid, n), expire_command(uow, tid, current))
        return Reply(200, {"pod": n, "auto_picks": len(auto_picks(events))})
    rt.service.run(work)
    return pod_of(rt, tid, n)


def pod_expire(request, tid: str, n: str, pod_of: Callable, decider,
               stream_of: Callable[[str, int], str], expire_command: Callable,
               reply_of: Callable):
    """``POST .../pods/{n}/expire``: staff or a player of the pod apply an expired pick
    timer (409 before the deadline): ``expire_command(uow, tid, state)``; 200 with
    ``reply_of(state, events)``."""
    rt = runtime()
    principal = authenticate(request, rt)
    number = path_number(n, "pod")

    def work(uow):
        tournament = load_tournament(uow, tid, guard=False)
        state = pod_of(uow, tid, number)
        staff_or_member(principal, tournament, state.players)
        state, events = uow.decide(decider, stream_of(tid, number), expire_command(uow, tid, state))
        return Reply(200, reply_of(state, events))
    return run_command(request, work, principal)


def staff_pod_command(request, tid: str, n: str, pod_of: Callable, decider,
                      stream_of: Callable[[str, int], str], command_of: Callable,
                      reply_of: Callable):
    """A staff command in a pod (organizer, judges): ``command_of(uow, tournament, state,
    number, by)``; 201 with ``reply_of(number, state, events)``."""
    rt = runtime()
    principal = authenticate(request, rt)
    number = path_number(n, "pod")

    def work(uow):
        tournament = load_tournament(uow, checked_tid(tid), guard=False)
        require_tournament_staff(principal, tournament)
        state = pod_of(uow, tid, number)
        command = command_of(uow, tournament, state, number, principal.id)
        state, events = uow.decide(decider, stream_of(tid, number), command)
        return Reply(201, reply_of(number, state, events))
    return run_command(request, work, principal)


def replacement(uow, tournament, cards: list[str] | None, meta: dict[str, Any],
                *labels: object) -> tuple[list[str], dict[str, str], int | None]:
    """V:EKN 7.2.5: the replacement's cards, their kinds and the card count it must have
    (``meta``: what the replaced item should be, ``{}`` when unknown). Without ``cards``
    a booster is collated afresh from the seed (keyed by ``labels``) and a starter dealt
    again as its list; 422 when what it should be is unknown."""
    product = plain(tournament.settings)["product"]
    sets = product_sets(uow, product)
    card_set = sets.get(meta.get("set"))
    if cards is None:
        if card_set is not None and meta.get("booster"):
            cards = collate(card_set, meta["booster"],
                            derive(tournament.seed, "replacement", *labels))
        elif card_set is not None and meta.get("starter"):
            cards = list(card_set.starter(meta["starter"]).cards)
        else:
            raise Invalid("give the replacement's cards: what this pack should hold is "
                          "not known", {"pack": meta}, code="cards_required")
    known = kinds_of(sets)
    return list(cards), {c: known[c] for c in cards if c in known}, meta.get("size")


def roster_reply(tid: str, roster) -> dict[str, Any]:
    """The 201 body of a started table or mixed draft: its pods and first seats."""
    return {"tournament_id": tid, "capability": roster.capability,
            "started_at": roster.formed_at, "settings": roster.settings,
            "pods": [{"pod": n, "players": list(pod), "first_seat": roster.first_seats[n - 1]}
                     for n, pod in enumerate(roster.pods, start=1)]}


def draft_late_arrival(request, tid: str, roster_stream: str):
    """7.2.6: a player added after the draft started receives sealed product."""
    rt = runtime()
    principal = authenticate(request, rt)
    body = parse_body(request, LateArrivalBody)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        active_player(tournament, body.player_id)
        product = plain(tournament.settings)["product"]
        allocation = allocate_one(product, product_sets(uow, product), tournament.seed,
                                  body.player_id)
        uow.decide(ROSTER, roster_stream, AddLateArrival(player=body.player_id,
                                                         allocation=allocation, now=uow.now))
        return Reply(201, {"tournament_id": tid, "player_id": body.player_id,
                           "product": allocation, "pool": sealed_cards(allocation)})
    return run_command(request, work, principal)
