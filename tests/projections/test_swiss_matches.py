"""projections/swiss_matches.py: each match stream's live result (what its reports and
confirmations say) in one document per match."""
from __future__ import annotations

from chalicelib.domain import streams
from chalicelib.domain.swiss import events as ev
from chalicelib.projections.queries.swiss_matches import match_result_id
from tests.projections.harness import assert_exactly_once_and_rebuildable, from_log


def test_each_match_result_from_its_stream(tmp_path):
    p = from_log(tmp_path, "hack-booster-draft", lambda v: ":match:" in v)
    last: dict[str, object] = {}
    for s in p.delivered:
        if s.stream_id.startswith("match-") and isinstance(
                s.event, (ev.ResultReported, ev.ResultConfirmed, ev.ResultEntered)):
            last[s.stream_id] = s.event
    assert last
    for stream_id, event in last.items():
        tid, match_id = streams.tournament_of(stream_id), streams.match_id_of(stream_id)
        assert tid is not None and match_id is not None
        doc = p.doc(match_result_id(tid, match_id))
        assert doc is not None and doc["match_id"] == match_id
        final = isinstance(event, (ev.ResultConfirmed, ev.ResultEntered))
        assert doc["status"] == ("final" if final else "reported")
        if final:
            assert doc["score"] == event.score


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(
        from_log(tmp_path, "munchkin-draft", lambda v: ":match:" in v))
