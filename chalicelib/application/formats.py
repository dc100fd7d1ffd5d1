"""The limited formats, one object each: the one place that knows a format's deciders
and streams, how to read a player's pool and what is left of its product phase. Adding a
format is adding its object to :data:`FORMATS` (:mod:`.formats_drafts`,
:mod:`.formats_sealed` hold the ones there are).

``source`` below is a unit of work (a command) or the ``Reads`` of a query."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..domain.decks.aggregate import DECKS
from ..domain.ffa.aggregate import FFA
from ..domain.product import phase
from ..domain.swiss.aggregate import SWISS
from ..domain.tables.aggregate import TABLES
from ..domain.tournament import TournamentState
from . import sources
from .formats_drafts import BOOSTER_DRAFT, MIXED_DRAFT, TABLE_DRAFT
from .formats_sealed import RESTRICTED_TRADE, SEALED, SEALED_SWAP
from .reads import Reads

Read = Callable[[Any, Any], Any]      # (aggregate, key) -> state


class LimitedFormat(Protocol):
    @property
    def name(self) -> str:
        """The tournament's ``format``."""

    @property
    def consumer(self) -> str:
        """What hands the entered product out (:mod:`.handout`)."""

    def started_here(self, read: Read, t: TournamentState) -> bool:
        """The product phase began in Podium (a draft started, product handed out)."""

    def open_items(self, read: Read, t: TournamentState) -> list[dict[str, Any]]:
        """What is left of the product phase (:mod:`chalicelib.domain.product.phase`)."""

    def pool(self, read: Read, t: TournamentState, pid: str) -> list[str] | None:
        """The cards the player builds from; None when Podium does not know them (the
        staff record them, 7.2.3); 409 while their pod is still going."""

    def pool_document(self, reads: Reads, t: TournamentState, pid: str,
                      staff: bool) -> dict[str, Any]:
        """``GET .../players/{pid}/pool`` (:mod:`.pool_document`), hidden picks None."""


FORMATS: dict[str, LimitedFormat] = {f.name: f for f in (
    BOOSTER_DRAFT, TABLE_DRAFT, MIXED_DRAFT, SEALED, SEALED_SWAP, RESTRICTED_TRADE)}


def format_of(t: TournamentState) -> LimitedFormat:
    return FORMATS[t.format]


def pool_of(source: Any, t: TournamentState, player_id: str) -> list[str] | None:
    """The pool the product, draft or trade aggregates know for ``player_id`` (see
    :mod:`chalicelib.domain.decks.pools`); None when none does (physical product: the
    staff record it, 7.2.3)."""
    return format_of(t).pool(sources.reader(source), t, player_id)


def _pools_recorded(read: Read, t: TournamentState) -> bool:
    """The staff recorded a pool for every active player (product drafted or opened at
    the table, outside Podium: 7.2.3)."""
    recorded = read(DECKS, t.id).pools
    active = [p.id for p in t.active_players()]
    return bool(active) and all(p in recorded for p in active)


def open_items(source: Any, t: TournamentState) -> list[dict[str, Any]]:
    """What is left of the tournament's product phase (empty when play may start). In a
    unit of work every stream read is guarded, so a pairing and a draft start racing
    each other cannot both commit: the second one re-runs and is refused."""
    if not t.limited:
        return []
    read = sources.reader(source, guard=True)
    fmt = format_of(t)
    recorded = _pools_recorded(read, t)
    return phase.unless_recorded(fmt.open_items(read, t), pools_recorded=recorded,
                                 started_here=fmt.started_here(read, t))


def started_here(source: Any, t: TournamentState) -> bool:
    """The product phase began in Podium (a draft started, product handed out); guarded
    in a unit of work."""
    return t.limited and format_of(t).started_here(sources.reader(source, guard=True), t)


def play_started(source: Any, t: TournamentState, guard: bool = False) -> bool:
    """The first Swiss round (or top cut) paired, the first tables round (or final)
    seated, or a free-for-all pod game reported (``guard``: see :func:`sources.state`)."""
    read = sources.reader(source, guard=guard)
    if t.structure == "swiss":
        return phase.play_started(swiss=read(SWISS, t.id))
    if t.structure == "multiplayer-tables":
        return phase.play_started(tables=read(TABLES, t.id))
    return phase.play_started(ffa=read(FFA, t.id))
