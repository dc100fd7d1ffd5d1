"""Federation reports (V:EKN 9) through HTTP: the pull feed, downloads, receipts, deadlines."""
from __future__ import annotations

import csv
import hashlib
import io
from datetime import datetime, timedelta, timezone

from chalicelib.domain.reports import reporting_status


def header(result, name):
    return {k.lower(): v for k, v in result.headers.items()}[name]


def federation(api, name="V:EKN"):
    r = api.post("/v1/accounts", {"role": "federation", "name": name}, token=api.admin_key)
    assert r.status == 201, r.body
    return r.body["api_key"]


def vtes_event(api, members, finish=True, rounds=2):
    """A V:TES event on multiplayer tables with ``members`` (member ids, None = none)."""
    org = api.organizer()
    # Temporary numbers get in only where the organizer relaxed the format.
    t = api.tournament(org, "vtes", "booster-draft", settings={
        "registration": {"member_id_pattern": r"^[A-Za-z0-9-]{4,20}$"}})
    tid = t["tournament_id"]
    players = [api.register(tid, f"Player {i + 1}", token=org, member_id=m)
               for i, m in enumerate(members)]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    for _ in range(rounds):
        seating = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
        assert seating.status == 201, seating.body
        for k, table in enumerate(seating.body["tables"], start=1):
            vp = {p: 0 for p in table}
            vp[table[0]], vp[table[1]] = 2.5, 1.5
            r = api.post(f"/v1/tournaments/{tid}/tables/rounds/{seating.body['round']}"
                         f"/tables/{k}/result", {"vp": vp}, token=org)
            assert r.status == 200, r.body
    if finish:
        assert api.post(f"/v1/tournaments/{tid}/finish", token=org).status == 200
    return {"tid": tid, "organizer": org, "players": players}


MEMBERS = ["1000001", "1000002", "1000003", "1000004", "1000005", "1000006", "1000007",
           "1000008"]


def test_feed_pulled_twice_gives_each_report_once(api):
    fed = federation(api)
    first = vtes_event(api, MEMBERS)
    running = vtes_event(api, MEMBERS, finish=False, rounds=1)
    page = api.get("/v1/reports/feed", token=fed).body
    assert [r["tournament_id"] for r in page["items"]] == [first["tid"]]
    assert page["more"] is False and page["next"]
    # Nothing new: the cursor gives nothing again.
    again = api.get(f"/v1/reports/feed?since={page['next']}", token=fed).body
    assert again["items"] == [] and again["next"] == page["next"]
    second = vtes_event(api, MEMBERS[:4] + [None, "TEMP-1", "0000000", "1000012"])
    assert api.post(f"/v1/tournaments/{running['tid']}/finish",
                    token=running["organizer"]).status == 200
    later = api.get(f"/v1/reports/feed?since={page['next']}", token=fed).body
    assert [r["tournament_id"] for r in later["items"]] == [second["tid"], running["tid"]]
    # Page by one: the same two, each once, in the same order.
    seen, cursor = [], page["next"]
    while True:
        step = api.get(f"/v1/reports/feed?since={cursor}&limit=1", token=fed).body
        seen += [r["tournament_id"] for r in step["items"]]
        cursor = step["next"]
        if not step["more"]:
            break
    assert seen == [second["tid"], running["tid"]]
    # Filters: a game with no tournaments returns nothing but moves the cursor on.
    mtg = api.get("/v1/reports/feed?game=mtg", token=fed).body
    assert mtg["items"] == [] and mtg["next"] == later["next"]
    today = datetime.now(timezone.utc).date()
    assert api.get(f"/v1/reports/feed?to={today - timedelta(days=1)}", token=fed).body[
        "items"] == []
    assert len(api.get(f"/v1/reports/feed?from={today}&game=vtes", token=fed).body[
        "items"]) == 3


def test_report_content_standings_seed_and_placeholders(api):
    fed = federation(api)
    event = vtes_event(api, MEMBERS[:5] + [None, "TEMP-1", "0000000"])
    tid = event["tid"]
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    assert report["game"] == "vtes" and report["structure"] == "multiplayer-tables"
    assert len(report["players"]) == 8 and len(report["rounds"]) == 2
    rows = report["standings"]["rows"]
    assert report["standings"]["scoring"] == "vtes-tables"
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    # Every figure adds up from the rounds: per player GW, VP, TP.
    per = {}
    for rnd in report["rounds"]:
        for table in rnd["tables"]:
            for seat in table["seats"]:
                acc = per.setdefault(seat["player_id"], [0, 0, 0])
                acc[0] += seat["gw"]
                acc[1] += seat["vp_halves"]
                acc[2] += seat["tp"]
    for row in rows:
        assert [row["gw"], row["vp_halves"], row["tp"]] == per[row["player_id"]]
        assert row["vp"] * 2 == row["vp_halves"]
    assert sum(r["vp_halves"] for r in rows) == 2 * 4 * 2 * 2   # 4 VP a table, 2 tables, 2 rounds
    seed = report["seed"]
    assert seed["verified"] and hashlib.sha256(seed["seed"].encode()).hexdigest() == \
        seed["commitment_sha256"]
    flagged = {p["player_id"] for p in report["players"] if p["placeholder_member_id"]}
    assert len(flagged) == 3 and set(report["member_ids"]["placeholders"]) == flagged
    assert report["member_ids"]["ratings_eligible"] is False
    assert report["final"] is None and report["decklists"] is None
    assert report["reporting"]["status"] == "due"

    r = api.get(f"/v1/tournaments/{tid}/report/csv", token=event["organizer"])
    assert r.status == 200 and header(r, "content-type").startswith("text/csv")
    table = list(csv.DictReader(io.StringIO(r.body)))
    assert [row["player_id"] for row in table] == [row["player_id"] for row in rows]
    assert {row["player_id"] for row in table if row["placeholder_member_id"] == "yes"} == flagged
    assert all(row["gw"] != "" and row["tp"] != "" for row in table)

    archon = api.get(f"/v1/tournaments/{tid}/report/archon", token=fed)
    assert archon.status == 200 and header(archon, "content-type").startswith("text/csv")
    lines = list(csv.reader(io.StringIO(archon.body)))
    assert lines[0] == ["rank", "name", "vekn", "gw", "vp", "tp", "finalist"]
    assert len(lines) == 9
    top = rows[0]
    assert lines[1] == [str(top["rank"]), top["name"], top["member_id"] or "", str(top["gw"]),
                        str(top["vp"]), str(top["tp"]), "0"]


