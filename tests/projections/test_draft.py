"""projections/draft.py: a booster draft's summary (pods and seats as the draft started
them, each pod's status from its own stream) and the uploaded card sets."""
from __future__ import annotations

from chalicelib.domain.draft.events import DraftFinished, DraftStarted
from chalicelib.domain.product.events import CardSetUploaded
from chalicelib.projections.queries.draft import draft_view
from tests.projections.harness import (
    assert_exactly_once_and_rebuildable,
    from_log,
    prefixed,
    typed,
)

MINE = prefixed("draft:", "draft-pod:", "draft-pods:", "draft-active:", "cardset:")


def test_pods_seats_and_status_from_the_events(tmp_path):
    p = from_log(tmp_path, "hack-booster-draft", MINE)
    (started,) = typed(p, DraftStarted)
    tid = next(s.stream_id for s in p.delivered if isinstance(s.event, DraftStarted))[6:]
    view = draft_view(p.views, tid)
    assert [[s["player_id"] for s in pod["seats"]] for pod in view["pods"]] == started.pods
    finished = {s.stream_id for s in p.delivered if isinstance(s.event, DraftFinished)}
    assert [pod["status"] for pod in view["pods"]] == [
        "finished" if f"pod-{tid}-{n}" in finished else "drafting"
        for n in range(1, len(started.pods) + 1)]
    for uploaded in typed(p, CardSetUploaded):
        assert p.doc(f"cardset:{uploaded.set['id']}") is not None


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "mtg-conspiracy", MINE))
