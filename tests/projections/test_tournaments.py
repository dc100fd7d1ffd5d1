"""projections/tournaments.py: each tournament's summary counts its players as the
events registered, removed and dropped them, one document per registered player, and the
index of the tournament's streams lists every stream it has."""
from __future__ import annotations

from chalicelib.domain.tournament import events as ev
from chalicelib.projections.queries.tournaments import all_players, summary_id
from chalicelib.projections.tournaments import tournament_of_stream, tournament_streams
from tests.projections.harness import assert_exactly_once_and_rebuildable, from_log, prefixed

MINE = prefixed("tournament:", "tournament-streams:")


def test_summaries_players_and_stream_index_from_the_events(tmp_path):
    p = from_log(tmp_path, "vtes-sealed-swap", MINE)
    created = p.delivered[0].event
    for stored in p.delivered:
        if isinstance(stored.event, ev.TournamentCreated):
            created = stored.event
    tid = created.tournament_id
    mine = [s for s in p.delivered if s.stream_id == f"tournament-{tid}"]
    registered = {s.event.player_id for s in mine if isinstance(s.event, ev.PlayerRegistered)}
    removed = {s.event.player_id for s in mine if isinstance(s.event, ev.PlayerRemoved)}
    dropped = {s.event.player_id for s in mine if isinstance(s.event, ev.PlayerDropped)}
    summary = p.doc(summary_id(tid))
    assert summary["name"] == created.name and summary["organizer_id"] == created.organizer_id
    assert summary["players"] == {"registered": len(registered - removed),
                                  "active": len(registered - removed - dropped),
                                  "dropped": len(dropped - removed)}
    finished = any(isinstance(s.event, ev.TournamentFinished) for s in mine)
    assert summary["status"] == ("finished" if finished else "running")
    assert {d["player_id"] for d in all_players(p.views, tid)} == registered - removed
    streams = {s.stream_id for s in p.delivered if tournament_of_stream(s.stream_id) == tid}
    assert set(tournament_streams(p.views, tid)) == streams


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "extras", MINE))