def test_report_access_and_refusals(api):
    fed = federation(api)
    event = vtes_event(api, MEMBERS, finish=False, rounds=1)
    tid = event["tid"]
    assert api.get(f"/v1/tournaments/{tid}/report", token=fed).status == 409
    assert api.post(f"/v1/tournaments/{tid}/report/receipt", token=fed).status == 409
    assert api.post(f"/v1/tournaments/{tid}/finish", token=event["organizer"]).status == 200
    assert api.get(f"/v1/tournaments/{tid}/report").status == 401
    assert api.get(f"/v1/tournaments/{tid}/report",
                   token=event["players"][0]["token"]).status == 403
    assert api.get(f"/v1/tournaments/{tid}/report", token=api.organizer("Other")).status == 403
    assert api.get("/v1/reports/feed", token=event["organizer"]).status == 403
    assert api.get("/v1/reports/feed?since=***", token=fed).status == 400
    assert api.get("/v1/reports/feed?from=yesterday", token=fed).status == 400
    assert api.get("/v1/tournaments/t000000000000/report", token=fed).status == 404
    assert api.post(f"/v1/tournaments/{tid}/report/receipt", {"x": 1}, token=fed).status == 422
    assert api.post(f"/v1/tournaments/{tid}/report/receipt",
                    token=event["organizer"]).status == 403
    swiss = api.started("mtg", "booster-draft", players=4)
    assert api.post(f"/v1/tournaments/{swiss['tid']}/finish",
                    token=swiss["organizer"]).status == 200
    assert api.get(f"/v1/tournaments/{swiss['tid']}/report/archon", token=fed).status == 409
    assert api.get(f"/v1/tournaments/{swiss['tid']}/report/csv", token=fed).status == 200


def test_receipt_and_organizer_reporting_status(api):
    fed = federation(api)
    event = vtes_event(api, MEMBERS, rounds=1)
    tid, org = event["tid"], event["organizer"]
    pending = api.tournament(org, "vtes", "sealed")
    status = api.get("/v1/reports/status", token=org).body
    by_id = {i["tournament_id"]: i for i in status["items"]}
    assert by_id[tid]["reporting"]["status"] == "due"
    assert by_id[pending["tournament_id"]]["reporting"]["status"] == "not_finished"
    first = api.post(f"/v1/tournaments/{tid}/report/receipt", token=fed)
    assert first.status == 200 and first.body["reporting"]["status"] == "received"
    assert first.body["reporting"]["late"] is False
    again = api.post(f"/v1/tournaments/{tid}/report/receipt", token=federation(api, "Other"))
    assert again.body["received_at"] == first.body["received_at"]     # first receipt counts
    after = {i["tournament_id"]: i for i in api.get("/v1/reports/status", token=org).body["items"]}
    assert after[tid]["reporting"]["received_at"] == first.body["received_at"]
    assert api.get("/v1/reports/status", token=api.organizer("Other")).body["items"] == []
    assert api.get("/v1/reports/status", token=fed).status == 403
    assert api.get("/v1/reports/status", token=api.admin_key).status == 400
    admin = api.get(f"/v1/reports/status?organizer_id={status['organizer_id']}",
                    token=api.admin_key).body
    assert len(admin["items"]) == 2


def test_deadline_statuses_follow_vekn_9_2_and_9_3():
    end = "2026-12-04T20:00:00+00:00"

    def at(days, hours=0):
        return (datetime.fromisoformat(end) + timedelta(days=days, hours=hours)).isoformat()
    assert reporting_status(None, None, at(0))["status"] == "not_finished"
    assert reporting_status(end, None, at(8))["status"] == "due"
    assert reporting_status(end, None, at(8, 1))["status"] == "not_received"
    assert reporting_status(end, None, at(14))["status"] == "not_received"
    assert reporting_status(end, None, at(15))["status"] == "delinquent"
    assert reporting_status(end, None, at(30))["status"] == "delinquent"
    assert reporting_status(end, None, at(31))["status"] == "invalid_risk"
    late = reporting_status(end, at(10), at(40))
    assert late["status"] == "received" and late["late"] is True
    assert reporting_status(end, at(2), at(40))["late"] is False
