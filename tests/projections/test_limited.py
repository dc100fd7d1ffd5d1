"""projections/limited.py: table, mixed and restricted-trade pods (phase, pack, whose
turn, trades), the sealed hand-out's summary, and the pods still running."""
from __future__ import annotations

from chalicelib.domain.trade import events as trade_ev
from chalicelib.projections.queries.limited import pod_id
from tests.projections.harness import (
    assert_exactly_once_and_rebuildable,
    from_log,
    prefixed,
    typed,
)

MINE = prefixed("limited:", "limited-active:")


def test_trade_pods_from_the_events(tmp_path):
    p = from_log(tmp_path, "vtes-restricted-trade", MINE)
    pods = {s.stream_id for s in p.delivered if s.stream_id.startswith("trade-")
            and s.stream_id.count("-") == 2}
    assert pods
    for stream_id in pods:
        _, tid, n = stream_id.split("-")
        doc = p.doc(pod_id(tid, "trade", int(n)))
        accepted = [s for s in p.delivered if s.stream_id == stream_id
                    and isinstance(s.event, trade_ev.TradeAccepted)]
        assert doc is not None and doc.get("trades", 0) == len(accepted)
    assert typed(p, trade_ev.TradePodsFormed)


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "vtes-mixed-draft", MINE))


def test_sealed_summary_is_exactly_once_and_rebuildable(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "vtes-sealed-swap", MINE))
