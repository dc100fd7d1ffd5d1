"""What deck building shows: the players' deck status a page at a time (their decklists
once published), a player's registration and recorded pool, a decklist checked without
registering it, and the deck checks (staff).

Decklists are private to the player, the organizer and the judges until the organizer
publishes them (V:EKN 1.6)."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, Unauthorized, is_staff, require_player, require_tournament_staff
from ..domain.decks.aggregate import DECKS
from ..domain.decks.decide import assess
from ..domain.decks.decklist import Decklist
from ..domain.decks.state import DecksState
from ..domain.errors import Forbidden, NotFound
from ..domain.tournament import TournamentState
from ..projections.queries.decks import public_view, view_id
from ..projections.queries.tournaments import players_kind
from . import deck_documents, deck_facts, tournament
from .card_facts import lists_cards
from .reads import Reads


def _decks(reads: Reads, tid: str) -> DecksState:
    return reads.state(DECKS, tid)


def _for_player(reads: Reads, actor: Principal, tid: str, pid: str) -> TournamentState:
    """The tournament, for its player ``pid`` (404 ``player_not_found``) or staff."""
    t = tournament.load(reads, tid)
    require_player(actor, t, tournament.registered(t, pid).id)
    return t


@lists_cards
def overview(reads: Reads, tid: str, after: str | None, limit: int) -> dict[str, Any]:
    """The deck status of the players (registration order, after the sort key
    ``after``), with their decklists once published; ``next``: the sort key of the page's
    last player when there are more (404 ``deckbuilding_not_open`` before the phase)."""
    if reads.views.get(view_id(tournament.checked_tid(tid))) is None:
        tournament.load(reads, tid)             # 404 not_found: no such tournament
        raise NotFound("deck building has not started in this tournament",
                       code="deckbuilding_not_open")
    page = reads.views.list(players_kind(tid), after=after, limit=limit + 1)
    more, page = len(page) > limit, page[:limit]
    out = public_view(reads.views, tid, [v.doc["player_id"] for v in page])
    assert out is not None                        # its view was found above
    status = {v.doc["player_id"]: v.doc["status"] for v in page}
    out["unregistered"] = [e["player_id"] for e in out["players"]
                           if not e["registered"] and status[e["player_id"]] == "active"]
    out["next"] = page[-1].sort if more else None
    return out


@lists_cards
def pool(reads: Reads, actor: Principal, tid: str, pid: str) -> dict[str, Any]:
    """The pool the staff recorded for ``pid`` (404 ``pool_not_found``)."""
    _for_player(reads, actor, tid, pid)
    state = _decks(reads, tid)
    if pid not in state.pools:
        raise NotFound(f"no pool recorded for player {pid!r}", code="pool_not_found")
    return deck_documents.pool(tid, pid, state)


@lists_cards
def validate(reads: Reads, actor: Principal, tid: str, pid: str, deck: Decklist, label: str,
             received: list[str] | None) -> dict[str, Any]:
    """A decklist checked as a registration would be, without registering it: every
    violation, what could not be verified and the limits."""
    t = _for_player(reads, actor, tid, pid)
    now = deck_facts.iso(reads.service.clock())
    limits, violations, pool_, unverified = assess(_decks(reads, tid), deck_facts.registration(
        reads, t, actor, pid, deck, label, received, now))
    return {"tournament_id": tid, "player_id": pid, "legal": not violations,
            "violations": violations, "unverified": unverified, "limits": limits.to_json(),
            "recursions": limits.recursions, "pool_size": len(pool_)}


@lists_cards
def registration(reads: Reads, actor: Principal | None, tid: str, pid: str) -> dict[str, Any]:
    """A player's decks: to the player and staff in full; to anyone once published
    (before that 401 without a token, 403 with another's; 404 ``deck_not_found``)."""
    t = tournament.load(reads, tid)
    tournament.registered(t, pid)
    state = _decks(reads, tid)
    own = actor is not None and actor.role == "player" and actor.tournament_id == tid \
        and actor.player_id == pid
    private = own or is_staff(actor, t)
    if not private and not state.published:
        if actor is None:
            raise Unauthorized("decklists are private until the organizer publishes them")
        raise Forbidden("decklists are private until the organizer publishes them (1.6)")
    if pid not in state.decks:
        raise NotFound(f"player {pid!r} has no registered deck", code="deck_not_found")
    return deck_documents.registration(tid, pid, state, private=private)


@lists_cards
def checks(reads: Reads, actor: Principal, tid: str) -> dict[str, Any]:
    """Every deck check of the tournament (staff)."""
    require_tournament_staff(actor, tournament.load(reads, tid))
    return {"tournament_id": tid, "checks": [dict(check) for check in _decks(reads, tid).checks]}
