"""The one-off migration of Swiss rounds paired before each match had a stream of its own
(``results_in == "swiss"``), and the support horizon: a Swiss stream with such a round
takes no command until it is migrated (``POST /v1/admin/tournaments/{tid}/migrations``),
so no rule has to know the old layout. The plan is a pure function of the Swiss state
and of which match streams already have events; the verifier derives it again."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Conflict
from ..events import Event
from ..layout_horizon import refuse_old_layout
from .events import FINAL, MatchResult, ResultCorrected, RoundResultsMigrated
from .state import Round, SwissState


def unmigrated(state: SwissState) -> list[int]:
    """The rounds still in the old layout."""
    return [r.number for r in state.rounds if r.results_in != "match"]


def refuse_unmigrated(state: SwissState) -> None:
    refuse_old_layout(unmigrated(state), "swiss", "Swiss rounds were recorded")


@dataclass(frozen=True)
class Plan:
    swiss: list[Event] = field(default_factory=list)            # to the Swiss stream
    copies: dict[str, list[Event]] = field(default_factory=dict)  # match id -> its stream
    counted: list[tuple[int, int]] = field(default_factory=list)  # (round, table) now final


def _closed(rnd: Round) -> RoundResultsMigrated:
    results = []
    for match in rnd.matches:
        score = rnd.results.get(match.id)
        if score is None:
            raise Conflict(f"closed round {rnd.number} has no result for {match.id}",
                           {"round": rnd.number, "match": match.id}, code="migration_refused")
        results.append([score.a, score.b, score.draws])
    return RoundResultsMigrated(round=rnd.number, moved={}, results=results,
                                drop_losses=dict(rnd.drop_losses.items()),
                                corrected=sorted(rnd.corrected))


def plan(state: SwissState, touched: frozenset[str]) -> Plan:
    """What migrating every old-layout round writes. ``touched``: the ids of matches whose
    own stream already has events (results recorded there after the old layout ended:
    that stream continued from what this one recorded, so nothing is copied to it)."""
    out = Plan()
    for rnd in state.rounds:
        if rnd.results_in == "match":
            continue
        if rnd.closed:
            out.swiss.append(_closed(rnd))
            continue
        moved: dict[str, int] = {}
        for match in rnd.matches:
            # a correction stays in this stream, as corrections of open rounds do today
            copies: list[Event] = [e for e in rnd.unmoved if isinstance(e, MatchResult)
                                   and e.match == match.id
                                   and not isinstance(e, ResultCorrected)]
            if not copies or match.id in touched:
                continue
            out.copies[match.id] = copies
            moved[match.id] = len(copies)
            if any(isinstance(e, FINAL) for e in copies):
                out.counted.append((rnd.number, match.table))
        out.swiss.append(RoundResultsMigrated(round=rnd.number, moved=moved, results=None,
                                              drop_losses={}, corrected=[]))
    return out
