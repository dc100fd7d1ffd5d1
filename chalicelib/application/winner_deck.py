"""The V:TES winner's deck as the community archive keeps it (``twda_text.py``): public
once the tournament is finished, its final played and its decklists published by the
organizer (V:EKN 1.6: the organizer may publish event information); before that
decklists stay private (401 without a token, 403 ``decklists_not_published``)."""
from __future__ import annotations

from typing import Any

from ..auth import Principal
from ..auth.principal import Unauthorized
from ..domain.errors import Conflict, Forbidden
from ..domain.tournament import state as tstate
from . import tournament, twda_text
from .reads import Reads
from .reports import build_report
from .sets import entry_sets, product_sets


def winner_deck(reads: Reads, actor: Principal | None, tid: str) -> str:
    state = tournament.load(reads, tid)
    if state.game != "vtes":
        raise Conflict("the deck archive keeps V:TES winners' decks only",
                       {"game": state.game}, code="not_vtes")
    if state.status != tstate.FINISHED:
        raise Conflict("the tournament has not finished: it has no winner yet",
                       {"status": state.status}, code="not_finished")
    report = build_report(reads, tid, reads.service.clock().isoformat())
    if report is None:
        raise Conflict("the report is not ready yet; retry in a moment", code="report_pending")
    lists = report.get("decklists")
    if lists is None:
        message = "decklists are private until the organizer publishes them (1.6)"
        if actor is None:
            raise Unauthorized(message)
        raise Forbidden(message, code="decklists_not_published")
    final = report.get("final") or {}
    ranked = [r for r in (final.get("result") or []) if r.get("rank") == 1]
    if not ranked:
        raise Conflict("no final was played: the event has no winner",
                       code="no_winner")
    winner = ranked[0]["player_id"]
    listed = next((e for e in lists if e.get("player_id") == winner), None)
    if listed is None or not listed.get("decks"):
        raise Conflict("the winner registered no deck", {"player_id": winner},
                       code="deck_not_found")
    deck = listed["decks"][0]["deck"]
    product = state.section("product")
    sets = {**product_sets(reads, product), **entry_sets(reads, product)}
    cards = {c.id: c.model_dump(mode="json") for s in sets.values() for c in s.cards}
    names = {p["player_id"]: p["name"] for p in report.get("players") or []}
    return twda_text.entry(_event(report, names[winner], tid), deck, cards)


def _event(report: dict[str, Any], winner: str, tid: str) -> dict[str, Any]:
    location = report.get("location")
    return {"name": report.get("name"),
            "location": location if isinstance(location, str) else "",
            "date": report.get("date"), "rounds": len(report.get("rounds") or []),
            "final": True, "players": len(report.get("players") or []),
            "winner": winner, "link": f"/v1/tournaments/{tid}/report"}
