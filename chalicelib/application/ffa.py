"""Free-for-all pod games (MTG CR 905.3): the staff report a pod's game (its players are
the draft's pod when there was one), and what is left to play at the finish."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain.draft.aggregate import DRAFT
from ..domain.errors import NotFound
from ..domain.ffa.aggregate import FFA
from ..domain.ffa.commands import ReportPodGame
from ..domain.ffa.completion import open_play as ffa_open_play
from ..domain.tournament import TournamentState
from ..service import UnitOfWork
from . import tournament
from .product_phase import require_product_ready


def report_pod(uow: UnitOfWork, actor: Principal, tid: str, pod: int, winner: str,
               eliminated: list[str]) -> dict[str, Any]:
    """Pod ``pod``'s game: the winner and the players in the order they were eliminated."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    tournament.require_running(t, structure="pod-ffa", message="the tournament is not running")
    if not uow.load(FFA, tid).pods:
        require_product_ready(uow, t, "reporting the first pod game")
    draft = uow.load(DRAFT, tid, guard=False)
    pod_players = None
    if draft.started:
        if pod > len(draft.pods):
            raise NotFound(f"no pod {pod}", {"pods": len(draft.pods)})
        pod_players = list(draft.pods[pod - 1])
    _, events = uow.decide(FFA, tid, ReportPodGame(
        pod, winner, list(eliminated), pod_players, [p.id for p in t.in_order()],
        uow.now.isoformat()))
    return {"tournament_id": tid, "pod": pod, "places": events[0].data["places"]}


def open_play(uow: UnitOfWork, t: TournamentState) -> list[dict[str, Any]]:
    """The pods' side of a tournament finish, in its unit of work (the stream is guarded:
    a game reported meanwhile re-runs the finish)."""
    draft = uow.load(DRAFT, t.id)
    return ffa_open_play(uow.load(FFA, t.id),
                         draft.pods if draft.started else None,
                         [p.id for p in t.active_players()])
