"""projections/swiss.py: a Swiss round's header and pages of matches from its pairing,
results once the round closed, and standings after each closed round counting every
player the rounds paired."""
from __future__ import annotations

from chalicelib.domain.swiss import events as ev
from chalicelib.projections.queries.swiss import full_round, full_standings, overview_id
from tests.projections.harness import (
    assert_exactly_once_and_rebuildable,
    from_log,
    prefixed,
    typed,
)

MINE = prefixed("swiss:", unless=(":match:",))


def test_rounds_results_and_standings_from_the_events(tmp_path):
    p = from_log(tmp_path, "hack-booster-draft", MINE)
    tid = next(s.stream_id for s in p.delivered if s.stream_id.startswith("swiss-"))[6:]
    paired = typed(p, ev.RoundPaired, "swiss-")
    closed = {e.round: e for e in typed(p, ev.RoundClosed, "swiss-")}
    assert paired and closed
    overview = p.doc(overview_id(tid))
    assert overview["rounds_paired"] == len(paired)
    players: set[str] = set()
    for e in paired:
        rnd = full_round(p.views, tid, e.round)
        assert [(m["a"], m["b"]) for m in rnd["matches"]] == [
            (m["a"], m["b"]) for m in e.matches()]
        assert rnd["bye"] == e.bye and rnd["closed"] == (e.round in closed)
        players |= {x for m in e.matches() for x in (m["a"], m["b"]) if x} | (
            {e.bye} if e.bye else set())
        if e.round in closed and closed[e.round].results is not None:
            scores = [[m["score"]["a"], m["score"]["b"], m["score"]["draws"]]
                      for m in rnd["matches"]]
            assert scores == closed[e.round].results
    last = max(closed)
    standings = full_standings(p.views, tid, last)
    assert {r["player_id"] for r in standings["rows"]} == players
    assert [r["rank"] for r in standings["rows"]] == sorted(r["rank"] for r in standings["rows"])


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "hack-booster-draft", MINE))


def test_standings_rank_what_the_swiss_decider_folds_from_the_events(tmp_path):
    """The standings documents are the domain's standings of the Swiss state folded from
    the stream (``domain.swiss.standings``), not a ranking of the round documents."""
    from chalicelib.domain.decider import fold
    from chalicelib.domain.swiss.aggregate import SWISS
    from chalicelib.domain.swiss.standings import standings
    from chalicelib.projections.queries.swiss import standings_rows

    p = from_log(tmp_path, "munchkin-draft", MINE)
    stream = next(s.stream_id for s in p.delivered if s.stream_id.startswith("swiss-"))
    state = fold(SWISS, SWISS.initial(), [s.event for s in p.delivered if s.stream_id == stream])
    closed = [r.number for r in state.rounds if r.closed]
    assert closed
    for number in closed:
        _, rows = standings_rows(p.views, stream[6:], number)
        expected = standings(state, number)
        assert [(r["rank"], r["player_id"], r["points"], r["dropped"]) for r in rows] == [
            (s.rank, s.record.player, s.record.points, s.dropped) for s in expected]
