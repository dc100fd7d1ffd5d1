"""The federation's ledger through HTTP: several organizers' events (constructed and
limited, run on Podium and imported, one invalid, one late, one with a temporary number,
one invalidated, one corrected) give ratings, rankings and qualification lists matching a
hand computation from the published V:EKN rating rules:

  RtP = 5 per event + 4 per VP + 8 per GW (the final's victory counts) + the finalists'
  bonus: 90 (winner) or 30 (finalist) x (log15(N^2) - 1 + 0.25 at national championships
  and qualifiers, + 1 at continental championships), N the players who played a round.
  N=3 national championship: 0.0614 -> 6 / 2;   N=4 continental championship: 1.0238 ->
  92 / 31;   N=5 continental qualifier: 0.4386 -> 39 / 13;   N=8: 0.5358 -> 48 / 16;
  N=10: 0.7005 -> 63 / 21.  Rating: best 8 events of the preceding 18 months."""
from __future__ import annotations

from tests.api.test_reports import federation

DAY = 24 * 3600
E1_BONUS = {"winner": 63, "finalist": 21, None: 0}          # N = 10, sanctioned

E2 = ("rank,name,vekn,gw,vp,tp,finalist\r\n"            # constructed, N = 8
      "1,Anna,1000001,2,5,108,1\r\n2,Ben,1000002,1,4,84,1\r\n3,Cleo,1000011,1,3,72,1\r\n"
      "4,Dan,1000012,0,2.5,60,1\r\n5,Eve,1000013,0,2,48,1\r\n6,Finn,1000014,0,1.5,36,0\r\n"
      "7,Gus,1000015,0,1,24,0\r\n8,Hal,1000010,0,0,12,0\r\n")
E2_POINTS = {"1000001": 5 + 20 + 24 + 48, "1000002": 5 + 16 + 8 + 16,
             "1000011": 5 + 12 + 8 + 16, "1000012": 5 + 10 + 16, "1000013": 5 + 8 + 16,
             "1000014": 5 + 6, "1000015": 5 + 4, "1000010": 5}
# constructed, N = 3, another organizer's: Tom played on a temporary number, so the event
# counts for no one (V:EKN 9.6). Had it counted: Anna 5 + 24 (6 VP) + 24 (2 GW + the
# final's) = 53 more, Ben 5 + 4 = 9 more (log15(9) - 1 < 0: no finalists' bonus)
E9 = ("rank,name,vekn,gw,vp,tp,finalist\r\n1,Anna,1000001,2,6,60,1\r\n"
      "2,Tom,TEMP-1,1,3,48,1\r\n3,Ben,1000002,0,1,36,1\r\n")
E3 = ("rank,name,vekn,gw,vp,tp,finalist\r\n"            # limited continental qualifier, N = 5
      "1,Ben,1000002,1,3,60,1\r\n2,Anna,1000001,1,2,48,1\r\n3,Ivo,1000016,0,1,36,1\r\n"
      "4,Jo,1000017,0,0.5,24,1\r\n5,Kim,1000018,0,0,12,1\r\n6,Lu,1000019,0,0,0,0\r\n")
E3_POINTS = {"1000002": 5 + 12 + 16 + 39, "1000001": 5 + 8 + 8 + 13, "1000016": 5 + 4 + 13,
             "1000017": 5 + 2 + 13, "1000018": 5 + 13}
E8 = ("rank,name,vekn,gw,vp,tp,finalist\r\n"            # continental championship, N = 4
      "1,Mia,1000021,1,2,60,1\r\n2,Ned,1000022,0,1,48,1\r\n3,Ola,1000023,0,1,36,1\r\n"
      "4,Pia,1000024,0,0,24,1\r\n")
E8_POINTS = {"1000021": 5 + 8 + 16 + 92, "1000022": 5 + 4 + 31, "1000023": 5 + 4 + 31,
             "1000024": 5 + 31}
E10 = ("rank,name,vekn,gw,vp,tp,finalist\r\n"           # national championship, N = 3
       "1,Quinn,1000025,1,2,60,1\r\n2,Rae,1000026,0,1,48,1\r\n3,Sam,1000027,0,0,36,0\r\n")
