"""Limited formats of issue #4 over HTTP: table (Rochester) draft (V:EKN 7.7), mixed
(Elder) draft (7.8), sealed with starter trading and the sealed-deck swap (7.3, 7.3.2,
7.2.4) and restricted trade (Michigan, 7.4).

Staff start each phase; players act with their player token; the table of a table
draft, a trading pod's turn and the sealed progress are public; packs, pools and the
swap deal are shown only to the player concerned and to staff (``.../log``)."""
from __future__ import annotations

import re
from typing import Any

from chalice import Blueprint, Rate
from pydantic import BaseModel, ConfigDict, Field

from ..auth import Principal, authenticate, optional_principal, require_tournament_staff
from ..auth.principal import is_staff
from ..domain import mixed, sealed, tabledraft, trade
from ..domain.errors import Conflict, Forbidden, Invalid, NotFound
from ..domain.mixed.setup import mixed_draft_commands
from ..domain.mixed.visibility import redact as mixed_redact
from ..domain.product.allocation import allocate, allocate_one
from ..domain.product.cards import ID_PATTERN
from ..domain.sealed.visibility import redact as sealed_redact
from ..domain.tabledraft import clock
from ..domain.tabledraft.roster import ROSTER, AddLateArrival, sealed_cards
from ..domain.tabledraft.setup import kinds_of, table_draft_commands
from ..domain.tabledraft.visibility import redact as table_redact
from ..domain.tournament import state as tstate
from ..domain.trade.visibility import redact as trade_redact
from ..projections.limited import ACTIVE_KIND, pod_id, summary_id
from ..runtime import runtime
from ..service import Reply
from .http import idempotency_from, json_route, parse_body, respond
from .product import plain, product_sets
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)

CardId = Field(pattern=ID_PATTERN)
PlayerId = Field(pattern=r"^p[0-9a-f]{10}$")
Cards = list[str]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class DraftStartBody(Body):
    pods: list[list[str]] | None = Field(default=None, max_length=500)
    first_seats: dict[str, str] | None = Field(default=None, max_length=500)
    packs: dict[str, list[list[str]]] | None = Field(default=None, max_length=5000)
    pick_seconds: int | None = Field(default=None, ge=5, le=900)
    review_seconds: int | None = Field(default=None, ge=0, le=300)


class MixedStartBody(DraftStartBody):
    pile_size: int = Field(ge=1, le=60)
    library_pick_seconds: int | None = Field(default=None, ge=5, le=900)


class TablePickBody(Body):
    card: str = CardId
    pick: int | None = Field(default=None, ge=1, le=10000)


class LibraryPickBody(Body):
    card: str = CardId
    pack: str | None = Field(default=None, pattern=r"^R\d{1,3}S\d{1,3}$")


class SealedStartBody(Body):
    hand_back_percent: int | None = Field(default=None, ge=10, le=20)
    starter_trading: bool | None = None
    packs: dict[str, list[list[str]]] | None = Field(default=None, max_length=5000)


class StarterOfferBody(Body):
    give: str = Field(pattern=r"^S\d{1,6}$")
    take: str = Field(pattern=r"^S\d{1,6}$")


class StarterAnswerBody(Body):
    accept: bool


class RegistrationBody(Body):
    cards: list[str] | None = Field(default=None, max_length=2000)


class LateArrivalBody(Body):
    player_id: str = PlayerId


class TradeSetupBody(Body):
    library: Cards = Field(max_length=500)
    stock: Cards = Field(max_length=500)
    crypt: Cards = Field(max_length=500)
    sideboard: Cards = Field(max_length=500)


class TradePodsBody(Body):
    pods: list[list[str]] | None = Field(default=None, max_length=500)
    first_seats: dict[str, str] | None = Field(default=None, max_length=500)


class OfferBody(Body):
    target: str = PlayerId
    slot: int = Field(ge=0, le=99)


class AcceptBody(Body):
    slot: int = Field(ge=0, le=99)


class CryptBody(Body):
    cards: Cards = Field(max_length=20)


