"""The change feeds' messages: what each play event tells everyone (the public feed) and
each player it concerns (their private feed). Entries are kept by ``feed_entries``.

Only what the public may read goes to the public feed (pairings, seatings, confirmed
results, the clock, phases); what one player may read (their pack, their deck, their
penalty) goes to that player's feed only. A reported but unconfirmed result, decks and
penalties never reach the public feed."""
from __future__ import annotations

from typing import Any

from ..domain import streams
from ..domain.clock.events import TimeExtended
from ..domain.decks.events import (
    DeckbuildingOpened,
    DeckCheckRecorded,
    DeckDeadlineExtended,
    DecklistsPublished,
    DeckRegistered,
    DeckReopened,
    PlayerDeadlineExtended,
)
from ..domain.draft.events import DraftFinished, DraftStarted
from ..domain.events import Event
from ..domain.judging.events import PenaltyGiven, PlayerMarkedPresent, RoundStartAnnounced
from ..domain.mixed_draft.events import MixedDraftStarted
from ..domain.sealed.events import SealedStarted
from ..domain.swiss.events import (
    CutAdvanced,
    CutFinished,
    ResultConfirmed,
    ResultCorrected,
    ResultEntered,
    RoundClosed,
    RoundPaired,
    TopCutStarted,
)
from ..domain.table_draft.events import TableDraftStarted
from ..domain.tables.events import (
    TablesFinalReported,
    TablesFinalSeated,
    TablesFinalStarted,
    TablesRoundClosed,
    TablesRoundSeated,
    TablesSeatsSwapped,
    TablesTableReported,
    TablesTableReseated,
)
from ..domain.tournament.events import TournamentFinished, TournamentStarted
from ..domain.trade.events import TradePodsFormed
from . import feed_draft, feed_live
from . import push as _push  # noqa: F401 - its private hook queues Web Push of player entries
from .feed_entries import Emitter
from .registry import Projection, Stored, ViewTx
from .tournaments import tournament_of_stream

projection = Projection("feeds")


def _emitter(stored: Stored[Event], tx: ViewTx) -> Emitter | None:
    tid = tournament_of_stream(stored.stream_id)
    if tid is None or (stored.meta or {}).get("migration"):
        return None         # a migration's copies were announced when first recorded
    return Emitter(stored, tx, tid)


def on(*events):
    """Register ``handler(event, emitter)`` for events of a tournament's streams."""
    def register(handler):
        def run(stored: Stored[Event], tx: ViewTx) -> None:
            out = _emitter(stored, tx)
            if out is not None:
                handler(stored.event, out)
        projection.on(*events)(run)
        return handler
    return register


PHASES = {TournamentStarted: "started", DraftStarted: "draft", SealedStarted: "sealed",
          TableDraftStarted: "table_draft", MixedDraftStarted: "mixed_draft",
          TradePodsFormed: "trade", DeckbuildingOpened: "deckbuilding",
          DecklistsPublished: "decklists_published", TopCutStarted: "top_cut",
          TablesFinalStarted: "final", TournamentFinished: "finished"}


@on(*PHASES)
def _phase(e, out: Emitter) -> None:
    data: dict[str, Any] = {"phase": PHASES[type(e)]}
    if isinstance(e, DeckbuildingOpened):
        data["deadline"] = e.deadline
    if isinstance(e, TournamentFinished):
        data["incomplete"] = e.incomplete is not None
    if isinstance(e, (TableDraftStarted, MixedDraftStarted)):
        data["pod"] = e.pod
    if isinstance(e, TablesFinalStarted):
        data["qualifiers"] = list(e.qualifiers)
    out.public("phase", data)
    if isinstance(e, TopCutStarted):
        _cut_pairings(e, out)


@on(DraftFinished)
def _pod_finished(e: DraftFinished, out: Emitter) -> None:
    out.public("draft.pod_finished", {"pod": streams.pod_number_of(out.stored.stream_id)})


@on(RoundPaired)
def _paired(e: RoundPaired, out: Emitter) -> None:
    matches = e.matches()
    out.public("round.paired", {"round": e.round, "matches": matches, "bye": e.bye,
                                "ends_at": e.ends_at})
    for m in matches:
        for me, them in ((m["a"], m["b"]), (m["b"], m["a"])):
            out.private(me, "pairing", {"round": e.round, "match": m["id"],
                                        "table": m["table"], "opponent": them,
                                        "ends_at": e.ends_at})
    if e.bye:
        out.private(e.bye, "pairing", {"round": e.round, "bye": True, "ends_at": e.ends_at})


def _cut_pairings(e: TopCutStarted, out: Emitter) -> None:
    for m in (e.rounds[0] if e.rounds else []):
        for me, them in ((m.get("a"), m.get("b")), (m.get("b"), m.get("a"))):
            if me:
                out.private(me, "pairing", {"round": None, "match": m["id"],
                                            "table": m.get("table"), "opponent": them,
                                            "ends_at": e.ends_at, "top_cut": True})


