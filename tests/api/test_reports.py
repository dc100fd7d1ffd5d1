"""Federation reports (V:EKN 9) through HTTP: the pull feed, downloads, receipts, deadlines."""
from __future__ import annotations

import csv
import hashlib
import io
from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.domain.reports import reporting_status


def header(result, name):
    return {k.lower(): v for k, v in result.headers.items()}[name]


# These events play only part of a V:TES event (no final): the organizer ends them early.
EARLY = {"incomplete": True, "reason": "the test plays only part of the event"}


def federation(api, name="V:EKN"):
    r = api.post("/v1/accounts", {"role": "federation", "name": name}, token=api.admin_key)
    assert r.status == 201, r.body
    return r.body["api_key"]


def vtes_event(api, members, finish=True, rounds=2):
    """A V:TES event on multiplayer tables with ``members`` (member ids, None = none)."""
    org = api.organizer()
    # Temporary numbers get in only where the organizer relaxed the format.
    t = api.tournament(org, "vtes", "sealed", settings={
        "registration": {"member_id_pattern": r"^[A-Za-z0-9-]{4,20}$"}})
    tid = t["tournament_id"]
    players = [api.register(tid, f"Player {i + 1}", token=org, member_id=m)
               for i, m in enumerate(members)]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    api.hand_out({"tid": tid, "organizer": org})
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
        assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
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
    assert api.post(f"/v1/tournaments/{running['tid']}/finish", EARLY,
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
    today = datetime.now(UTC).date()
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
    assert lines[0] == ["rank", "name", "vekn", "gw", "vp", "tp", "finalist", "warnings",
                        "disqualified"]       # the archon columns, then the judges' records
    assert len(lines) == 9
    top = rows[0]
    assert lines[1] == [str(top["rank"]), top["name"], top["member_id"] or "", str(top["gw"]),
                        str(top["vp"]), str(top["tp"]), "0", "0", "0"]


def test_report_access_and_refusals(api):
    fed = federation(api)
    event = vtes_event(api, MEMBERS, finish=False, rounds=1)
    tid = event["tid"]
    assert api.get(f"/v1/tournaments/{tid}/report", token=fed).status == 409
    assert api.post(f"/v1/tournaments/{tid}/report/receipt", token=fed).status == 409
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY,
                    token=event["organizer"]).status == 200
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
    assert api.post(f"/v1/tournaments/{swiss['tid']}/finish", EARLY,
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
    assert reporting_status(end, None, at(31))["status"] == "invalid"
    late = reporting_status(end, at(10), at(40))
    assert late["status"] == "received" and late["late"] is True
    assert reporting_status(end, at(2), at(40))["late"] is False


def swiss_event(api, players=10):
    """A Munchkin Swiss event played to its champion by the organizer's entries."""
    event = api.ready("munchkin", "booster-draft", players=players)
    tid, org = event["tid"], event["organizer"]
    while True:
        r = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
        if r.status == 409:
            break
        assert r.status == 201, r.body
        for m in r.body["matches"]:
            e = api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                         {"a": 1, "b": 0}, token=org)
            assert e.status == 200, e.body
    cut = api.post(f"/v1/tournaments/{tid}/swiss/top-cut", token=org)
    assert cut.status == 201, cut.body
    while api.get(f"/v1/tournaments/{tid}/swiss/bracket").body["champion"] is None:
        bracket = api.get(f"/v1/tournaments/{tid}/swiss/bracket").body
        for rnd in bracket["rounds"]:
            for m in rnd["matches"]:
                if m["status"] == "open":
                    score = {"a": 2, "b": 0} if rnd["best_of"] == 3 else {"a": 1, "b": 0}
                    e = api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                                 score, token=org)
                    assert e.status == 200, e.body
    assert api.post(f"/v1/tournaments/{tid}/finish", token=org).status == 200
    return event