# ---- shared plumbing ---------------------------------------------------------------------
def _run(work, principal: Principal | None):
    rt = runtime()
    idem = idempotency_from(bp.current_request, principal.id if principal else None)
    return respond(rt.service.run(work, idempotency=idem,
                                  meta={"actor": principal.ref() if principal else None}))


def _pod_number(n: str) -> int:
    if not re.fullmatch(r"[1-9][0-9]{0,3}", n):
        raise NotFound(f"no pod {n!r}")
    return int(n)


def _read(source, decider, stream_id: str):
    if hasattr(source, "load"):
        return source.load(decider, stream_id, guard=False)
    state, _ = source.service.read(decider, stream_id)
    return state


def _running(tournament, *formats: str) -> None:
    if tournament.format not in formats:
        raise Conflict(f"this tournament's format is {tournament.format}",
                       {"format": tournament.format, "needs": list(formats)},
                       code="wrong_format")
    if tournament.status != tstate.RUNNING:
        raise Conflict("start the tournament first", {"status": tournament.status},
                       code="not_running")


def _pick_seconds(given: int | None, draft: dict[str, Any]) -> int | None:
    """The body's timer, else the draft profile's ``pick_seconds`` (0 there = untimed)."""
    if given is not None:
        return given
    return draft.get("pick_seconds") or None


def _player(principal: Principal, tid: str) -> str:
    """The player id of a player token of this tournament (403 for anyone else)."""
    if principal.role != "player" or principal.tournament_id != tid or not principal.player_id:
        raise Forbidden("only a player of this tournament may do this", code="not_a_player")
    return principal.player_id


def _first_seats(raw: dict[str, str] | None) -> dict[int, str]:
    seats = {}
    for key, player in (raw or {}).items():
        if not re.fullmatch(r"[1-9][0-9]{0,3}", key):
            raise Invalid(f"first_seats keys are pod numbers, not {key!r}",
                          code="invalid_first_seat")
        seats[int(key)] = player
    return seats


def _log(rt, stream_id: str) -> list[dict[str, Any]]:
    return [{"version": e.version, "type": e.type, "data": e.data,
             "actor": e.meta.get("actor"), "recorded_at": e.recorded_at}
            for e in rt.events.read(stream_id)]


def _viewer(rt, tid: str) -> tuple[str | None, bool]:
    """(player id, is staff) of the caller of a GET that anyone may make."""
    principal = optional_principal(bp.current_request, rt)
    if principal is None:
        return None, False
    if is_staff(principal, load_tournament(rt, tid)):
        return None, True
    if principal.role == "player" and principal.tournament_id == tid:
        return principal.player_id, False
    return None, False


def _feed(rt, stream_id: str, redact) -> dict[str, Any]:
    """The stream's events, each cut to what the caller may see (7.7: the table is
    public; hidden cards stay hidden)."""
    out = []
    for e in rt.events.read(stream_id):
        data = redact(e.type, e.data)
        if data is not None:
            out.append({"version": e.version, "type": e.type, "data": data,
                        "recorded_at": e.recorded_at})
    return {"stream": stream_id, "events": out}


def _summary(rt, tid: str, capability: str) -> dict[str, Any]:
    doc = rt.views.get(summary_id(checked_tid(tid), capability))
    if doc is None:
        raise NotFound(f"the {capability} has not started", {"tournament_id": tid})
    if "pods" in doc:
        doc = {**doc, "pods": [{**p, **(rt.views.get(pod_id(tid, capability, p["pod"])) or {})}
                               for p in doc["pods"]]}
    return doc


# ---- table draft (7.7) -------------------------------------------------------------------
def _tdraft_pod(source, tid: str, n: int):
    state = _read(source, tabledraft.TABLE_DRAFT, tabledraft.stream_id(tid, n))
    if state.status == "new":
        raise NotFound(f"no table draft pod {n}", {"tournament_id": tid})
    return state


