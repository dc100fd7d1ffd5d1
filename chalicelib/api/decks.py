"""Deck building and registration over HTTP, under /tournaments/{tid}/decks: the phase,
pools received (7.2.3), registration, validation, reopening, multi-deck switching
(3.1.5), publication (1.6) and deck checks. Use cases: ``application/decks.py`` and
``application/deck_queries.py``."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import deck_queries, decks
from ..auth import optional_principal
from ..domain.decks.decklist import CardId, Decklist
from ..runtime import runtime
from .bodies import Body
from .common import caller, command, command_route, reads
from .http import cursor_param, json_route, next_cursor, parse_body, query_int

bp = Blueprint(__name__)

ISO_TIME = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$"
LABEL = r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,39}$"


class OpenBody(Body):
    deadline: str | None = Field(default=None, pattern=ISO_TIME)
    at_the_table: bool = False


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


# ---- the phase ---------------------------------------------------------------------
open_deckbuilding = command_route(
    bp, "/tournaments/{tid}/decks/open", decks.open_phase, 201, body=OpenBody,
    fields=("deadline", "at_the_table"), allow_empty=True)


@json_route(bp, "/tournaments/{tid}/decks/deadline", methods=["POST"])
def extend_deadline(tid):
    request, principal = bp.current_request, caller(bp.current_request)
    deadline = parse_body(request, DeadlineBody).deadline
    return command(request, principal, 200, decks.extend_deadline, tid, deadline)


@json_route(bp, "/tournaments/{tid}/decks/publish", methods=["POST"])
def publish_decklists(tid):
    request = bp.current_request
    return command(request, caller(request), 200, decks.publish, tid)


@json_route(bp, "/tournaments/{tid}/decks", methods=["GET"])
def decks_overview(tid):
    """The deck status of the tournament's players, a page at a time in registration
    order, with their decklists once published."""
    request = bp.current_request
    out = deck_queries.overview(reads(), tid, cursor_param(request),
                                query_int(request, "limit", 500, 1, 1000))
    return {**out, "next": next_cursor(out["next"])}


# ---- pools (7.2.3) -----------------------------------------------------------------
@json_route(bp, "/tournaments/{tid}/decks/pools/{pid}", methods=["POST"])
def record_pool(tid, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, PoolBody)
    return command(request, principal, 201, decks.record_pool, tid, pid, list(body.cards),
                   body.product.model_dump() if body.product else None)


@json_route(bp, "/tournaments/{tid}/decks/pools/{pid}", methods=["GET"])
def get_pool(tid, pid):
    return deck_queries.pool(reads(), caller(bp.current_request), tid, pid)


# ---- registration ------------------------------------------------------------------
@json_route(bp, "/tournaments/{tid}/decks/players/{pid}", methods=["POST"])
def register_deck(tid, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, DeckBody)
    return command(request, principal, 201, decks.register, tid, pid, body.decklist(),
                   body.label, body.received)


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/validate", methods=["POST"])
def validate_deck(tid, pid):
    """Checks a decklist without registering it: every violation and the limits."""
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, DeckBody)
    return deck_queries.validate(reads(), principal, tid, pid, body.decklist(), body.label,
                                 body.received)


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}", methods=["GET"])
def get_deck(tid, pid):
    viewer = optional_principal(bp.current_request, runtime())
    return deck_queries.registration(reads(), viewer, tid, pid)


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/reopen", methods=["POST"])
def reopen_deck(tid, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    until = parse_body(request, ReopenBody, allow_empty=True).until
    return command(request, principal, 200, decks.reopen, tid, pid, until)


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/deadline", methods=["POST"])
def extend_player_deadline(tid, pid):
    """A later deadline for one player (a late arrival without a deck, ...)."""
    request, principal = bp.current_request, caller(bp.current_request)
    deadline = parse_body(request, DeadlineBody).deadline
    return command(request, principal, 200, decks.extend_player_deadline, tid, pid, deadline)


@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/switch", methods=["POST"])
def switch_deck(tid, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    label = parse_body(request, SwitchBody).label
    return command(request, principal, 200, decks.switch, tid, pid, label)


# ---- deck checks -------------------------------------------------------------------
@json_route(bp, "/tournaments/{tid}/decks/players/{pid}/checks", methods=["POST"])
def deck_check(tid, pid):
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, CheckBody)
    return command(request, principal, 201, decks.check, tid, pid, body.decklist(), body.label,
                   body.round, body.note)


@json_route(bp, "/tournaments/{tid}/decks/checks", methods=["GET"])
def list_checks(tid):
    return deck_queries.checks(reads(), caller(bp.current_request), tid)
