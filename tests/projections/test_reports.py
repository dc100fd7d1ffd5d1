"""projections/reports.py: the federation's feed of finished tournaments, each
organizer's list and the receipt of a report a federation received."""
from __future__ import annotations

from chalicelib.domain.reports.events import ReportReceived
from chalicelib.projections.queries.reports import receipt_id
from tests.projections.harness import assert_exactly_once_and_rebuildable, from_log, prefixed

MINE = prefixed("report-")


def test_receipts_from_the_events(tmp_path):
    p = from_log(tmp_path, "extras", MINE)
    received = [s for s in p.delivered if isinstance(s.event, ReportReceived)]
    assert received
    for s in received:
        doc = p.doc(receipt_id(s.stream_id.split("-", 1)[1]))
        assert doc is not None and doc["federation_id"] == s.event.federation_id


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "extras", MINE))