def _roster_reply(tid: str, roster) -> dict[str, Any]:
    return {"tournament_id": tid, "capability": roster.capability,
            "started_at": roster.formed_at, "settings": roster.settings,
            "pods": [{"pod": n, "players": list(pod), "first_seat": roster.first_seats[n - 1]}
                     for n, pod in enumerate(roster.pods, start=1)]}


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["POST"])
def start_table_draft(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, DraftStartBody, allow_empty=True)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        _running(tournament, "table-draft")
        settings = plain(tournament.settings)
        product, draft = settings["product"], settings["draft"]
        form, starts = table_draft_commands(
            seed=tournament.seed, players=[p.id for p in tournament.active_players()],
            product=product, draft=draft, sets=product_sets(uow, product), now=uow.now,
            pick_seconds=_pick_seconds(body.pick_seconds, draft),
            review_seconds=20 if body.review_seconds is None else body.review_seconds,
            explicit_pods=body.pods, first_seats=_first_seats(body.first_seats),
            entered=body.packs)
        roster, _ = uow.decide(ROSTER, f"tdraft-{tid}", form)
        for start in starts:
            uow.decide(tabledraft.TABLE_DRAFT, tabledraft.stream_id(tid, start.pod), start)
        return Reply(201, _roster_reply(tid, roster),
                     {"Location": f"/v1/tournaments/{tid}/table-draft"})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/table-draft", methods=["GET"])
def get_table_draft(tid):
    return _summary(runtime(), tid, "table-draft")


# Pick timers also expire whenever a pod is read and every minute (scheduled sweep), so
# a draft never waits on somebody remembering to call ``.../expire``.
def _table_due(state, now) -> bool:
    return state.status == "drafting" and clock.reached(now, state.deadline)


def _mixed_due(state, now) -> bool:
    if state.status == "crypt":
        return _table_due(state.crypt, now)
    return state.status == "library" and any(
        q and clock.reached(now, d) for q, d in zip(state.queues, state.deadlines, strict=True))


def _expire_work(tid: str, n: int, capability: str):
    def work(uow):
        if capability == "table-draft":
            state = _tdraft_pod(uow, tid, n)
            if not _table_due(state, uow.now):
                return Reply(200, {"pod": n, "auto_picks": 0})
            _, events = uow.decide(tabledraft.TABLE_DRAFT, tabledraft.stream_id(tid, n),
                                   tabledraft.ExpirePick(now=uow.now))
        else:
            state = _mixed_pod(uow, tid, n)
            if not _mixed_due(state, uow.now):
                return Reply(200, {"pod": n, "auto_picks": 0})
            tournament = load_tournament(uow, tid, guard=False)
            command = (tabledraft.ExpirePick(now=uow.now) if state.status == "crypt" else
                       mixed.ExpireLibraryPicks(seed=tournament.seed, now=uow.now))
            _, events = uow.decide(mixed.MIXED_DRAFT, mixed.stream_id(tid, n), command)
        return Reply(200, {"pod": n, "auto_picks": sum(
            1 for e in events if e.type in ("TableCardPicked", "MixedLibraryCardPicked"))})
    return work


def touched_table(rt, tid: str, n: int):
    state = _tdraft_pod(rt, tid, n)
    if _table_due(state, rt.service.clock()):
        rt.service.run(_expire_work(tid, n, "table-draft"))
        state = _tdraft_pod(rt, tid, n)
    return state


def touched_mixed(rt, tid: str, n: int):
    state = _mixed_pod(rt, tid, n)
    if _mixed_due(state, rt.service.clock()):
        rt.service.run(_expire_work(tid, n, "mixed-draft"))
        state = _mixed_pod(rt, tid, n)
    return state


@bp.schedule(Rate(1, unit=Rate.MINUTES))
def sweep_limited_drafts(event):
    """Every minute: apply expired pick timers in every running table and mixed draft."""
    rt = runtime()
    after = None
    while True:
        page = rt.views.list(ACTIVE_KIND, after=after, limit=100)
        for view in page:
            doc = view.doc
            if doc["capability"] == "table-draft":
                touched_table(rt, doc["tournament_id"], doc["pod"])
            else:
                touched_mixed(rt, doc["tournament_id"], doc["pod"])
            after = view.sort
        if len(page) < 100:
            break


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}", methods=["GET"])
def get_table_pod(tid, n):
    """The table as everyone sees it (7.7): cards laid out, the pick order, each
    player's latest pick of the current set."""
    return tabledraft.view(touched_table(runtime(), checked_tid(tid), _pod_number(n)))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/me", methods=["GET"])
