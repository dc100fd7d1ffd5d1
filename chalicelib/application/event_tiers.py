"""Rules that follow from a tournament's tier (``settings.event``, V:EKN 2.9 and 9.8)
and span the tournament and its judges' records."""
from __future__ import annotations

from typing import Any

from ..domain import judging as j
from ..domain import streams
from ..domain.errors import Conflict
from ..domain.profiles.event_tier import effective_tier, multi_judge_refusal
from ..domain.tournament import TournamentState
from ..service import UnitOfWork


def allow_multi_judge(t: TournamentState, panel: list[dict[str, Any]]) -> None:
    """V:EKN 2.9: no Multi-Judge System at a qualifier or a championship (409
    ``multi_judge_not_allowed``); naming only a head judge is always allowed."""
    refusal = multi_judge_refusal(dict(t.settings)) if panel else None
    if refusal:
        raise Conflict(refusal, {"tier": effective_tier(dict(t.settings))},
                       code="multi_judge_not_allowed")


def keep_multi_judge_allowed(uow: UnitOfWork, t: TournamentState) -> None:
    """A tier changed to a qualifier or championship while the Multi-Judge System is
    named is refused the same way (the settings change records nothing)."""
    refusal = multi_judge_refusal(dict(t.settings))
    if refusal is None:
        return
    judging = uow.load(j.JUDGING, streams.judging(t.id), guard=False)
    if judging.panel:
        raise Conflict(refusal + ": the Multi-Judge System is named for this event",
                       {"tier": effective_tier(dict(t.settings))},
                       code="multi_judge_not_allowed")
