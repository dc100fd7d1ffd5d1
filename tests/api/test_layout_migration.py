"""The one-off migration of rounds recorded before each Swiss match and each V:EKN table had
a stream of its own: such a log takes no command until an administrator migrates it, the
migration derives today's layout from the old events (kept where they are), the event then
goes on, and the offline verifier derives the migration again. On both stores."""
from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from chalicelib.domain import streams
from chalicelib.domain.swiss import match_result as mr
from chalicelib.domain.swiss.aggregate import SWISS
from chalicelib.domain.swiss.commands import PairRound
from chalicelib.domain.swiss.decide_results import facts_of, locate
from chalicelib.domain.tables.aggregate import TABLES
from chalicelib.domain.tables.commands import ReportTable, SeatRound
from chalicelib.domain.tables.decide import decide_report, decide_seat_round
from chalicelib.domain.tables.events import TablesRoundSeated
from chalicelib.domain.tournament import TOURNAMENT
from chalicelib.store.ports import NewEvent, append
from chalicelib.verify.engine import verify


def _now() -> str:
    """When an older Podium decided (now: the verifier derives a round's deadline from
    when it was recorded)."""
    return datetime.now(UTC).isoformat()
EARLY = {"incomplete": True, "reason": "the venue closed"}


@pytest.fixture(params=["sqlite", "dynamodb"])
def both(request, api, rt):
    if request.param == "sqlite":
        return api, rt
    return request.getfixturevalue("dynamo_api")


def _write(rt, stream_id: str, events) -> None:
    """Append as an older Podium did (the events it wrote are what these tests fabricate)."""
    append(rt.events, stream_id, rt.events.version(stream_id),
           [NewEvent.of(e, {"by": "an older podium"}) for e in events])


def _old_swiss_round(rt, tid: str):
    """Round 1 paired in the old layout, its results in the Swiss stream: R1-1 final by
    report and confirmation, R1-2 entered by a judge, R1-3 reported only."""
    t = TOURNAMENT.initial()
    for stored in rt.events.read(streams.tournament(tid)):
        t = TOURNAMENT.evolve(t, stored.event)
    NOW = _now()  # noqa: N806
    command = PairRound(seed=t.seed, settings=dict(t.settings["swiss"]),
                        players=sorted(p.id for p in t.active_players()), now=NOW, by="org")
    started, paired = SWISS.decide(command, SWISS.initial())
    old = replace(paired, results_in="swiss")
    state = SWISS.evolve(SWISS.evolve(SWISS.initial(), started), old)
    events = [started, old]
    plays = {"R1-1": lambda f, r: mr.report(f, r, f.a, 1, 0, 0, NOW),
             "R1-2": lambda f, r: mr.enter(f, r, "judge", 0, 1, 0, NOW),
             "R1-3": lambda f, r: mr.report(f, r, f.a, 0, 1, 0, NOW)}
    for match_id, play in plays.items():
        match, holder = locate(state, match_id)
        facts = facts_of(state, match, holder)
        new = play(facts, mr.MatchRecord())
        if match_id == "R1-1":
            reported = state
            for e in new:
                reported = SWISS.evolve(reported, e)
            _, h = locate(reported, match_id)
            new += mr.confirm(facts, mr.MatchRecord(h.pending.get(match_id)), facts.b, NOW)
        for e in new:
            state = SWISS.evolve(state, e)
        events += new
    _write(rt, streams.swiss(tid), events)
    return state


def _verified(api, tid: str, org: str) -> None:
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    outcome = verify(api.get(f"/v1/tournaments/{tid}/audit?limit=5000").body)
    assert outcome.differences == [], [d.line() for d in outcome.differences]