def get_my_table_seat(tid, n):
    rt = runtime()
    player = _player(authenticate(bp.current_request, rt), checked_tid(tid))
    state = touched_table(rt, tid, _pod_number(n))
    if player not in state.players:
        raise Forbidden("you are not seated in this pod", code="not_in_pod")
    return tabledraft.view(state, player=player)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/picks", methods=["POST"])
def table_pick(tid, n):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, TablePickBody)
    number = _pod_number(n)

    def work(uow):
        player = _player(principal, checked_tid(tid))
        _tdraft_pod(uow, tid, number)
        state, events = uow.decide(tabledraft.TABLE_DRAFT, tabledraft.stream_id(tid, number),
                                   tabledraft.Pick(player=player, card=body.card,
                                                   pick=body.pick, now=uow.now))
        return Reply(200, {"picked": events[0].data,
                           "me": tabledraft.view(state, player=player)})
    return _run(work, principal)


def _staff_or_member(principal: Principal, tournament, players) -> None:
    if is_staff(principal, tournament):
        return
    if principal.role == "player" and principal.tournament_id == tournament.id \
            and principal.player_id in players:
        return
    raise Forbidden("only the pod's players and the tournament's staff may do this",
                    code="not_in_pod")


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/expire", methods=["POST"])
def table_expire(tid, n):
    """The pick timer ran out: the waiting player receives the oldest card on the
    table (7.7). Staff or any player of the pod may call it; 409 before the deadline."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    number = _pod_number(n)

    def work(uow):
        tournament = load_tournament(uow, tid, guard=False)
        state = _tdraft_pod(uow, tid, number)
        _staff_or_member(principal, tournament, state.players)
        state, events = uow.decide(tabledraft.TABLE_DRAFT, tabledraft.stream_id(tid, number),
                                   tabledraft.ExpirePick(now=uow.now))
        return Reply(200, {"picked": events[0].data, "table": tabledraft.view(state)})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/events", methods=["GET"])
def table_events(tid, n):
    rt = runtime()
    number = _pod_number(n)
    _tdraft_pod(rt, checked_tid(tid), number)
    player, staff = _viewer(rt, tid)
    return _feed(rt, tabledraft.stream_id(tid, number),
                 lambda t, d: table_redact(t, d, player=player, staff=staff))


@json_route(bp, "/tournaments/{tid}/table-draft/pods/{n}/log", methods=["GET"])
def table_log(tid, n):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    require_tournament_staff(principal, load_tournament(rt, tid))
    number = _pod_number(n)
    state = _tdraft_pod(rt, tid, number)
    return {"pod": number, "state": tabledraft.view(state, staff=True),
            "events": _log(rt, tabledraft.stream_id(tid, number))}


def _draft_late_arrival(tid: str, roster_stream: str):
    """7.2.6: a player added after the draft started receives sealed product."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, LateArrivalBody)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        player = tournament.player(body.player_id)
        if player is None or player.status != "active":
            raise NotFound("no active player with that id", {"player_id": body.player_id})
        product = plain(tournament.settings)["product"]
        allocation = allocate_one(product, product_sets(uow, product), tournament.seed,
                                  body.player_id)
        uow.decide(ROSTER, roster_stream, AddLateArrival(player=body.player_id,
                                                         allocation=allocation, now=uow.now))
        return Reply(201, {"tournament_id": tid, "player_id": body.player_id,
                           "product": allocation, "pool": sealed_cards(allocation)})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/table-draft/late-arrivals", methods=["POST"])
def table_late_arrival(tid):
    return _draft_late_arrival(checked_tid(tid), f"tdraft-{tid}")


# ---- mixed draft (7.8) -------------------------------------------------------------------
def _mixed_pod(source, tid: str, n: int):
    state = _read(source, mixed.MIXED_DRAFT, mixed.stream_id(tid, n))
    if state.status == "new":
        raise NotFound(f"no mixed draft pod {n}", {"tournament_id": tid})
    return state


