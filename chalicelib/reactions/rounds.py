"""Closing a round once its last result is in: the tally of a round's results, counted
consistently right after each result's commit, tells the reaction to any of them that
the round is complete; the close is idempotent (a closed round stays closed), so running
it again after a retry changes nothing."""
from __future__ import annotations

from ..service import Reply
from ..store.ports import StoredEvent

# The use cases load on the first result (they are most of the application's modules;
# a cold start that handles no result needs none of them).


def close_swiss_rounds(ctx, events: list[StoredEvent]) -> None:
    from ..application import swiss_results
    for tid, number in sorted(swiss_results.rounds_to_close(events)):
        ctx.command("round-closer", lambda uow, tid=tid, number=number: Reply(
            200, {"closed": swiss_results.close_round(uow, tid, number)}))


def close_table_rounds(ctx, events: list[StoredEvent]) -> None:
    from ..application import tables
    for tid, number in sorted(tables.rounds_to_close(events)):
        ctx.command("round-closer", lambda uow, tid=tid, number=number: Reply(
            200, {"closed": tables.close_round(uow, tid, number)}))