def test_the_report_pages_join_into_the_whole_report(api):
    """Small pages of a report, concatenated, are the one-page report (and the feed
    carries the first page with the cursor of the rest)."""
    fed = federation(api)
    tid = swiss_event(api)["tid"]
    whole = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    assert whole["next"] is None
    pages, after = [], None
    while True:
        page = api.get(f"/v1/tournaments/{tid}/report?limit=7"
                       + (f"&after={after}" if after else ""), token=fed).body
        pages.append(page)
        after = page["next"]
        if after is None:
            break
    assert len(pages) > 5
    joined = {"players": [], "rows": [], "matches": {}, "decklists": pages[0]["decklists"]}
    for page in pages:
        joined["players"] += page["players"]
        joined["rows"] += page["standings"]["rows"]
        for rnd in page["rounds"]:
            joined["matches"].setdefault(rnd["round"], []).extend(rnd["matches"])
        assert page["final"] == whole["final"] and page["seed"] == whole["seed"]
    assert joined["players"] == whole["players"]
    assert joined["rows"] == whole["standings"]["rows"]
    assert joined["matches"] == {r["round"]: r["matches"] for r in whole["rounds"]}
    assert api.get(f"/v1/tournaments/{tid}/report?after=bogus!", token=fed).status == 400
    feed = api.get("/v1/reports/feed", token=fed).body["items"]
    assert [i["next"] for i in feed if i["tournament_id"] == tid] == [None]


def test_swiss_report_has_match_points_tiebreakers_and_top_cut(api):
    fed = federation(api)
    event = swiss_event(api)
    tid = event["tid"]
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    standings = api.get(f"/v1/tournaments/{tid}/swiss/standings").body
    assert report["standings"]["scoring"] == "swiss"
    assert report["standings"]["tiebreakers"] == standings["tiebreakers"]
    assert [(r["player_id"], r["points"], r["wins"], r["tiebreakers"])
            for r in report["standings"]["rows"]] == \
        [(r["player_id"], r["points"], r["wins"], r["tiebreakers"]) for r in standings["rows"]]
    assert len(report["rounds"]) == standings["round"]
    assert all(m["score"] is not None for rnd in report["rounds"] for m in rnd["matches"])
    bracket = api.get(f"/v1/tournaments/{tid}/swiss/bracket").body
    assert report["final"]["champion"] == bracket["champion"] is not None
    assert report["final"]["seeds"] == bracket["seeds"]
    # Munchkin has no membership-number format: missing ids are still placeholders.
    assert report["member_ids"]["ratings_eligible"] is False
    table = list(csv.DictReader(io.StringIO(
        api.get(f"/v1/tournaments/{tid}/report/csv", token=fed).body)))
    assert [row["points"] for row in table] == [str(r["points"]) for r in standings["rows"]]
    breakers = [c.removeprefix("tiebreaker_") for c in table[0] if c.startswith("tiebreaker_")]
    assert breakers == [b for b in standings["tiebreakers"] if b in
                        standings["rows"][0]["tiebreakers"]]              # in applied order
    for row, expected in zip(table, report["standings"]["rows"], strict=True):
        assert [row[f"tiebreaker_{b}"] for b in breakers] == [
            "" if expected["tiebreakers"][b] is None else str(expected["tiebreakers"][b])
            for b in breakers]


def test_feed_holds_back_fresh_entries_and_survives_a_rebuild(api, rt, monkeypatch):
    fed = federation(api)
    event = vtes_event(api, MEMBERS, rounds=1)
    monkeypatch.setenv("PODIUM_REPORT_FEED_SETTLE_SECONDS", "3600")
    held = api.get("/v1/reports/feed", token=fed).body
    assert held["items"] == [] and held["next"] is None
    monkeypatch.setenv("PODIUM_REPORT_FEED_SETTLE_SECONDS", "0")
    page = api.get("/v1/reports/feed", token=fed).body
    assert [r["tournament_id"] for r in page["items"]] == [event["tid"]]
    before = api.get(f"/v1/tournaments/{event['tid']}/report", token=fed).body
    rt.projector.rebuild()
    assert api.get(f"/v1/reports/feed?since={page['next']}", token=fed).body["items"] == []
    again = api.get("/v1/reports/feed", token=fed).body
    assert again["next"] == page["next"]
    after = api.get(f"/v1/tournaments/{event['tid']}/report", token=fed).body
    assert after == before


