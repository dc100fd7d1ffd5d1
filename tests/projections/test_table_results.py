"""projections/table_results.py: a V:EKN table's own stream projects its reported result
and the players who dropped from it, one document per table."""
from __future__ import annotations

from chalicelib.domain.tables.events import TablesTableReported
from chalicelib.projections.queries.tables import table_doc_id
from tests.projections.harness import assert_exactly_once_and_rebuildable, from_log

MINE = lambda view_id: view_id.startswith("tables:") and ":table:" in view_id  # noqa: E731


def test_each_table_result_from_its_stream(tmp_path):
    p = from_log(tmp_path, "vtes-sealed-swap", MINE)
    reported = [(s.stream_id, s.event) for s in p.delivered
                if s.stream_id.startswith("table-") and isinstance(s.event, TablesTableReported)]
    assert reported
    for stream_id, event in reported:
        _, tid, rnd, table = stream_id.split("-")
        doc = p.doc(table_doc_id(tid, int(rnd[1:]), int(table[1:])))
        assert doc["results"] == event.results


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "vtes-mixed-draft", MINE))
