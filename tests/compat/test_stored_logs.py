"""Logs stored by an earlier version still load: every whole event recorded before a
change of stored shapes (Swiss results in one stream, one player-list document) is
restored into a fresh store, projected from scratch, and answers what it answered then."""
from __future__ import annotations

import pytest

from chalicelib.application import migrations, swiss_results
from chalicelib.auth import Principal
from chalicelib.auth.principal import ADMIN
from chalicelib.domain.errors import Conflict
from chalicelib.service import Reply
from tests.support import stored_logs


def _restored(api, rt, name):
    log = stored_logs.load(name)
    stored_logs.restore(rt, log["events"])
    assert api.rebuild_views()["state"] == "succeeded"
    return log


@pytest.mark.parametrize("name", stored_logs.names())
def test_a_stored_whole_event_reports_what_it_reported(name, api, rt):
    log = _restored(api, rt, name)
    tid = log["tournament_id"]
    fed = api.post("/v1/accounts", {"role": "federation", "name": "F"},
                   token=api.admin_key).body["api_key"]
    now = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    then = log["report"]
    # each row's judges' records were added later (none in these events)
    judged = {"warnings": 0, "penalties": 0, "disqualified": False}
    assert all({k: r[k] for k in judged} == judged for r in now["standings"]["rows"])
    assert {**now["standings"], "rows": [{k: v for k, v in r.items() if k not in judged}
                                         for r in now["standings"]["rows"]]} == then["standings"]
    assert now["penalties"] == []
    assert now["rounds"] == then["rounds"]
    assert now["players"] == then["players"] and now["final"] == then["final"]
    # the link to the audit log was added later; the rest is what it was
    assert {k: v for k, v in now["seed"].items() if k != "audit_log"} == then["seed"]
    assert now["seed"]["audit_log"] == f"/v1/tournaments/{tid}/audit"
    assert api.get(f"/v1/tournaments/{tid}").body["status"] == "finished"


def test_a_round_paired_before_match_streams_plays_on(api, rt):
    """A Swiss round paired by the earlier version, some results recorded in the Swiss
    stream: every command is refused until the one-off migration brings the log to
    today's layout (the earlier events kept where they are); then its remaining results
    go to the matches' own streams and the round closes with all of them, standings as
    the earlier version computed them."""
    log = stored_logs.load("munchkin-draft")
    tid = log["tournament_id"]
    swiss_events = [e for e in log["events"] if e["stream_id"] == f"swiss-{tid}"]
    paired = [i for i, e in enumerate(swiss_events) if e["type"] == "RoundPaired"]
    cut_at = paired[1] + 4          # round 2 paired, a few of its results recorded
    kept = swiss_events[:cut_at + 1]
    later = swiss_events[cut_at + 1:]
    before = [e for e in log["events"] if not e["stream_id"].startswith("swiss-")
              or e in kept]
    unfinished = [e for e in before if e["type"] != "TournamentFinished"]
    stored_logs.restore(rt, unfinished)
    rt.projector.rebuild()
    judge = Principal("organizer", next(e["data"]["organizer_id"] for e in log["events"]
                                        if e["type"] == "TournamentCreated"))
    done = {e["data"]["match"] for e in kept if e["type"] in ("ResultConfirmed",
                                                             "ResultEntered")}
    first = next(e for e in later if e["type"] in ("ResultConfirmed", "ResultEntered")
                 and e["data"]["match"] not in done)
    with pytest.raises(Conflict) as refused:
        rt.service.run(lambda uow: Reply(200, swiss_results.report(
            uow, judge, tid, first["data"]["match"], 1, 0, 0)))
    assert refused.value.code == "migration_required"
    migrated = rt.service.run(lambda uow: Reply(200, migrations.migrate(uow, ADMIN, tid)))
    assert migrated.body["swiss"]["rounds"] == [1, 2]
    for e in later:
        if e["type"] == "RoundClosed":
            break
        match = e["data"]["match"]
        if e["type"] in ("ResultConfirmed", "ResultEntered") and match not in done:
            score = e["data"]["score"]
            rt.service.run(lambda uow, m=match, s=score: Reply(200, swiss_results.report(
                uow, judge, tid, m, s["a"], s["b"], s["draws"])))
    own = [e for e in rt.events.all_events() if e.stream_id.startswith(f"match-{tid}-")]
    assert own, "the remaining results went to the matches' own streams"
    stream = rt.events.read(f"swiss-{tid}")
    assert stream[-1].type == "RoundClosed" and stream[-1].data["round"] == 2
    # the same results as the earlier version recorded, so the same standings
    now = api.get(f"/v1/tournaments/{tid}/swiss/standings?round=2").body["rows"]
    reference = _reference_standings(log, round_=2)
    assert [(r["player_id"], r["points"], r["rank"]) for r in now] == reference


def _reference_standings(log, round_):
    """The earlier version's standings after ``round_``, by replaying its whole log."""
    from chalicelib.domain.decider import fold
    from chalicelib.domain.events import decode
    from chalicelib.domain.swiss import SWISS
    from chalicelib.domain.swiss.standings import standings
    tid = log["tournament_id"]
    state = fold(SWISS, SWISS.initial(), [
        decode(e["type"], e["data"], e["meta"].get("v", 1), e["stream_id"])
        for e in log["events"] if e["stream_id"] == f"swiss-{tid}"])
    return [(s.record.player, s.record.points, s.rank) for s in standings(state, round_)]
