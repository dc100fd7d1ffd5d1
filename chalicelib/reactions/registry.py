"""Every reaction Podium runs after a commit, in one list.

- **durable**: runs at least once for every event of the kinds of stream it names, from
  its own checkpoint (a failure is retried at the stream's next projection or stream
  delivery); it must be idempotent, and what it commits is recorded as positions a read
  with the writer's ``X-Podium-Position`` waits for.
- otherwise: runs once when the events' views commit (best effort: waking a worker,
  counting a metric); ``signals`` name what a projection handler flagged (``tx.signal``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..domain import streams
from ..projections.signals import FEED_WRITTEN
from ..store.ports import StoredEvent
from . import deliveries, drafts, picks, rounds, sockets


@dataclass(frozen=True)
class Reaction:
    name: str
    run: Callable[[Any, list[StoredEvent]], None]   # (context, events)
    kinds: frozenset[str] = frozenset()   # stream kinds whose events it reacts to
    signals: frozenset[str] = frozenset()  # or: the signals it answers
    durable: bool = False
    doc: str = field(default="", compare=False)
    # which streams of those kinds (None: all): a roster's reaction skips its pods'
    # streams, which share the roster's kind, so a pick adds no commit of reactions
    only: Callable[[str], bool] | None = field(default=None, compare=False)

    def reacts_to(self, stream_id: str) -> bool:
        """Whether events of this stream are its concern (by kind, then ``only``)."""
        return streams.kind_of(stream_id) in self.kinds and (
            self.only is None or self.only(stream_id))


def rosters_only(stream_id: str) -> bool:
    """A limited format's roster stream (``tdraft-<tid>``), not one of its pods'."""
    return streams.pod_number_of(stream_id) is None


REACTIONS: tuple[Reaction, ...] = (
    Reaction("close-swiss-round", rounds.close_swiss_rounds, frozenset({"match"}),
             durable=True, doc="a match's final result may complete its round: close it"),
    Reaction("close-tables-round", rounds.close_table_rounds, frozenset({"table"}),
             durable=True, doc="a table's result may complete its V:EKN round: close it"),
    Reaction("open-draft-pods", drafts.open_draft_pods, frozenset({"draft"}), durable=True,
             doc="a booster draft started: open each of its pods in a commit of its own"),
    Reaction("open-roster-pods", drafts.open_roster_pods, frozenset({"tdraft", "mixed"}),
             durable=True, only=rosters_only,
             doc="a table or mixed draft's roster formed: open each of its pods in a commit "
                 "of its own (its pods' streams, of the same kinds, are not reacted to)"),
    Reaction("open-trade-pods", drafts.open_trade_pods, frozenset({"trade"}), durable=True,
             only=rosters_only,
             doc="a restricted trade's pods formed: open each in a commit of its own"),
    Reaction("wake-webhook-worker", deliveries.wake_worker,
             signals=frozenset({deliveries.DUE_SIGNAL}),
             doc="a webhook delivery is due: wake the local delivery thread"),
    Reaction("wake-push-worker", deliveries.wake_push_worker,
             signals=frozenset({deliveries.PUSH_DUE}),
             doc="a Web Push delivery is due: wake the local push thread"),
    Reaction("post-feed-entries", sockets.post_feed_entries, signals=frozenset({FEED_WRITTEN}),
             doc="feed entries were written: send them to the WebSocket subscribers"),
    Reaction("end-revoked-subscriptions", sockets.end_revoked_subscriptions,
             frozenset({"tournament"}),
             doc="a player's token was replaced or the player removed: end the WebSocket "
                 "subscriptions it no longer reads"),
    Reaction("count-auto-picks", picks.count_auto_picks,
             frozenset({"pod", "tdraft", "mixed"}),
             doc="picks the server made (timer, staff) counted once in the metrics"),
)


def by_name() -> dict[str, Reaction]:
    return {reaction.name: reaction for reaction in REACTIONS}