def open_decks(api, tid, org):
    deadline = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    assert api.post(f"/v1/tournaments/{tid}/decks/open",
                    {"deadline": deadline, "at_the_table": True}, token=org).status == 201


def published_entry(api, fed, event, player, deck):
    """``deck`` registered by ``player``, decklists published, the event finished early:
    the player's decklist entry in the federation report."""
    tid, org = event["tid"], event["organizer"]
    r = api.post(f"/v1/tournaments/{tid}/decks/players/{player['player_id']}", deck,
                 token=player["token"])
    assert r.status == 201, r.body
    assert api.post(f"/v1/tournaments/{tid}/decks/publish", token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    (entry,) = report["decklists"]
    assert entry["player_id"] == player["player_id"]
    return entry


def test_published_decklists_are_in_the_report(api, rt):
    from chalicelib.data.sets import sample_sets
    cards = sample_sets()["sample-vtes"].cards
    crypt = [c.id for c in cards if c.kind == "crypt"]
    library = [c.id for c in cards if c.kind == "library"]
    fed = federation(api)
    event = api.started("vtes", "sealed", players=2)
    tid, org = event["tid"], event["organizer"]
    p1 = event["players"][0]
    open_decks(api, tid, org)
    assert api.post(f"/v1/tournaments/{tid}/decks/pools/{p1['player_id']}",
                    {"cards": crypt + library}, token=org).status == 201
    deck = {"crypt": crypt[:12], "library": library[:40]}
    entry = published_entry(api, fed, event, p1, deck)
    listed = entry["decks"][0]["deck"]
    assert (listed["crypt"], listed["library"]) == (deck["crypt"], deck["library"])
    assert entry["decks"][0]["unverified"] == []   # staff pool, known card sets


@pytest.mark.parametrize("product,declared_by_player,expected", [
    ({}, False, []),
    ({}, True, ["pool_unverified"]),
    ({"boosters": []}, False, ["kinds_unverified"]),
    ({"boosters": []}, True, ["kinds_unverified", "pool_unverified"]),
])
def test_report_decklists_say_what_the_deck_checks_could_not_verify(
        api, product, declared_by_player, expected):
    """Each published decklist carries its registration's unverified checks: card kinds
    unknown (physical product) and a pool only the player declared (7.2.3/7.2.4)."""
    from chalicelib.data.sets import sample_sets
    fed = federation(api)
    event = api.started("mtg", "sealed", players=2,
                        **({"settings": {"product": product}} if product else {}))
    tid, org = event["tid"], event["organizer"]
    p1 = event["players"][0]
    cards = sample_sets()["sample-mtg"].cards
    spells = [c.id for c in cards if c.kind == "other"][:23]
    land = "plains" if product else next(c.id for c in cards if c.kind == "basic-land")
    open_decks(api, tid, org)
    deck = {"main": spells + [land] * 17}
    if declared_by_player:
        deck["received"] = spells
    else:
        assert api.post(f"/v1/tournaments/{tid}/decks/pools/{p1['player_id']}",
                        {"cards": spells}, token=org).status == 201
    entry = published_entry(api, fed, event, p1, deck)
    assert entry["decks"][0]["unverified"] == expected


def test_final_table_ranks_and_archon_finalists(api):
    members = [f"10000{i:02d}" for i in range(10)]
    event = vtes_event(api, members, finish=False, rounds=3)
    tid, org = event["tid"], event["organizer"]
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    final = api.post(f"/v1/tournaments/{tid}/tables/final", token=org)
    assert final.status == 201, final.body
    qualifiers = final.body["qualifiers"]
    for pid in reversed(qualifiers):                       # fifth seed chooses first
        r = api.post(f"/v1/tournaments/{tid}/tables/final/cards", {"position": 0},
                     token=tokens[pid])
        assert r.status == 200, r.body
    vp = {p: 0 for p in qualifiers}
    vp[qualifiers[3]], vp[qualifiers[0]] = 3, 2
    assert api.post(f"/v1/tournaments/{tid}/tables/final/result", {"vp": vp},
                    token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", token=org).status == 200
    fed = federation(api)
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    assert report["final"]["qualifiers"] == qualifiers
    assert report["incomplete"] is None and report["member_ids"]["ratings_eligible"] is True
    assert report["final"]["result"][0]["player_id"] == qualifiers[3]
    rows = report["standings"]["rows"]
    assert rows[0]["player_id"] == qualifiers[3] and rows[0]["rank"] == 1
    assert [r["rank"] for r in rows[1:5]] == [2] * 4                 # V:EKN 3.7.5
    assert {r["player_id"] for r in rows if r["finalist"]} == set(qualifiers)
    assert [r["preliminary_rank"] for r in rows[5:]] == [r["rank"] for r in rows[5:]]
    lines = list(csv.reader(io.StringIO(
        api.get(f"/v1/tournaments/{tid}/report/archon", token=fed).body)))[1:]
    assert [line[6] for line in lines] == ["1"] * 5 + ["0"] * 5
    assert lines[0][2] == rows[0]["member_id"]


def test_feed_receipt_and_status_on_dynamodb(dynamo_client):
    api = dynamo_client
    fed = federation(api)
    first = vtes_event(api, MEMBERS[:4], rounds=1)
    page = api.get("/v1/reports/feed", token=fed).body
    assert [r["tournament_id"] for r in page["items"]] == [first["tid"]]
    assert page["items"][0]["standings"]["rows"]
    second = vtes_event(api, MEMBERS[4:], rounds=1)
    later = api.get(f"/v1/reports/feed?since={page['next']}", token=fed).body
    assert [r["tournament_id"] for r in later["items"]] == [second["tid"]]
    assert api.post(f"/v1/tournaments/{second['tid']}/report/receipt",
                    token=fed).status == 200
    status = api.get("/v1/reports/status", token=second["organizer"]).body
    assert [i["reporting"]["status"] for i in status["items"]] == ["received"]


def _finish_withheld(api, rt, monkeypatch, withheld: set[str]):
    """Inline projection that leaves the listed streams unprojected (a lagging stream
    projector): their views appear only when the test catches them up."""
    real = rt.projector.after_commit

    def lagging(stored):
        real([e for e in stored if e.stream_id not in withheld])
    hooks = [lagging if hook == real else hook for hook in rt.service.after_commit]
    assert lagging in hooks
    monkeypatch.setattr(rt.service, "after_commit", hooks)


def test_feed_delivers_a_late_projected_finish_exactly_once(api, rt, monkeypatch):
    fed = federation(api)
    late, on_time = (vtes_event(api, MEMBERS, finish=False, rounds=1) for _ in range(2))
    stream = f"tournament-{late['tid']}"
    _finish_withheld(api, rt, monkeypatch, {stream})
    for event in (late, on_time):      # `late` finishes first but is projected last
        assert api.post(f"/v1/tournaments/{event['tid']}/finish", EARLY,
                        token=event["organizer"]).status == 200
    assert rt.views.get(f"report-feed:{late['tid']}") is None
    start = datetime.now(UTC)
    # Without a settle window the hazard is real: the cursor passes the missing entry.
    monkeypatch.setenv("PODIUM_REPORT_FEED_SETTLE_SECONDS", "0")
    unsafe = api.get("/v1/reports/feed", token=fed).body
    assert [r["tournament_id"] for r in unsafe["items"]] == [on_time["tid"]]
    monkeypatch.setenv("PODIUM_REPORT_FEED_SETTLE_SECONDS", "3600")
    # Half an hour later the projector still lags: both are inside the window.
    monkeypatch.setattr(rt.service, "clock", lambda: start + timedelta(minutes=30))
    held = api.get("/v1/reports/feed", token=fed).body
    assert held["items"] == [] and held["next"] is None
    rt.projector.catch_up(stream)                          # the lagging record lands
    monkeypatch.setattr(rt.service, "clock", lambda: start + timedelta(hours=2))
    seen, cursor = [], None
    for _ in range(5):
        query = f"?since={cursor}&limit=1" if cursor else "?limit=1"
        page = api.get(f"/v1/reports/feed{query}", token=fed).body
        seen += [r["tournament_id"] for r in page["items"]]
        cursor = page["next"]
    assert seen == [late["tid"], on_time["tid"]]
    # A rebuild keeps every cursor key: nothing is re-delivered or skipped.
    rt.projector.rebuild()
    assert api.get(f"/v1/reports/feed?since={cursor}", token=fed).body["items"] == []
    assert [r["tournament_id"] for r in api.get("/v1/reports/feed", token=fed).body[
        "items"]] == seen


def test_feed_stops_before_an_entry_whose_report_is_not_ready(api, monkeypatch):
    import chalicelib.application.reports as reports_api
    fed = federation(api)
    first, second = vtes_event(api, MEMBERS, rounds=1), vtes_event(api, MEMBERS, rounds=1)
    real = reports_api.build_report
    monkeypatch.setattr(reports_api, "build_report", lambda reads, tid, now: None
                        if tid == second["tid"] else real(reads, tid, now))
    page = api.get("/v1/reports/feed", token=fed).body
    assert [r["tournament_id"] for r in page["items"]] == [first["tid"]]
    assert page["pending"] == second["tid"] and page["more"] is False
    assert page["next"] == page["items"][0]["cursor"]      # not past the pending entry
    monkeypatch.setattr(reports_api, "build_report", real)
    later = api.get(f"/v1/reports/feed?since={page['next']}", token=fed).body
    assert [r["tournament_id"] for r in later["items"]] == [second["tid"]]
    assert later["pending"] is None


def test_stream_settle_window_covers_the_mapping_record_age():
    from chalicelib.application.reports import STREAM_MARGIN_SECONDS, settle_seconds
    assert settle_seconds("inline", {}) == 0
    assert settle_seconds("stream", {}) == 86400 + STREAM_MARGIN_SECONDS
    assert settle_seconds("stream", {"PODIUM_PROJECTOR_MAX_RECORD_AGE_SECONDS": "3600"}) \
        == 3600 + STREAM_MARGIN_SECONDS
    assert settle_seconds("stream", {"PODIUM_REPORT_FEED_SETTLE_SECONDS": "5"}) == 5
    infra = __import__("json").loads(open("infra/resources.json").read())
    assert infra["Parameters"]["ProjectorMaxRecordAgeSeconds"]["Default"] == 86400


def test_report_names_the_organizer_and_feed_dates_follow_the_report(api):
    fed = federation(api)
    org = api.organizer("Crypt Keepers Games")
    t = api.tournament(org, "vtes", "booster-draft")
    tid = t["tournament_id"]
    for i in range(4):
        api.register(tid, f"P{i}", token=org, member_id=MEMBERS[i])
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    report = api.get(f"/v1/tournaments/{tid}/report", token=fed).body
    assert report["organizer_name"] == "Crypt Keepers Games"
    assert report["organizer_id"].startswith("o")
    rows = list(csv.reader(io.StringIO(api.get(f"/v1/tournaments/{tid}/report/csv",
                                               token=fed).body)))
    col = rows[0].index("organizer_name")
    assert rows[0][col - 1] == "organizer_id"
    assert {r[col] for r in rows[1:]} == {"Crypt Keepers Games"}
    assert {r[col - 1] for r in rows[1:]} == {report["organizer_id"]}
    day = report["date"]
    assert [r["tournament_id"] for r in api.get(
        f"/v1/reports/feed?from={day}&to={day}", token=fed).body["items"]] == [tid]