@json_route(bp, "/tournaments/{tid}/mixed-draft", methods=["POST"])
def start_mixed_draft(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, MixedStartBody)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        _running(tournament, "mixed-draft")
        settings = plain(tournament.settings)
        product, draft = settings["product"], settings["draft"]
        seconds = _pick_seconds(body.pick_seconds, draft)
        form, starts = mixed_draft_commands(
            seed=tournament.seed, players=[p.id for p in tournament.active_players()],
            product=product, draft=draft, sets=product_sets(uow, product), now=uow.now,
            pile_size=body.pile_size, pick_seconds=seconds,
            review_seconds=20 if body.review_seconds is None else body.review_seconds,
            library_pick_seconds=body.library_pick_seconds or seconds,
            explicit_pods=body.pods, first_seats=_first_seats(body.first_seats),
            entered=body.packs)
        roster, _ = uow.decide(ROSTER, f"mixed-{tid}", form)
        for start in starts:
            uow.decide(mixed.MIXED_DRAFT, mixed.stream_id(tid, start.pod), start)
        return Reply(201, _roster_reply(tid, roster),
                     {"Location": f"/v1/tournaments/{tid}/mixed-draft"})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/mixed-draft", methods=["GET"])
def get_mixed_draft(tid):
    return _summary(runtime(), tid, "mixed-draft")


@json_route(bp, "/tournaments/{tid}/mixed-draft/late-arrivals", methods=["POST"])
def mixed_late_arrival(tid):
    return _draft_late_arrival(checked_tid(tid), f"mixed-{tid}")


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}", methods=["GET"])
def get_mixed_pod(tid, n):
    return mixed.view(touched_mixed(runtime(), checked_tid(tid), _pod_number(n)))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/me", methods=["GET"])
def get_my_mixed_seat(tid, n):
    rt = runtime()
    player = _player(authenticate(bp.current_request, rt), checked_tid(tid))
    state = touched_mixed(rt, tid, _pod_number(n))
    if player not in state.players:
        raise Forbidden("you are not seated in this pod", code="not_in_pod")
    return mixed.view(state, player=player)


def _mixed_command(tid: str, n: str, command_of):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    number = _pod_number(n)

    def work(uow):
        player = _player(principal, checked_tid(tid))
        _mixed_pod(uow, tid, number)
        state, events = uow.decide(mixed.MIXED_DRAFT, mixed.stream_id(tid, number),
                                   command_of(player, uow.now))
        return Reply(200, {"picked": events[0].data, "me": mixed.view(state, player=player)})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/crypt-picks", methods=["POST"])
def mixed_crypt_pick(tid, n):
    body = parse_body(bp.current_request, TablePickBody)
    return _mixed_command(tid, n, lambda player, now: tabledraft.Pick(
        player=player, card=body.card, pick=body.pick, now=now))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/library-picks", methods=["POST"])
def mixed_library_pick(tid, n):
    body = parse_body(bp.current_request, LibraryPickBody)
    return _mixed_command(tid, n, lambda player, now: mixed.LibraryPick(
        player=player, card=body.card, pack=body.pack, now=now))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/expire", methods=["POST"])