@on(ResultConfirmed, ResultEntered, ResultCorrected)
def _result(e, out: Emitter) -> None:
    out.public("result.confirmed", {"match": e.match, "score": dict(e.score),
                                    "corrected": isinstance(e, ResultCorrected)})


@on(CutAdvanced)
def _advanced(e: CutAdvanced, out: Emitter) -> None:
    out.public("result.confirmed", {"match": e.match, "winner": e.winner, "next": e.to})
    out.private(e.winner, "pairing", {"round": None, "match": e.to, "top_cut": True,
                                      "ends_at": None})


@on(RoundClosed)
def _closed(e: RoundClosed, out: Emitter) -> None:
    out.public("standings.updated", {"round": e.round})


@on(CutFinished)
def _champion(e: CutFinished, out: Emitter) -> None:
    out.public("standings.updated", {"final": True, "champion": e.champion})


def _seats(out: Emitter, number: int | None, table: int, seats: list[str]) -> None:
    for seat, player in enumerate(seats, start=1):
        out.private(player, "seat", {"round": number, "table": table, "seat": seat,
                                     "players": list(seats)})


@on(TablesRoundSeated)
def _seated(e: TablesRoundSeated, out: Emitter) -> None:
    out.public("round.seated", {"round": e.round, "tables": [list(t) for t in e.tables],
                                "sitting_out": list(e.sitting_out)})
    for table, seats in enumerate(e.tables, start=1):
        _seats(out, e.round, table, seats)
    for player in e.sitting_out:
        out.private(player, "seat", {"round": e.round, "sitting_out": True})


@on(TablesSeatsSwapped)
def _swapped(e: TablesSeatsSwapped, out: Emitter) -> None:
    out.public("seating.changed", {"round": e.round, "players": list(e.players)})
    for player in e.players:
        out.private(player, "seat.changed", {"round": e.round})


@on(TablesTableReseated)
def _reseated(e: TablesTableReseated, out: Emitter) -> None:
    out.public("seating.changed", {"round": e.round, "table": e.table})
    _seats(out, e.round, e.table, e.seats)


@on(TablesFinalSeated)
def _final_seated(e: TablesFinalSeated, out: Emitter) -> None:
    out.public("round.seated", {"final": True, "seating": list(e.seating),
                                "first_player": e.first_player})
    _seats(out, None, 1, e.seating)


@on(TablesTableReported)
def _table_result(e: TablesTableReported, out: Emitter) -> None:
    out.public("result.confirmed", {"round": e.round, "table": e.table})


@on(TablesRoundClosed)
def _tables_closed(e: TablesRoundClosed, out: Emitter) -> None:
    out.public("standings.updated", {"round": e.round})


@on(TablesFinalReported)
def _final_reported(e: TablesFinalReported, out: Emitter) -> None:
    out.public("standings.updated", {"final": True})


@on(TimeExtended)
def _extended(e: TimeExtended, out: Emitter) -> None:
    out.public("clock", {"action": "extended", "target": e.target, "minutes": e.minutes,
                         "reason": e.reason})


@on(RoundStartAnnounced)
def _round_start(e: RoundStartAnnounced, out: Emitter) -> None:
    out.public("clock", {"action": "round_starts", "round": e.round,
                         "starts_at": e.starts_at})


@on(DeckDeadlineExtended)
def _deck_deadline(e: DeckDeadlineExtended, out: Emitter) -> None:
    out.public("clock", {"action": "deck_deadline", "deadline": e.deadline})


@on(PlayerDeadlineExtended)
def _player_deadline(e: PlayerDeadlineExtended, out: Emitter) -> None:
    out.private(e.player, "deck.deadline", {"deadline": e.deadline})


@on(DeckRegistered)
def _deck(e: DeckRegistered, out: Emitter) -> None:
    out.private(e.player, "deck.accepted", {"label": e.label, "version": e.version,
                                            "unverified": len(e.unverified)})


@on(DeckReopened)
def _reopened(e: DeckReopened, out: Emitter) -> None:
    out.private(e.player, "deck.reopened", {"until": e.until})


@on(DeckCheckRecorded)
def _checked(e: DeckCheckRecorded, out: Emitter) -> None:
    out.private(e.player, "deck.checked", {"check": e.check, "label": e.label,
                                           "round": e.round, "matches": e.matches})


@on(PenaltyGiven)
def _penalty(e: PenaltyGiven, out: Emitter) -> None:
    out.private(e.player_id, "penalty", {"penalty_id": e.penalty_id, "kind": e.kind,
                                         "infraction": e.infraction, "round": e.round,
                                         "table": e.table, "match": e.match_id})


@on(PlayerMarkedPresent)
def _present(e: PlayerMarkedPresent, out: Emitter) -> None:
    out.private(e.player_id, "checkin", {"round": e.round, "by": "staff"})


feed_draft.register(projection)
feed_live.register(projection)
