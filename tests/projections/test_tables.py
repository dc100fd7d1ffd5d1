"""projections/tables.py: each V:EKN round's seating (tables and who sits out) from its
seating event, and the free-for-all pods of a draft event."""
from __future__ import annotations

from chalicelib.domain.tables import events as ev
from chalicelib.projections.queries.tables import ffa_id, full_round
from tests.projections.harness import (
    assert_exactly_once_and_rebuildable,
    from_log,
    prefixed,
    typed,
)

MINE = prefixed("tables:", "ffa:", unless=(":table:",))


def test_rounds_seated_as_the_events_seat_them(tmp_path):
    p = from_log(tmp_path, "vtes-sealed-swap", MINE)
    tid = next(s.stream_id for s in p.delivered if s.stream_id.startswith("tables-"))[7:]
    seated = {e.round: e for e in typed(p, ev.TablesRoundSeated, "tables-")}
    assert seated
    for number, e in seated.items():
        rnd = full_round(p.views, tid, number)
        assert rnd is not None and len(rnd["tables"]) == len(e.tables)
        assert {s["player_id"] for t in rnd["tables"] for s in t["seats"]} | set(
            rnd["sitting_out"]) >= {p for t in e.tables for p in t}


def test_free_for_all_pods(tmp_path):
    p = from_log(tmp_path, "mtg-conspiracy", MINE)
    tid = next(s.stream_id for s in p.delivered if s.stream_id.startswith("ffa-"))[4:]
    assert p.doc(ffa_id(tid))["tournament_id"] == tid


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "vtes-restricted-trade", MINE))