def mixed_expire(tid, n):
    """Expired timers: in the crypt phase the oldest card on the table (7.7), in the
    library phase a random card of each late player's pile (7.5.3)."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    number = _pod_number(n)

    def work(uow):
        tournament = load_tournament(uow, tid, guard=False)
        state = _mixed_pod(uow, tid, number)
        _staff_or_member(principal, tournament, state.players)
        command = (tabledraft.ExpirePick(now=uow.now) if state.status == "crypt" else
                   mixed.ExpireLibraryPicks(seed=tournament.seed, now=uow.now))
        state, events = uow.decide(mixed.MIXED_DRAFT, mixed.stream_id(tid, number), command)
        auto = [e.data for e in events if e.type in ("TableCardPicked",
                                                     "MixedLibraryCardPicked")]
        return Reply(200, {"auto_picks": auto, "pod": mixed.view(state)})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/events", methods=["GET"])
def mixed_events(tid, n):
    rt = runtime()
    number = _pod_number(n)
    _mixed_pod(rt, checked_tid(tid), number)
    player, staff = _viewer(rt, tid)
    return _feed(rt, mixed.stream_id(tid, number),
                 lambda t, d: mixed_redact(t, d, player=player, staff=staff))


@json_route(bp, "/tournaments/{tid}/mixed-draft/pods/{n}/log", methods=["GET"])
def mixed_log(tid, n):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    require_tournament_staff(principal, load_tournament(rt, tid))
    number = _pod_number(n)
    state = _mixed_pod(rt, tid, number)
    return {"pod": number, "state": mixed.view(state, staff=True),
            "events": _log(rt, mixed.stream_id(tid, number))}


# ---- sealed, starter trading, sealed-deck swap (7.3, 7.2.4, 7.3.2) -----------------------
SEALED_FORMATS = ("sealed", "sealed-swap", "restricted-trade")


def _sealed_state(source, tid: str):
    state = _read(source, sealed.SEALED, sealed.stream_id(tid))
    if state.status == "new":
        raise NotFound("the sealed product has not been handed out", {"tournament_id": tid})
    return state


@json_route(bp, "/tournaments/{tid}/sealed", methods=["POST"])
def start_sealed(tid):
    """Hand out every active player's product (collated from the seed, or the
    organizer's entered ``packs``). A ``sealed-swap`` tournament swaps after opening."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, SealedStartBody, allow_empty=True)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        _running(tournament, *SEALED_FORMATS)
        product = plain(tournament.settings)["product"]
        players = [p.id for p in tournament.active_players()]
        if body.packs is not None:
            missing = sorted(set(players) - set(body.packs))
            extra = sorted(set(body.packs) - set(players))
            if missing or extra:
                raise Invalid("enter the packs of every active player, and only theirs",
                              {"missing": missing, "not_active": extra},
                              code="invalid_packs")
            allocations = {p: {"packs": [{"cards": c} for c in body.packs[p]],
                               "starters": []} for p in players}
        else:
            allocations = allocate(product, product_sets(uow, product), tournament.seed,
                                   players)
        trading = product.get("starter_trading", False) if body.starter_trading is None \
            else body.starter_trading
        state, _ = uow.decide(sealed.SEALED, sealed.stream_id(tid), sealed.StartSealed(
            players=players, allocations=allocations,
            swap=tournament.format == "sealed-swap",
            hand_back_percent=body.hand_back_percent or 15, starter_trading=trading,
            now=uow.now))
        return Reply(201, sealed.view(state, staff=True),
                     {"Location": f"/v1/tournaments/{tid}/sealed"})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/sealed", methods=["GET"])
def get_sealed(tid):
    """Public progress; with a token, the caller's own product (staff: everything)."""
    rt = runtime()
    principal = optional_principal(bp.current_request, rt)
    if principal is None:
        return _summary(rt, tid, "sealed")
    tournament = load_tournament(rt, tid)
    state = _sealed_state(rt, tid)
    if is_staff(principal, tournament):
        return sealed.view(state, staff=True)
    return sealed.view(state, player=_player(principal, tid))


def _sealed_staff(tid: str, command_of, status: int = 200):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)

    def work(uow):
        tournament = load_tournament(uow, tid, guard=False)
        require_tournament_staff(principal, tournament)
        _sealed_state(uow, tid)
        state, _ = uow.decide(sealed.SEALED, sealed.stream_id(tid),
                              command_of(tournament, uow))
        return Reply(status, sealed.view(state, staff=True))
    return _run(work, principal)


def _sealed_player(tid: str, command_of, status: int = 200):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)

    def work(uow):
        player = _player(principal, checked_tid(tid))
        _sealed_state(uow, tid)
        state, events = uow.decide(sealed.SEALED, sealed.stream_id(tid),
                                   command_of(player, uow.now))
        return Reply(status, {"event": {"type": events[0].type, **events[0].data},
                              "sealed": sealed.view(state, player=player)})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/sealed/starter-trades", methods=["POST"])
def offer_starter_trade(tid):
    body = parse_body(bp.current_request, StarterOfferBody)
    return _sealed_player(tid, lambda player, now: sealed.ProposeStarterTrade(
        player=player, give=body.give, take=body.take, now=now), status=201)


@json_route(bp, "/tournaments/{tid}/sealed/starter-trades/{offer}", methods=["POST"])
def answer_starter_trade(tid, offer):
    body = parse_body(bp.current_request, StarterAnswerBody)
    return _sealed_player(tid, lambda player, now: sealed.AnswerStarterTrade(
        player=player, offer=offer, accept=body.accept, now=now))


