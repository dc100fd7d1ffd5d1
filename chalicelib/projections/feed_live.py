"""Feed messages of check-in, judge calls and announcements: a player's check-in and
their judge call's progress (called, a judge acknowledged and is coming, resolved) on
their own feed; announcements on the public feed. Each call's caller is remembered in a
document of the calls stream (``feed-call:<tid>:<call>``) for the later steps."""
from __future__ import annotations

from ..domain.announcements import AnnouncementMade
from ..domain.calls import JudgeCallAcknowledged, JudgeCalled, JudgeCallResolved
from ..domain.checkin import PlayerCheckedIn, round_of
from ..domain.events import Event
from .feed_entries import Emitter
from .registry import Stored, ViewTx, keyed
from .tournaments import tournament_of_stream

call_id = keyed("feed-call:")      # by "<tid>:<call id>"


def register(projection) -> None:
    def emitter(stored: Stored[Event], tx: ViewTx) -> Emitter | None:
        tid = tournament_of_stream(stored.stream_id)
        return None if tid is None else Emitter(stored, tx, tid)

    @projection.on(PlayerCheckedIn)
    def _checked_in(stored: Stored[PlayerCheckedIn], tx: ViewTx) -> None:
        out, e = emitter(stored, tx), stored.event
        if out is not None:
            out.private(e.player_id, "checkin", {"round": round_of(e.scope), "by": e.by})

    @projection.on(AnnouncementMade)
    def _announced(stored: Stored[AnnouncementMade], tx: ViewTx) -> None:
        out, e = emitter(stored, tx), stored.event
        if out is not None:
            out.public("announcement", {"announcement_id": e.announcement_id,
                                        "text": e.text})

    @projection.on(JudgeCalled)
    def _called(stored: Stored[JudgeCalled], tx: ViewTx) -> None:
        out, e = emitter(stored, tx), stored.event
        if out is None:
            return
        tx.put(call_id(f"{out.tid}:{e.call_id}"), {"player_id": e.player_id},
               kind="feed-call")
        if e.player_id:
            out.private(e.player_id, "judge.call", {
                "call_id": e.call_id, "status": "open", "round": e.round, "table": e.table})

    @projection.on(JudgeCallAcknowledged, JudgeCallResolved)
    def _progress(stored: Stored[JudgeCallAcknowledged | JudgeCallResolved], tx: ViewTx) -> None:
        out, e = emitter(stored, tx), stored.event
        if out is None:
            return
        doc = tx.get(call_id(f"{out.tid}:{e.call_id}")) or {}
        if doc.get("player_id"):
            status = "acknowledged" if isinstance(e, JudgeCallAcknowledged) else "resolved"
            out.private(doc["player_id"], "judge.call", {"call_id": e.call_id,
                                                         "status": status})
