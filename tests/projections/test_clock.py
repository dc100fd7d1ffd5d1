"""projections/clock.py: when each V:EKN round (and top-cut match) started, from the
events that started them, and the time extensions judges gave."""
from __future__ import annotations

from chalicelib.domain.tables import events as ev
from chalicelib.projections.queries.clock import tables_starts
from tests.projections.harness import assert_exactly_once_and_rebuildable, from_log, prefixed

MINE = prefixed("clock:")


def test_round_starts_from_the_seating_events(tmp_path):
    p = from_log(tmp_path, "vtes-sealed-swap", MINE)
    seated = [s for s in p.delivered
              if isinstance(s.event, (ev.TablesRoundSeated, ev.TablesFinalSeated))]
    assert seated
    tid = seated[0].stream_id.split("-", 1)[1]
    last: dict[str, str] = {}      # a round seated again starts again
    for s in seated:
        key = f"T{s.event.round}" if isinstance(s.event, ev.TablesRoundSeated) else "F"
        last[key] = s.recorded_at
    assert tables_starts(p.views, tid) == last


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "munchkin-draft", MINE))
