"""The one place that says whether a limited event's product phase is over (rule in
:mod:`chalicelib.domain.product.phase`): the first Swiss pairing, the first tables
seating, free-for-all pod results and opening deck building wait for it (409
``product_phase_open`` listing what is open), and starting a draft, handing out sealed
product or forming trading pods once play has started is refused (409
``play_started``).

In a unit of work every stream read here is guarded, so a pairing and a draft start
racing each other cannot both commit: the second one re-runs and is refused."""
from __future__ import annotations

from typing import Any

from ..domain import mixed, sealed, tabledraft, trade
from ..domain.decks.decider import DECKS
from ..domain.draft.decide import POD
from ..domain.draft.tournament import DRAFT
from ..domain.errors import Conflict
from ..domain.ffa.decider import FFA
from ..domain.product.phase import open_product, play_started
from ..domain.swiss.decider import SWISS
from ..domain.tabledraft.roster import ROSTER
from ..domain.tables.decider import TABLES

# format -> (roster stream prefix, pod decider, pod stream of (tid, n)) for table and
# mixed drafts
_ROSTERS = {"table-draft": ("tdraft", tabledraft.TABLE_DRAFT, tabledraft.stream_id),
            "mixed-draft": ("mixed", mixed.MIXED_DRAFT, mixed.stream_id)}


def _read(source: Any, decider: Any, stream_id: str) -> Any:
    if hasattr(source, "load"):
        return source.load(decider, stream_id)          # guarded
    state, _ = source.service.read(decider, stream_id)
    return state


def _pools_recorded(source: Any, tournament: Any) -> bool:
    """The staff recorded a pool for every active player (product drafted or opened at
    the table, outside Podium: 7.2.3)."""
    pools = _read(source, DECKS, f"decks-{tournament.id}").pools
    active = [p.id for p in tournament.active_players()]
    return bool(active) and all(p in pools for p in active)


def open_items(source: Any, tournament: Any) -> list[dict[str, Any]]:
    """What is left of the tournament's product phase (empty when play may start)."""
    tid, fmt = tournament.id, tournament.format
    if not tournament.limited:
        return []
    recorded = _pools_recorded(source, tournament)
    if fmt == "booster-draft":
        draft = _read(source, DRAFT, f"draft-{tid}")
        unfinished = [n for n in range(1, len(draft.pods) + 1)
                      if not _read(source, POD, f"pod-{tid}-{n}").finished]
        return open_product(fmt, draft_started=draft.started, unfinished_pods=unfinished,
                            pools_recorded=recorded)
    if fmt in _ROSTERS:
        prefix, decider, pod_stream = _ROSTERS[fmt]
        roster = _read(source, ROSTER, f"{prefix}-{tid}")
        unfinished = [n for n in range(1, len(roster.pods) + 1)
                      if _read(source, decider, pod_stream(tid, n)).status != "completed"]
        return open_product(fmt, draft_started=roster.formed, unfinished_pods=unfinished,
                            pools_recorded=recorded)
    product = _read(source, sealed.SEALED, sealed.stream_id(tid))
    if fmt != "restricted-trade":
        return open_product(fmt, sealed=product, pools_recorded=recorded)
    prep = _read(source, trade.TRADE_PREP, trade.prep_stream_id(tid))
    unfinished = [n for n in range(1, len(prep.pods) + 1)
                  if _read(source, trade.TRADE_POD, trade.pod_stream_id(tid, n)).status
                  != "completed"]
    return open_product(fmt, sealed=product, trade_formed=prep.formed,
                        unfinished_pods=unfinished, pools_recorded=recorded)


def require_product_ready(source: Any, tournament: Any, what: str) -> None:
    """409 ``product_phase_open`` while the product phase is not over (``what``: the
    refused step, for the message)."""
    items = open_items(source, tournament)
    if items:
        raise Conflict(f"{what} waits for the end of the product phase (V:EKN 7.3.1, "
                       f"7.5.4): {'; '.join(i['message'] for i in items)}",
                       {"format": tournament.format, "open": items},
                       code="product_phase_open")


def has_play_started(source: Any, tournament: Any) -> bool:
    tid = tournament.id
    if tournament.structure == "swiss":
        return play_started(swiss=_read(source, SWISS, f"swiss-{tid}"))
    if tournament.structure == "multiplayer-tables":
        return play_started(tables=_read(source, TABLES, f"tables-{tid}"))
    return play_started(ffa=_read(source, FFA, f"ffa-{tid}"))


def require_play_not_started(source: Any, tournament: Any, what: str) -> None:
    """409 ``play_started`` once the first round is paired or seated (or a pod game
    reported): the product phase comes before play."""
    if has_play_started(source, tournament):
        raise Conflict(f"{what} is no longer possible: play has started "
                       f"(the product phase comes first, V:EKN 7.3.1, 7.5.4)",
                       {"structure": tournament.structure}, code="play_started")