@json_route(bp, "/tournaments/{tid}/sealed/open", methods=["POST"])
def open_product(tid):
    return _sealed_staff(tid, lambda t, uow: sealed.OpenProduct(now=uow.now))


@json_route(bp, "/tournaments/{tid}/sealed/registrations", methods=["POST"])
def register_product(tid):
    body = parse_body(bp.current_request, RegistrationBody, allow_empty=True)
    return _sealed_player(tid, lambda player, now: sealed.RegisterProduct(
        player=player, cards=body.cards, now=now), status=201)


@json_route(bp, "/tournaments/{tid}/sealed/swap", methods=["POST"])
def deal_swap(tid):
    return _sealed_staff(tid, lambda t, uow: sealed.DealSwap(seed=t.seed, now=uow.now))


@json_route(bp, "/tournaments/{tid}/sealed/late-arrivals", methods=["POST"])
def sealed_late_arrival(tid):
    """7.2.6: an active player added late receives their own sealed product."""
    body = parse_body(bp.current_request, LateArrivalBody)

    def command(tournament, uow):
        player = tournament.player(body.player_id)
        if player is None or player.status != "active":
            raise NotFound("no active player with that id", {"player_id": body.player_id})
        product = plain(tournament.settings)["product"]
        allocation = allocate_one(product, product_sets(uow, product), tournament.seed,
                                  body.player_id)
        return sealed.AddLatePlayer(player=body.player_id, allocation=allocation, now=uow.now)
    return _sealed_staff(tid, command, status=201)


@json_route(bp, "/tournaments/{tid}/sealed/events", methods=["GET"])
def sealed_events(tid):
    rt = runtime()
    _sealed_state(rt, checked_tid(tid))
    player, staff = _viewer(rt, tid)
    return _feed(rt, sealed.stream_id(tid),
                 lambda t, d: sealed_redact(t, d, player=player, staff=staff))


