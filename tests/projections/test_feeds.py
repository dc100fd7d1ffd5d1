"""projections/feeds.py: a tournament's public change feed and each player's private one,
one entry per change in the order the events were recorded (positions increase), e.g. a
``draft.pod_finished`` entry for each pod whose draft finished."""
from __future__ import annotations

from chalicelib.domain import streams
from chalicelib.domain.draft.events import DraftFinished
from chalicelib.projections.queries.feed_entries import entries_after
from tests.projections.harness import assert_exactly_once_and_rebuildable, from_log, prefixed

MINE = prefixed("feed:", "feed-pod:", "feed-call:")


def test_public_and_private_entries_from_the_events(tmp_path):
    p = from_log(tmp_path, "mtg-conspiracy", MINE)
    finished = [s for s in p.delivered if isinstance(s.event, DraftFinished)]
    assert finished
    tid = streams.tournament_of(finished[0].stream_id)
    public = entries_after(p.views, tid, None, None, 10_000)
    positions = [e["position"] for e in public]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)
    assert sorted(e["data"]["pod"] for e in public if e["type"] == "draft.pod_finished") == \
        sorted(streams.pod_number_of(s.stream_id) for s in finished)
    private = [d for v, d in p.docs().items() if v.startswith("feed:") and "player_id" in d]
    assert private and all(d["tournament_id"] == tid for d in private)


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "vtes-sealed-swap", MINE))