def test_an_old_swiss_round_is_refused_then_migrated_and_played_on(both):
    api, rt = both
    event = api.ready("munchkin", "booster-draft", players=8)
    tid, org = event["tid"], event["organizer"]
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    state = _old_swiss_round(rt, tid)
    api.rebuild_views()
    read = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1")
    assert read.status == 200, read.body                                   # reads go on
    r3 = state.rounds[0].matches[2]
    refused = api.post(f"/v1/tournaments/{tid}/swiss/matches/R1-3/confirm", token=tokens[r3.b])
    assert refused.status == 409 and refused.body["error"] == "migration_required"
    assert refused.body["details"] == {"rounds": [1], "stream_kind": "swiss"}
    assert api.post(f"/v1/admin/tournaments/{tid}/migrations", token=org).status == 403

    migrated = api.post(f"/v1/admin/tournaments/{tid}/migrations", token=api.admin_key)
    assert migrated.status == 200, migrated.body
    assert migrated.body["swiss"] == {"rounds": [1], "copied": {"R1-1": 2, "R1-2": 1, "R1-3": 1}}
    again = api.post(f"/v1/admin/tournaments/{tid}/migrations", token=api.admin_key).body
    assert again["swiss"] == {"rounds": [], "copied": {}}
    copied = [e.type for e in rt.events.read(streams.swiss_match(tid, "R1-1"))]
    assert copied == ["ResultReported", "ResultConfirmed"]

    # the pending report is confirmed in its own stream now; the last match closes the round
    assert api.post(f"/v1/tournaments/{tid}/swiss/matches/R1-3/confirm",
                    token=tokens[r3.b]).body["status"] == "final"
    r4 = state.rounds[0].matches[3]
    assert api.post(f"/v1/tournaments/{tid}/swiss/matches/R1-4/result", {"a": 1, "b": 0},
                    token=tokens[r4.a]).status == 200
    assert api.post(f"/v1/tournaments/{tid}/swiss/matches/R1-4/confirm",
                    token=tokens[r4.b]).status == 200
    round1 = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").body
    assert round1["closed"] and [m["score"] for m in round1["matches"]] == [
        {"a": 1, "b": 0, "draws": 0}, {"a": 0, "b": 1, "draws": 0},
        {"a": 0, "b": 1, "draws": 0}, {"a": 1, "b": 0, "draws": 0}]
    overview = api.get(f"/v1/tournaments/{tid}/swiss").body
    assert overview["rounds"][0]["results"] == 4
    assert api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).status == 201
    before = rt.views.dump()
    api.rebuild_views()
    assert rt.views.dump() == before
    _verified(api, tid, org)


def test_old_vekn_rounds_close_or_move_and_the_event_goes_on(both):
    api, rt = both
    event = api.ready("vtes", "sealed", players=8)
    tid, org = event["tid"], event["organizer"]
    t = TOURNAMENT.initial()
    for stored in rt.events.read(streams.tournament(tid)):
        t = TOURNAMENT.evolve(t, stored.event)
    state, events = TABLES.initial(), []
    for number in (1, 2):
        players = sorted(p.id for p in t.active_players())
        seated = decide_seat_round(SeatRound(players=players, seed=t.seed,
                                             settings=dict(t.settings["tables"])), state)
        old = [replace(e, results_in="tables") if isinstance(e, TablesRoundSeated) else e
               for e in seated]
        for e in old:
            state = TABLES.evolve(state, e)
        events += old
        for k, table in enumerate(state.rounds[-1].tables, start=1):
            if number == 2 and k == 2:
                continue                     # round 2's table 2 has not reported yet
            vp = {p: 0 for p in table}
            vp[table[0]] = 6
            reported = decide_report(ReportTable(number, k, vp, _now()), state)
            for e in reported:
                state = TABLES.evolve(state, e)
            events += reported
    _write(rt, streams.tables(tid), events)
    api.rebuild_views()
    table2 = state.rounds[1].tables[1]
    vp = {p: 0 for p in table2}
    vp[table2[-1]], vp[table2[0]] = 3, 1
    path = f"/v1/tournaments/{tid}/tables/rounds/2/tables/2/result"
    refused = api.post(path, {"vp": vp}, token=org)
    assert refused.status == 409 and refused.body["error"] == "migration_required"

    migrated = api.post(f"/v1/admin/tournaments/{tid}/migrations", token=api.admin_key).body
    assert migrated["tables"] == {"rounds": [1, 2], "copied": {"R2-T1": 1}}
    assert api.post(path, {"vp": vp}, token=org).status == 200
    round2 = api.get(f"/v1/tournaments/{tid}/tables/rounds/2").body
    assert [t_["result"] is not None for t_ in round2["tables"]] == [True, True]
    assert api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org).status == 201
    before = rt.views.dump()
    api.rebuild_views()
    assert rt.views.dump() == before
    _verified(api, tid, org)