@json_route(bp, "/tournaments/{tid}/sealed/log", methods=["GET"])
def sealed_log(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    require_tournament_staff(principal, load_tournament(rt, tid))
    return {"state": sealed.view(_sealed_state(rt, tid), staff=True),
            "events": _log(rt, sealed.stream_id(tid))}


# ---- restricted trade (7.4) --------------------------------------------------------------
def _trade_pod(source, tid: str, n: int):
    state = _read(source, trade.TRADE_POD, trade.pod_stream_id(tid, n))
    if state.status == "new":
        raise NotFound(f"no trading pod {n}", {"tournament_id": tid})
    return state


@json_route(bp, "/tournaments/{tid}/trade/setup", methods=["POST"])
def set_trade_deck(tid):
    """7.4.1: library of exactly 50, trade stock of 15 unused library cards, crypt of 10,
    and the remaining crypt cards as sideboard, all from the player's sealed pool."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, TradeSetupBody)

    def work(uow):
        player = _player(principal, checked_tid(tid))
        tournament = load_tournament(uow, tid, guard=False)
        _running(tournament, "restricted-trade")
        product_state = _sealed_state(uow, tid)
        pool = product_state.pools.get(player)
        if pool is None:
            raise Conflict("your sealed product is not open yet", code="no_pool")
        product = plain(tournament.settings)["product"]
        kinds = kinds_of(product_sets(uow, product))
        state, _ = uow.decide(trade.TRADE_PREP, trade.prep_stream_id(tid), trade.SetTradeDeck(
            player=player, deck=trade.TradeDeck(**body.model_dump()), pool=list(pool),
            kinds={c: kinds.get(c, "unknown") for c in set(pool)}, now=uow.now))
        return Reply(200, {"tournament_id": tid, "player_id": player,
                           **state.decks[player]})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/trade", methods=["GET"])
def get_trade(tid):
    return _summary(runtime(), tid, "trade")


@json_route(bp, "/tournaments/{tid}/trade/pods", methods=["POST"])
def form_trade_pods(tid):
    """7.4.2: random pods of four or five (or the organizer's), each with its first seat
    designated by the judge; trading starts at once with every stock face up."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, TradePodsBody, allow_empty=True)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament)
        _running(tournament, "restricted-trade")
        product_state = _sealed_state(uow, tid)
        players = [p.id for p in tournament.active_players() if p.id in product_state.pools]
        prep, _ = uow.decide(trade.TRADE_PREP, trade.prep_stream_id(tid), trade.FormTradePods(
            players=players, seed=tournament.seed, pods=body.pods,
            first_seats=_first_seats(body.first_seats), now=uow.now))
        for n, pod in enumerate(prep.pods, start=1):
            uow.decide(trade.TRADE_POD, trade.pod_stream_id(tid, n), trade.StartTradePod(
                pod=n, players=list(pod), first_seat=prep.first_seats[n - 1],
                decks={p: trade.TradeDeck(**prep.decks[p]) for p in pod}, now=uow.now))
        return Reply(201, {"tournament_id": tid, "pods": [
            {"pod": n, "players": list(pod), "first_seat": prep.first_seats[n - 1]}
            for n, pod in enumerate(prep.pods, start=1)]},
            {"Location": f"/v1/tournaments/{tid}/trade"})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}", methods=["GET"])
def get_trade_pod(tid, n):
    """Face-up stock cards are shown to the pod's players and staff; anyone else sees
    whose turn it is and the counts."""
    rt = runtime()
    principal = optional_principal(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    state = _trade_pod(rt, tid, _pod_number(n))
    if principal is not None and is_staff(principal, tournament):
        return trade.view(state, staff=True)
    player = (principal.player_id if principal is not None and principal.role == "player"
              and principal.tournament_id == tid else None)
    return trade.view(state, player=player)


def _trade_command(tid: str, n: str, command_of):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    number = _pod_number(n)

    def work(uow):
        player = _player(principal, checked_tid(tid))
        _trade_pod(uow, tid, number)
        state, events = uow.decide(trade.TRADE_POD, trade.pod_stream_id(tid, number),
                                   command_of(player, uow.now))
        return Reply(200, {"events": [{"type": e.type, **e.data} for e in events],
                           "pod": trade.view(state, player=player)})
    return _run(work, principal)


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/offers", methods=["POST"])
def offer_trade(tid, n):
    body = parse_body(bp.current_request, OfferBody)
    return _trade_command(tid, n, lambda player, now: trade.OfferTrade(
        player=player, target=body.target, slot=body.slot, now=now))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/accept", methods=["POST"])
def accept_trade(tid, n):
    body = parse_body(bp.current_request, AcceptBody)
    return _trade_command(tid, n, lambda player, now: trade.AcceptTrade(
        player=player, slot=body.slot, now=now))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/decline", methods=["POST"])
def decline_trade(tid, n):
    return _trade_command(tid, n, lambda player, now: trade.DeclineTrade(player=player,
                                                                         now=now))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/crypt", methods=["POST"])
def add_crypt(tid, n):
    body = parse_body(bp.current_request, CryptBody)
    return _trade_command(tid, n, lambda player, now: trade.AddCrypt(
        player=player, cards=body.cards, now=now))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/events", methods=["GET"])
def trade_events(tid, n):
    """The pod's events for its players and staff (offers, answers, turns are public to
    the pod); 403 for anyone else."""
    rt = runtime()
    number = _pod_number(n)
    state = _trade_pod(rt, checked_tid(tid), number)
    player, staff = _viewer(rt, tid)
    if not staff and player not in state.players:
        raise Forbidden("only the pod's players and the tournament's staff may read its "
                        "events", code="not_in_pod")
    return _feed(rt, trade.pod_stream_id(tid, number),
                 lambda t, d: trade_redact(t, d, player=player, staff=staff,
                                           members=state.players))


@json_route(bp, "/tournaments/{tid}/trade/pods/{n}/log", methods=["GET"])
def trade_log(tid, n):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    require_tournament_staff(principal, load_tournament(rt, tid))
    number = _pod_number(n)
    state = _trade_pod(rt, tid, number)
    return {"pod": number, "state": trade.view(state, staff=True),
            "events": _log(rt, trade.pod_stream_id(tid, number))}
