"""Opening a booster draft's pods after its start: the start commits only
``DraftStarted`` (its pods and the seed); this reaction to it opens each pod in a
commit of its own (``application/draft_opening.py``), so no commit grows with the
field (a DynamoDB transaction holds 100 items) and the start's request stays short.
Idempotent: a pod already open is left as it is, so a re-delivered start, a retry
after a failure half-way, or two workers at once open nothing twice."""
from __future__ import annotations

from ..service import Reply
from ..store.ports import StoredEvent

ACTOR = "pod-opener"


def open_draft_pods(ctx, events: list[StoredEvent]) -> None:
    from ..application import draft_opening
    for tid, n in draft_opening.pods_to_open(events):
        ctx.command(ACTOR, lambda uow, tid=tid, n=n: Reply(
            200, draft_opening.open_pod(uow, tid, n)))


def open_roster_pods(ctx, events: list[StoredEvent]) -> None:
    """The same for a table or mixed draft: its roster formed (``LimitedPodsFormed``),
    each pod opens in a commit of its own (``application/roster_opening.py``)."""
    from ..application import roster_opening
    for capability, tid, n in roster_opening.pods_to_open(events):
        ctx.command(ACTOR, lambda uow, c=capability, tid=tid, n=n: Reply(
            200, roster_opening.open_pod(uow, c, tid, n)))


def open_trade_pods(ctx, events: list[StoredEvent]) -> None:
    """A restricted trade's pods formed (``TradePodsFormed``): each opens in a commit of
    its own (``application/trade_opening.py``)."""
    from ..application import trade_opening
    for tid, n in trade_opening.pods_to_open(events):
        ctx.command(ACTOR, lambda uow, tid=tid, n=n: Reply(
            200, trade_opening.open_pod(uow, tid, n)))
