"""Deck building and registration routes (issue #5), under /tournaments/{tid}/decks.

Decklists are private to the player, the organizer and the judges until the organizer
publishes them (V:EKN 1.6); the public view then includes them."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chalice import Blueprint
from pydantic import Field

from ..auth import (
    Principal,
    Unauthorized,
    authenticate,
    optional_principal,
    require_player,
    require_tournament_staff,
)
from ..auth.principal import is_staff
from ..domain import tournament as t
from ..domain.decks import commands as c
from ..domain.decks import pools
from ..domain.decks.decider import DECKS, assess
from ..domain.decks.decklist import CardId, Decklist
from ..domain.decks.facts import card_kinds, product_facts, used_set_ids
from ..domain.decks.state import DecksState
from ..domain.draft.decide import POD
from ..domain.draft.tournament import DRAFT
from ..domain.errors import Conflict, Forbidden, Invalid, NotFound
from ..domain.mixed import MIXED_DRAFT
from ..domain.mixed import stream_id as mixed_draft_stream
from ..domain.product.own import own_pool_problems
from ..domain.product.player_product import PLAYER_PRODUCT, entry_facts, player_stream
from ..domain.profiles.product import ProductSettings
from ..domain.sealed import SEALED
from ..domain.sealed import stream_id as sealed_stream
from ..domain.swiss.decider import SWISS
from ..domain.tabledraft import TABLE_DRAFT
from ..domain.tabledraft import stream_id as table_draft_stream
from ..domain.tabledraft.roster import ROSTER
from ..domain.tables.decider import TABLES
from ..domain.trade import TRADE_POD, TRADE_PREP
from ..domain.trade import pod_stream_id as trade_pod_stream
from ..domain.trade import prep_stream_id as trade_prep_stream
from ..projections.decks import public_view, view_id
from ..projections.tournaments import players_kind
from ..runtime import runtime
from ..service import Reply
from .bodies import Body
from .common import plain, read_state, run_command, view_or_404
from .http import cursor_param, encode_cursor, json_route, parse_body, query_int
from .product import load_sets
from .tournaments import checked_tid, load_tournament

bp = Blueprint(__name__)

ISO_TIME = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$"
LABEL = r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,39}$"


def stream(tid: str) -> str:
    return f"decks-{tid}"


class OpenBody(Body):
    deadline: str | None = Field(default=None, pattern=ISO_TIME)


class DeadlineBody(Body):
    deadline: str = Field(pattern=ISO_TIME)


class BoosterFacts(Body):
    count: int = Field(ge=0, le=60)
    cards: int = Field(default=11, ge=1, le=60)


class ProductFacts(Body):
    boosters: list[BoosterFacts] = Field(default_factory=list, max_length=24)
    starters: int = Field(default=0, ge=0, le=10)


class PoolBody(Body):
    cards: list[CardId] = Field(min_length=1, max_length=1000)
    product: ProductFacts | None = None


class Zones(Body):
    crypt: list[CardId] = Field(default_factory=list, max_length=500)
    library: list[CardId] = Field(default_factory=list, max_length=500)
    main: list[CardId] = Field(default_factory=list, max_length=500)
    sideboard: list[CardId] = Field(default_factory=list, max_length=500)
    hero: CardId | None = None

    def decklist(self) -> Decklist:
        return Decklist(crypt=self.crypt, library=self.library, main=self.main,
                        sideboard=self.sideboard, hero=self.hero)


class DeckBody(Zones):
    label: str = Field(default="main", pattern=LABEL)
    received: list[CardId] | None = Field(default=None, max_length=1000)


class ReopenBody(Body):
    until: str | None = Field(default=None, pattern=ISO_TIME)


class SwitchBody(Body):
    label: str = Field(pattern=LABEL)


class CheckBody(Zones):
    label: str | None = Field(default=None, pattern=LABEL)
    round: int | None = Field(default=None, ge=1, le=100)
    note: str = Field(default="", max_length=500)


# ---- helpers ---------------------------------------------------------------------
def _now(uow) -> str:
    return uow.now.isoformat().replace("+00:00", "Z")


def _checked_pid(tournament: t.TournamentState, pid: str) -> str:
    if tournament.player(pid) is None:
        raise NotFound(f"no player {pid!r} in this tournament", code="player_not_found")
    return pid


def _phase(state: DecksState) -> dict[str, Any]:
    return {"open": state.opened, "deadline": state.deadline, "published": state.published,
            "multi_deck": state.multi_deck, "game": state.game, "format": state.format,
            "settings": state.settings}


def _registration_out(tid: str, pid: str, state: DecksState, private: bool) -> dict[str, Any]:
    decks = state.decks.get(pid, {})
    out = {"tournament_id": tid, "player_id": pid, "active": state.active.get(pid),
           "published": state.published, "reopened": pid in state.reopened,
           "reopened_until": state.reopened.get(pid),
           "extended_until": state.extensions.get(pid),
           "decks": [_deck_out(record, private) for _, record in sorted(decks.items())]}
    if private:
        pool = state.pools.get(pid)
        out["pool"] = None if pool is None else {
            "cards": pool["cards"], "product": pool.get("product"),
            "recorded_at": pool["recorded_at"]}
    return out


def _deck_out(record: dict[str, Any], private: bool) -> dict[str, Any]:
    out = {key: record[key] for key in ("label", "deck", "limits", "recursions", "sizes",
                                        "registered_at", "version")}
    out["unverified"] = record.get("unverified", [])
    if private:
        out["received"] = record.get("received")
        out["registered_by"] = record["by"]
    return out


def _staff_work(tid: str, principal: Principal, command_of: Callable[[Any, t.TournamentState], Any],
                reply: Callable[[DecksState, list], Reply], organizer_only: bool = True):
    def work(uow):
        tournament = load_tournament(uow, tid)
        require_tournament_staff(principal, tournament, organizer_only=organizer_only)
        state, events = uow.decide(DECKS, stream(tid), command_of(uow, tournament))
        return reply(state, events)
    return work


# ---- the phase ---------------------------------------------------------------------
@json_route(bp, "/tournaments/{tid}/decks/open", methods=["POST"])
def open_deckbuilding(tid):
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, OpenBody, allow_empty=True)

    def command(uow, tournament: t.TournamentState):
        if tournament.status == t.state.FINISHED:
            raise Conflict("the tournament is finished", code="tournament_finished")
        settings = plain(tournament.settings["deck"])
        return c.OpenDeckbuilding(
            game=tournament.game, format=tournament.format, settings=settings, now=_now(uow),
            by=principal.id, deadline=body.deadline,
            player_count=len(tournament.active_players()))
    return run_command(bp.current_request, _staff_work(
        tid, principal, command,
        lambda state, _: Reply(201, {"tournament_id": tid, **_phase(state)})), principal)


@json_route(bp, "/tournaments/{tid}/decks/deadline", methods=["POST"])
def extend_deadline(tid):
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, DeadlineBody)
    return run_command(bp.current_request, _staff_work(
        tid, principal,
        lambda uow, _: c.ExtendDeadline(deadline=body.deadline, now=_now(uow), by=principal.id),
        lambda state, _: Reply(200, {"tournament_id": tid, **_phase(state)})), principal)


@json_route(bp, "/tournaments/{tid}/decks/publish", methods=["POST"])
def publish_decklists(tid):
    principal = authenticate(bp.current_request, runtime())
    return run_command(bp.current_request, _staff_work(
        tid, principal, lambda uow, _: c.PublishDecklists(now=_now(uow), by=principal.id),
        lambda state, events: Reply(200, {"tournament_id": tid, "published": True,
                                          "registered": len(state.decks)})), principal)


@json_route(bp, "/tournaments/{tid}/decks", methods=["GET"])
def decks_overview(tid):
    """The deck status of the tournament's players, a page at a time in registration
    order, with their decklists once published."""
    rt = runtime()
    request = bp.current_request
    checked_tid(tid)
    view_or_404(view_id(tid), "deck building has not started in this tournament",
                code="deckbuilding_not_open")
    limit = query_int(request, "limit", 500, 1, 1000)
    page = rt.views.list(players_kind(tid), after=cursor_param(request), limit=limit + 1)
    more, page = len(page) > limit, page[:limit]
    out = public_view(rt.views, tid, [v.doc["player_id"] for v in page])
    status = {v.doc["player_id"]: v.doc["status"] for v in page}
    out["unregistered"] = [e["player_id"] for e in out["players"]
                           if not e["registered"] and status[e["player_id"]] == "active"]
    out["next"] = encode_cursor(page[-1].sort) if more else None
    return out


# ---- pools (7.2.3) -----------------------------------------------------------------
def _own_product_limits(source: Any, tournament: t.TournamentState, body: PoolBody) -> None:
    """V:EKN 7.2.4: a pool of product the player brought stays within the advertised
    limits (:func:`chalicelib.domain.product.own.own_pool_problems`)."""
    product = ProductSettings.model_validate(plain(tournament.settings["product"]))
    if product.source != "own":
        return
    problems = own_pool_problems(product.own, load_sets(source, product.own.sets),
                                 list(body.cards),
                                 body.product.model_dump() if body.product else None)
    if problems:
        raise Invalid("this pool exceeds the limits advertised for own product", problems,
                      code="invalid_pool")


@json_route(bp, "/tournaments/{tid}/decks/pools/{pid}", methods=["POST"])
def record_pool(tid, pid):
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, PoolBody)

    def command(uow, tournament):
        _checked_pid(tournament, pid)
        _own_product_limits(uow, tournament, body)
        return c.RecordPool(player=pid, cards=list(body.cards), now=_now(uow),
                            by=principal.id,
                            product=body.product.model_dump() if body.product else None)
    return run_command(bp.current_request, _staff_work(
        tid, principal, command,
        lambda state, _: Reply(201, {"tournament_id": tid, "player_id": pid,
                                     **state.pools[pid]}), organizer_only=False), principal)


@json_route(bp, "/tournaments/{tid}/decks/pools/{pid}", methods=["GET"])
def get_pool(tid, pid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    require_player(principal, tournament, _checked_pid(tournament, pid))
    state, _ = rt.service.read(DECKS, stream(tid))
    pool = state.pools.get(pid)
    if pool is None:
        raise NotFound(f"no pool recorded for player {pid!r}", code="pool_not_found")
    return {"tournament_id": tid, "player_id": pid, **pool}


# ---- registration ------------------------------------------------------------------
def known_pool(source: Any, tournament: t.TournamentState, pid: str) -> list[str] | None:
    """The pool the product, draft or trade aggregates know for ``pid`` (see
    :mod:`chalicelib.domain.decks.pools`); ``None`` when none does (physical product:
    staff record it, 7.2.3)."""
    tid, fmt = tournament.id, tournament.format
    if fmt in ("sealed", "sealed-swap"):
        return pools.sealed_pool(read_state(source, SEALED, sealed_stream(tid)), pid)
    if fmt == "booster-draft":
        draft = read_state(source, DRAFT, f"draft-{tid}")
        n = draft.pod_of.get(pid)
        if pid not in draft.late and n is None:
            return None
        pod = read_state(source, POD, f"pod-{tid}-{n}") if n is not None else None
        return pools.booster_draft_pool(draft, pod, pid)
    if fmt in ("table-draft", "mixed-draft"):
        table = fmt == "table-draft"
        roster = read_state(source, ROSTER, f"{'tdraft' if table else 'mixed'}-{tid}")
        n = roster.pod_of(pid)
        if n is None:
            return None
        if table:
            return pools.table_draft_pool(
                roster, read_state(source, TABLE_DRAFT, table_draft_stream(tid, n)), pid)
        return pools.mixed_draft_pool(
            roster, read_state(source, MIXED_DRAFT, mixed_draft_stream(tid, n)), pid)
    if fmt == "restricted-trade":
        n = read_state(source, TRADE_PREP, trade_prep_stream(tid)).pod_of(pid)
        if n is None:
            return None
        return pools.traded_pool(read_state(source, TRADE_POD, trade_pod_stream(tid, n)), pid)
    return None


def play_started(source: Any, tournament: t.TournamentState) -> bool:
    """3.1.5: from the first round on, multi-deck changes happen between rounds."""
    if tournament.structure == "multiplayer-tables":
        return pools.tables_play_started(read_state(source, TABLES, f"tables-{tournament.id}"))
    if tournament.structure == "swiss":
        return pools.swiss_play_started(read_state(source, SWISS, f"swiss-{tournament.id}"))
    return False


def round_in_progress(source: Any, tournament: t.TournamentState) -> bool:
    """3.1.5: decks may change only between rounds."""
    if tournament.structure == "multiplayer-tables":
        return pools.tables_round_in_progress(read_state(source, TABLES, f"tables-{tournament.id}"))
    if tournament.structure == "swiss":
        return pools.swiss_round_in_progress(read_state(source, SWISS, f"swiss-{tournament.id}"))
    return False


def _multi_deck(source: Any, tid: str) -> bool:
    return read_state(source, DECKS, stream(tid)).multi_deck


def _register_command(source: Any, tournament: t.TournamentState, pid: str, body: DeckBody,
                      principal: Principal, now: str) -> c.RegisterDeck:
    """The registration with the facts from elsewhere: the pool the product or draft
    aggregates know, what a player opens (V:EKN table) and the kinds of the cards."""
    product = plain(tournament.settings["product"])
    sets = load_sets(source, used_set_ids(product))
    facts = product_facts(product, sets)
    if facts is None:   # own product (7.2.4): what this player brought, when it was entered
        facts = entry_facts(read_state(source, PLAYER_PRODUCT, player_stream(tournament.id, pid)))
    return c.RegisterDeck(
        player=pid, deck=body.decklist(), now=now, by=principal.id, label=body.label,
        received=list(body.received) if body.received is not None else None,
        pool=known_pool(source, tournament, pid),
        product=facts, kinds=card_kinds(sets, used_set_ids(product)),
        round_in_progress=_multi_deck(source, tournament.id)
        and round_in_progress(source, tournament),
        by_staff=is_staff(principal, tournament),
        play_started=_multi_deck(source, tournament.id) and play_started(source, tournament))


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}", methods=["POST"])
def register_deck(tid, pid):
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, DeckBody)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_player(principal, tournament, _checked_pid(tournament, pid))
        state, _ = uow.decide(DECKS, stream(tid), _register_command(
            uow, tournament, pid, body, principal, _now(uow)))
        return Reply(201, _registration_out(tid, pid, state, private=True))
    return run_command(bp.current_request, work, principal)


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/validate", methods=["POST"])
def validate_deck(tid, pid):
    """Checks a decklist without registering it: every violation and the limits."""
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    body = parse_body(bp.current_request, DeckBody)
    tournament = load_tournament(rt, tid)
    require_player(principal, tournament, _checked_pid(tournament, pid))
    state, _ = rt.service.read(DECKS, stream(tid))
    now = rt.service.clock().isoformat().replace("+00:00", "Z")
    limits, violations, pool, unverified = assess(
        state, _register_command(rt, tournament, pid, body, principal, now))
    return {"tournament_id": tid, "player_id": pid, "legal": not violations,
            "violations": violations, "unverified": unverified, "limits": limits.to_json(),
            "recursions": limits.recursions, "pool_size": len(pool)}


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}", methods=["GET"])
def get_deck(tid, pid):
    rt = runtime()
    principal = optional_principal(bp.current_request, rt)
    tournament = load_tournament(rt, tid)
    _checked_pid(tournament, pid)
    state, _ = rt.service.read(DECKS, stream(tid))
    own = principal is not None and principal.role == "player" and \
        principal.tournament_id == tid and principal.player_id == pid
    private = own or is_staff(principal, tournament)
    if not private and not state.published:
        if principal is None:
            raise Unauthorized("decklists are private until the organizer publishes them")
        raise Forbidden("decklists are private until the organizer publishes them (1.6)")
    if pid not in state.decks:
        raise NotFound(f"player {pid!r} has no registered deck", code="deck_not_found")
    return _registration_out(tid, pid, state, private=private)


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/reopen", methods=["POST"])
def reopen_deck(tid, pid):
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, ReopenBody, allow_empty=True)
    return run_command(bp.current_request, _staff_work(
        tid, principal,
        lambda uow, tournament: c.ReopenDeck(player=_checked_pid(tournament, pid),
                                             now=_now(uow), by=principal.id, until=body.until),
        lambda state, _: Reply(200, _registration_out(tid, pid, state, private=True))),
        principal)


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/deadline", methods=["POST"])
def extend_player_deadline(tid, pid):
    """A later deadline for one player (a late arrival without a deck, ...)."""
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, DeadlineBody)
    return run_command(bp.current_request, _staff_work(
        tid, principal,
        lambda uow, tournament: c.ExtendPlayerDeadline(
            player=_checked_pid(tournament, pid), deadline=body.deadline, now=_now(uow),
            by=principal.id),
        lambda state, _: Reply(200, _registration_out(tid, pid, state, private=True))),
        principal)


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/switch", methods=["POST"])
def switch_deck(tid, pid):
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, SwitchBody)

    def work(uow):
        tournament = load_tournament(uow, tid)
        require_player(principal, tournament, _checked_pid(tournament, pid))
        state, _ = uow.decide(DECKS, stream(tid), c.SwitchDeck(
            player=pid, label=body.label, now=_now(uow), by=principal.id,
            round_in_progress=_multi_deck(uow, tid) and round_in_progress(uow, tournament)))
        return Reply(200, _registration_out(tid, pid, state, private=True))
    return run_command(bp.current_request, work, principal)


# ---- deck checks -------------------------------------------------------------------
@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/checks", methods=["POST"])
def deck_check(tid, pid):
    principal = authenticate(bp.current_request, runtime())
    body = parse_body(bp.current_request, CheckBody)
    return run_command(bp.current_request, _staff_work(
        tid, principal,
        lambda uow, tournament: c.DeckCheck(
            player=_checked_pid(tournament, pid), presented=body.decklist(), now=_now(uow),
            by=principal.id, label=body.label, round=body.round, note=body.note),
        lambda state, events: Reply(201, {"tournament_id": tid, **events[0].data}),
        organizer_only=False), principal)


@json_route(bp, "/tournaments/{tid}/decks/checks", methods=["GET"])
def list_checks(tid):
    rt = runtime()
    principal = authenticate(bp.current_request, rt)
    require_tournament_staff(principal, load_tournament(rt, tid))
    state, _ = rt.service.read(DECKS, stream(tid))
    return {"tournament_id": tid, "checks": [dict(check) for check in state.checks]}