E10_POINTS = {"1000025": 5 + 8 + 16 + 6, "1000026": 5 + 4 + 2, "1000027": 5}
E4 = "rank,name,vekn,gw,vp,tp,finalist\r\n1,Anna,1000001,3,9,120,1\r\n2,Zed,1000028,0,1,40,1\r\n"
E5 = "rank,name,vekn,gw,vp,tp,finalist\r\n1,Ben,1000002,3,9,120,1\r\n2,Cleo,1000011,0,1,40,1\r\n"


def podium_event(api, members, org=None, no_show=None):
    """A sanctioned V:TES sealed event in Paris: 3 rounds and a final, finished. Member
    numbers that are not V:EKN's get in (the organizer relaxed the pattern); ``no_show``:
    one more registered member who drops before the first round."""
    org = org or api.organizer()
    tid = api.tournament(org, "vtes", "sealed", settings={
        "event": {"country": "FR", "city": "Paris", "continent": "europe"},
        "registration": {"member_id_pattern": r"^[A-Za-z0-9-]{4,20}$"}})["tournament_id"]
    players = [api.register(tid, f"Player {i + 1}", token=org, member_id=m)
               for i, m in enumerate(members)]
    tokens = {p["player_id"]: p["token"] for p in players}
    if no_show:
        gone = api.register(tid, "No show", token=org, member_id=no_show)["player_id"]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    if no_show:
        r = api.post(f"/v1/tournaments/{tid}/players/{gone}/drop", {}, token=org)
        assert r.status == 200, r.body
    api.hand_out({"tid": tid, "organizer": org})
    for _ in range(3):
        seating = api.post(f"/v1/tournaments/{tid}/tables/rounds", token=org)
        assert seating.status == 201, seating.body
        for k, table in enumerate(seating.body["tables"], start=1):
            vp = {p: 0 for p in table}
            vp[table[0]], vp[table[1]] = 2.5, 1.5
            assert api.post(f"/v1/tournaments/{tid}/tables/rounds/{seating.body['round']}"
                            f"/tables/{k}/result", {"vp": vp}, token=org).status == 200
    qualifiers = api.post(f"/v1/tournaments/{tid}/tables/final", token=org).body["qualifiers"]
    for pid in reversed(qualifiers):
        assert api.post(f"/v1/tournaments/{tid}/tables/final/cards", {"position": 0},
                        token=tokens[pid]).status == 200
    vp = {p: 0 for p in qualifiers}
    vp[qualifiers[3]], vp[qualifiers[0]] = 3, 2
    assert api.post(f"/v1/tournaments/{tid}/tables/final/result", {"vp": vp},
                    token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", token=org).status == 200
    return tid


def e1_points(report):
    """The Podium event's points by hand from its report: GW and VP of the rounds and the
    final, the winner's final victory, the N = 10 bonus."""
    final = {r["player_id"]: r for r in report["final"]["result"]}
    out = {}
    for row in report["standings"]["rows"]:
        f = final.get(row["player_id"])
        standing = None if f is None else ("winner" if f["rank"] == 1 else "finalist")
        halves = row["vp_halves"] + (f["vp_halves"] if f else 0)
        gw = row["gw"] + (standing == "winner")
        out[row["member_id"]] = 5 + 2 * halves + 8 * gw + E1_BONUS[standing]
    return out


def imported(api, fed, external_id, csv, **fields):
    body = {"external_id": external_id, "name": f"Event {external_id}", "csv": csv,
            "group": "limited", "tier": "sanctioned", "continent": "europe", **fields}
    r = api.post("/v1/ledger/imports", body, token=fed)
    assert r.status == 200, r.body
    return r.body


def board(api, fid, group, **query):
    q = "&".join(f"{k}={v}" for k, v in query.items())
    r = api.get(f"/v1/federations/{fid}/rankings/{group}?{q}")
    assert r.status == 200, r.body
    return {row["member_id"]: (row["rank"], row["rating"]) for row in r.body["items"]}


def ranks(points):
    """Competition ranks (1, 2, 2, 4) of {member: rating}, best first."""
    ordered = sorted(points.items(), key=lambda kv: (-kv[1], kv[0]))
    out, rank = {}, 0
    for i, (member, rating) in enumerate(ordered):
        if i == 0 or rating != ordered[i - 1][1]:
            rank = i + 1
        out[member] = (rank, rating)
    return out


def test_a_federations_ledger_matches_the_hand_computation(api, clock):
    members = [f"10000{i:02d}" for i in range(1, 11)]
    tid = podium_event(api, members)
    fed = federation(api)
    fid = api.get("/v1/me", token=fed).body["id"]

    # a late report (V:EKN 9.2/9.3): received ten days after the event, still rated
    clock.at(10 * DAY)
    recorded = api.post("/v1/ledger/events", {"tournament_id": tid}, token=fed)
    assert recorded.status == 200, recorded.body
    assert recorded.body["reporting"] == "late" and recorded.body["excluded"] == []
    assert recorded.body["group"] == "limited" and recorded.body["imported"] is False
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    assert report["reporting"]["status"] == "received"
    e1 = e1_points(report)
    assert {c["member_id"]: c["after"] for c in recorded.body["changes"]} == e1
    again = api.post("/v1/ledger/events", {"tournament_id": tid}, token=fed)
    assert again.body["version"] == 1 and again.body["changes"] == []   # nothing changed

    e2 = imported(api, fed, "E2", E2, group="constructed", date="2026-10-03",
                  reported_at="2026-10-05", country="DE", city="Berlin")
    assert e2["reporting"] == "on_time" and e2["imported"] is True
    e3 = imported(api, fed, "E3", E3, tier="continental_qualifier", date="2026-09-12",
                  reported_at="2026-09-25", country="IT", city="Rome", officials=["1000020"])
    assert e3["reporting"] == "late" and e3["excluded"] == []
    e4 = imported(api, fed, "E4", E4, date="2026-08-01", reported_at="2026-09-15",
                  country="FR", city="Lyon")
    assert e4["reporting"] == "invalid" and e4["excluded"] == ["reported_after_thirty_days"]
    assert e4["changes"] == []
    e9 = imported(api, fed, "E9", E9, group="constructed", date="2026-10-20",
                  reported_at="2026-10-21", country="DE", city="Hamburg")
    assert e9["excluded"] == ["temporary_numbers"] and e9["changes"] == []
    e5 = imported(api, fed, "E5", E5, group="constructed", date="2026-07-01",
                  reported_at="2026-07-02")
    imported(api, fed, "E6", E5, group="constructed", date="2026-07-08",
             reported_at="2026-07-09", set_restricted=True)
    imported(api, fed, "E7", "rank,name,vekn,gw,vp,tp,finalist\r\n1,Old,1000030,1,3,60,0\r\n",
             date="2025-04-01", reported_at="2025-04-02")
    imported(api, fed, "E8", E8, tier="continental_championship", date="2026-06-20",
             reported_at="2026-06-21", country="ES", city="Madrid")
    imported(api, fed, "E10", E10, tier="national_championship", date="2026-05-01",
             reported_at="2026-05-02", country="PT", city="Lisbon")
    # N = 2: log15(4) - 1 < 0, no finalists' bonus; Ben's 3 GW and the final's victory
    assert e5["changes"] == [
        {"member_id": "1000002", "group": "constructed", "before": 45,
         "after": 45 + 5 + 36 + 32},
        {"member_id": "1000011", "group": "constructed", "before": 41, "after": 41 + 5 + 4}]

    # the federation invalidates E5 (9.4): Ben's constructed rating falls back
    r = api.post("/v1/ledger/events/x-E5/invalidation", {"reason": "fraudulent results"},
                 token=fed)
    assert r.status == 200 and r.body["excluded"] == ["invalidated"]
    assert {(c["member_id"], c["after"]) for c in r.body["changes"]} == {
        ("1000002", 45), ("1000011", 41)}

    as_of = "2026-12-02"
    limited = {m: e1.get(m, 0) + E3_POINTS.get(m, 0) for m in set(e1) | set(E3_POINTS)}
    limited.update(E8_POINTS)
    limited.update(E10_POINTS)
    assert board(api, fid, "limited", as_of=as_of) == ranks(limited)
    assert board(api, fid, "constructed", as_of=as_of) == ranks(E2_POINTS)
    # a member's place is that of their last rated event
    italians = {m: E3_POINTS[m] for m in ("1000016", "1000017", "1000018")}
    assert board(api, fid, "limited", as_of=as_of, country="IT") == ranks(italians)
    assert board(api, fid, "constructed", as_of=as_of, city="Berlin") == ranks(E2_POINTS)
    assert board(api, fid, "limited", as_of=as_of, continent="asia") == {}

    # a correction recomputes what it touches: Anna's VP at E3 go from 2 to 3 (+4)
    fixed = E3.replace("2,Anna,1000001,1,2,48,1", "2,Anna,1000001,1,3,48,1")
    e3b = imported(api, fed, "E3", fixed, tier="continental_qualifier", date="2026-09-12",
                   reported_at="2026-09-25", country="IT", city="Rome", officials=["1000020"])
    assert e3b["version"] == 2
    assert [(c["member_id"], c["after"] - c["before"]) for c in e3b["changes"]] == [
        ("1000001", 4)]
    limited["1000001"] += 4
    assert board(api, fid, "limited", as_of=as_of) == ranks(limited)

    # qualification lists for the European championship
    q = api.get(f"/v1/federations/{fid}/qualifications/europe?as_of={as_of}").body
    got = {i["member_id"]: sorted(x["rule"] for x in i["qualifications"]) for i in q["items"]}
    assert got == {"1000001": ["constructed_win", "qualifier_game_win"],
                   "1000002": ["qualifier_game_win"], "1000020": ["qualifier_official"],
                   "1000021": ["championship_final"], "1000022": ["championship_final"],
                   "1000023": ["championship_final"], "1000024": ["championship_final"]}
    # before that championship, the national final qualified its finalists, until it was held
    early = api.get(f"/v1/federations/{fid}/qualifications/europe?as_of=2026-06-10").body
    assert early["items"] == [{"member_id": m, "qualifications": [
        {"rule": "championship_final", "event_id": "x-E10", "date": "2026-05-01",
         "valid_until": "2026-06-20"}]} for m in ("1000025", "1000026")]

    # the temporary number is nowhere; the old player keeps a record and is not ranked
    assert api.get(f"/v1/federations/{fid}/members/TEMP-1").status == 404
    old = api.get(f"/v1/federations/{fid}/members/1000030?as_of={as_of}").body
    assert old["groups"]["limited"]["ranked"] is False
    assert old["groups"]["limited"]["rating"] == 0 and old["totals"]["events"] == 1

    anna = api.get(f"/v1/federations/{fid}/members/1000001?as_of={as_of}").body
    assert anna["groups"]["constructed"]["rating"] == E2_POINTS["1000001"]
    assert anna["groups"]["limited"]["rating"] == limited["1000001"]
    assert [e["event_id"] for e in anna["events"]] == ["x-E4", "x-E3", "x-E2", "x-E9", tid]
    assert [e["excluded"] for e in anna["events"] if e["event_id"] == "x-E9"] == [
        ["temporary_numbers"]]
    assert anna["events"][0]["counts"] is False and "warnings" not in anna["events"][0]
    assert anna["groups"]["limited"]["history"][0] == {"date": "2026-09-12",
                                                       "rating": E3_POINTS["1000001"] + 4}
    staff = api.get(f"/v1/federations/{fid}/members/1000001", token=fed).body
    assert "penalties" in staff["events"][0]

    # V:EKN 9.8: the non-open European championship admits the qualified players only
    org = api.organizer()
    ecc = api.tournament(org, "vtes", "sealed", starts_at="2026-12-10", settings={"event": {
        "tier": "continental_championship", "open": False, "continent": "europe",
        "federation_id": fid}})["tournament_id"]
    assert api.post(f"/v1/tournaments/{ecc}/players", {"name": "Anna",
                    "member_id": "1000001"}, token=org).status == 201
    for member in ("1000011", None):          # a constructed finalist only; no number
        body = {"name": "Cleo", **({"member_id": member} if member else {})}
        r = api.post(f"/v1/tournaments/{ecc}/players", body, token=org)
        assert (r.status, r.body["error"]) == (409, "not_qualified"), r.body

    feed = api.get(f"/v1/federations/{fid}/feed?limit=1000").body["items"]
    assert {f["action"] for f in feed} == {"recorded", "corrected", "invalidated"}
    assert [f["seq"] for f in feed] == list(range(1, len(feed) + 1))
    events = api.get(f"/v1/federations/{fid}/events").body["items"]
    assert [e["event_id"] for e in events][-1] == tid and len(events) == 10


def test_ledger_refusals(api):
    fed = federation(api)
    org = api.organizer()
    fid = api.get("/v1/me", token=fed).body["id"]
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    csv = "rank,name,vekn,gw,vp,tp,finalist\r\n1,A,1000001,1,2,60,1\r\n"
    cases = [
        ("/v1/ledger/events", {"tournament_id": tid}, fed, 409, "not_finished"),
        ("/v1/ledger/events", {"tournament_id": tid}, org, 403, "forbidden"),
        ("/v1/ledger/imports", {"external_id": "a", "name": "x", "date": "2026-01-01",
                                "group": "limited", "tier": "sanctioned",
                                "csv": "rank,name\r\n1,A\r\n"}, fed, 422, "invalid_import"),
        ("/v1/ledger/imports", {"external_id": "a", "name": "x", "date": "2026-02-30",
                                "group": "limited", "tier": "sanctioned", "csv": csv},
         fed, 422, "invalid_event"),
        ("/v1/ledger/imports", {"external_id": "a", "name": "x", "date": "2026-01-01",
                                "group": "draft", "tier": "sanctioned", "csv": csv},
         fed, 422, "invalid_request"),
        ("/v1/ledger/events/x-nope/invalidation", {"reason": "r"}, fed, 404,
         "ledger_event_not_found"),
    ]
    for path, body, token, status, code in cases:
        r = api.post(path, body, token=token)
        assert (r.status, r.body["error"]) == (status, code), (path, r.body)
    assert api.get(f"/v1/federations/{fid}/rankings/limited?as_of=2026-13-01").status == 400
    assert api.get("/v1/federations/f000000000000/rankings/limited").status == 404
    assert api.get(f"/v1/federations/{fid}/qualifications/atlantis").status in (400, 404)
    assert api.get(f"/v1/federations/{fid}/members/1000001").status == 404


def test_the_ledger_on_dynamodb(dynamo_client):
    """The same records and rankings on the DynamoDB adapters (moto)."""
    api = dynamo_client
    fed = federation(api)
    fid = api.get("/v1/me", token=fed).body["id"]
    tid = podium_event(api, [f"10000{i:02d}" for i in range(1, 11)])
    recorded = api.post("/v1/ledger/events", {"tournament_id": tid}, token=fed)
    assert recorded.status == 200 and recorded.body["reporting"] == "on_time", recorded.body
    imported(api, fed, "E2", E2, group="constructed", date="2026-10-03",
             reported_at="2026-10-05")
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    assert board(api, fid, "limited", as_of="2026-12-01") == ranks(e1_points(report))
    assert board(api, fid, "constructed", as_of="2026-12-01") == ranks(E2_POINTS)


def test_the_report_and_the_ledger_apply_one_temporary_number_rule(api):
    """V:EKN 9.6 decided once (domain/reports/member_ids.temporary_numbers): the same
    Podium event is ``ratings_eligible`` in its report exactly when its ledger record is
    not ``excluded`` for ``temporary_numbers``; a registered player who never played
    takes no part in the results."""
    fed = federation(api)
    cases = [(["1000001", "1000002", "1000003", "1000004", "TEMP-7"], None, False),
             (["1000001", "1000002", "1000003", "1000004", "1000005"], "TEMP-8", True)]
    for members, no_show, rated in cases:
        tid = podium_event(api, members, no_show=no_show)
        report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
        assert bool(report["member_ids"]["placeholders"]) is True
        assert report["member_ids"]["ratings_eligible"] is rated
        recorded = api.post("/v1/ledger/events", {"tournament_id": tid}, token=fed).body
        assert recorded["excluded"] == ([] if rated else ["temporary_numbers"]), recorded
        assert bool(recorded["changes"]) is rated
