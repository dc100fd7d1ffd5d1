"""The live widget's endpoints through HTTP: content, ETag/304, CORS and caching headers."""
from __future__ import annotations


def headers(result):
    return {k.lower(): v for k, v in result.headers.items()}


def seated(api, players=5):
    t = api.ready("vtes", "sealed", players=players)
    r = api.post(f"/v1/tournaments/{t['tid']}/tables/rounds", token=t["organizer"])
    assert r.status == 201, r.body
    return t, r.body


def test_live_view_shows_seating_clock_and_standings(api):
    t, seating = seated(api)
    live = api.get(f"/v1/tournaments/{t['tid']}/live")
    assert live.status == 200
    body = live.body
    names = {p["player_id"]: p["name"] for p in t["players"]}
    rnd = body["round"]
    assert rnd["kind"] == "tables" and rnd["number"] == 1
    assert [[s["player_id"] for s in tab["seats"]] for tab in rnd["tables"]] == seating["tables"]
    assert all(s["name"] == names[s["player_id"]] for tab in rnd["tables"] for s in tab["seats"])
    # V:EKN 3.1.1: a two-hour clock from the seating.
    from datetime import datetime
    span = datetime.fromisoformat(rnd["ends_at"]) - datetime.fromisoformat(rnd["started_at"])
    assert span.total_seconds() == 2 * 3600
    assert body["standings"]["rows"] == []
    table = seating["tables"][0]
    vp = {p: 0 for p in table}
    vp[table[0]] = len(table) - 1
    r = api.post(f"/v1/tournaments/{t['tid']}/tables/rounds/1/tables/1/result", {"vp": vp},
                 token=t["organizer"])
    assert r.status == 200
    after = api.get(f"/v1/tournaments/{t['tid']}/live").body
    top = after["standings"]["rows"][0]
    assert top["player_id"] == table[0] and top["gw"] == 1 and top["vp"] == len(table) - 1
    assert after["round"]["tables"][0]["reported"] is True


def test_etag_304_cors_and_cache_headers(api):
    t, seating = seated(api)
    path = f"/v1/tournaments/{t['tid']}/live"
    first = api.get(path)
    h = headers(first)
    etag = h["etag"]
    assert etag.startswith('"') and h["cache-control"] == "public, max-age=5"
    assert h["access-control-allow-origin"] == "*"
    assert h["content-type"].startswith("application/json")
    again = api.get(path, headers={"If-None-Match": etag})
    assert again.status == 304 and again.body is None and headers(again)["etag"] == etag
    assert api.get(path, headers={"If-None-Match": f'W/{etag}, "other"'}).status == 304
    assert api.get(path, headers={"If-None-Match": '"stale"'}).status == 200
    table = seating["tables"][0]
    vp = {p: 0 for p in table}
    vp[table[1]] = len(table) - 1
    api.post(f"/v1/tournaments/{t['tid']}/tables/rounds/1/tables/1/result", {"vp": vp},
             token=t["organizer"])
    changed = api.get(path, headers={"If-None-Match": etag})
    assert changed.status == 200 and headers(changed)["etag"] != etag


def test_script_and_page(api):
    t, _ = seated(api)
    script = api.get("/v1/widget.js")
    h = headers(script)
    assert script.status == 200 and h["content-type"].startswith("text/javascript")
    assert "data-podium-tournament" in script.body and "textContent" in script.body
    assert "innerHTML" not in script.body
    assert api.get("/v1/widget.js", headers={"If-None-Match": h["etag"]}).status == 304
    page = api.get(f"/v1/widget/{t['tid']}")
    assert page.status == 200 and headers(page)["content-type"].startswith("text/html")
    assert f'data-podium-tournament="{t["tid"]}"' in page.body
    assert '<script src="../widget.js"' in page.body


def test_unknown_tournaments_and_before_the_first_round(api):
    assert api.get("/v1/tournaments/t000000000000/live").status == 404
    assert api.get("/v1/tournaments/nope/live").status == 404
    assert api.get("/v1/widget/t000000000000").status == 404
    assert api.get("/v1/widget/<script>").status == 404
    org = api.organizer()
    t = api.tournament(org, "mtg", "booster-draft")
    api.register(t["tournament_id"], "Ann")
    body = api.get(f"/v1/tournaments/{t['tournament_id']}/live").body
    assert body["status"] == "registration" and body["round"] is None and body["players"] == 1


def test_swiss_pairings_with_names_and_round_clock(api):
    t = api.ready("munchkin", "booster-draft", players=5)
    paired = api.post(f"/v1/tournaments/{t['tid']}/swiss/rounds", token=t["organizer"]).body
    names = {p["player_id"]: p["name"] for p in t["players"]}
    live = api.get(f"/v1/tournaments/{t['tid']}/live").body
    rnd = live["round"]
    assert rnd["kind"] == "swiss" and rnd["number"] == 1
    assert rnd["ends_at"] == paired["ends_at"] and rnd["ends_at"] is not None
    assert [(m["a"]["player_id"], m["b"]["player_id"]) for m in rnd["matches"]] == \
        [(m["a"], m["b"]) for m in paired["matches"]]
    assert all(m["a"]["name"] == names[m["a"]["player_id"]] for m in rnd["matches"])
    assert rnd["bye"]["player_id"] == paired["bye"] and rnd["bye"]["name"] == names[paired["bye"]]


def test_free_for_all_pods_show_in_the_widget_and_the_report(api):
    t = api.ready("mtg", players=6)
    tid, org = t["tid"], t["organizer"]
    ids = [p["player_id"] for p in t["players"]]
    names = {p["player_id"]: p["name"] for p in t["players"]}
    url = f"/v1/tournaments/{tid}/ffa/pods/{{}}/result"
    assert api.post(url.format(1), {"winner": ids[0], "eliminated": [ids[2], ids[1]]},
                    token=org).status == 200
    live = api.get(f"/v1/tournaments/{tid}/live").body
    assert live["round"]["kind"] == "ffa"
    (pod,) = live["round"]["tables"]
    assert pod["table"] == 1 and [s["player_id"] for s in pod["seats"]] == ids[:3]
    assert [s["name"] for s in pod["seats"]] == [names[p] for p in ids[:3]]
    assert live["standings"]["scoring"] == "free-for-all"
    assert live["standings"]["rows"][0]["player_id"] == ids[0]
    assert api.post(url.format(2), {"winner": ids[3], "eliminated": [ids[5], ids[4]]},
                    token=org).status == 200
    assert [p["table"] for p in api.get(f"/v1/tournaments/{tid}/live").body["round"][
        "tables"]] == [1, 2]
    assert api.post(f"/v1/tournaments/{tid}/finish", token=org).status == 200
    report = api.get(f"/v1/tournaments/{tid}/report", token=org).body
    (rnd,) = report["rounds"]
    assert [p["pod"] for p in rnd["pods"]] == [1, 2]
    assert rnd["pods"][0]["winner"] == ids[0]
    assert [r["player_id"] for r in rnd["pods"][1]["places"]] == [ids[3], ids[4], ids[5]]
    assert report["standings"]["scoring"] == "free-for-all"


def test_live_document_names_each_phase_and_reads_like_results(api):
    """Registration, the draft, deck building, a round with a "2–1" in, a drop and a bye,
    the results, the top cut and the finish: the phase, the scores as text, no clock
    once every result is in or the event is over, the final standings and the winner."""
    from tests.support.widget_event import swiss_event
    seen = []
    for phase, facts in swiss_event(api):
        doc = api.get(f"/v1/tournaments/{facts['tid']}/live").body
        seen.append((phase, doc["phase"]["kind"], doc["phase"]["label"]))
        rnd, rows = doc["round"], (doc["standings"] or {}).get("rows", [])
        by_name = {r["name"]: r for r in rows}
        if phase in ("round-1", "round-2"):
            assert rnd["in_play"] and rnd["ends_at"] == doc["phase"]["until"] is not None
        if phase == "round-1":
            a, b, text = facts["scored"]
            scored = [m for m in rnd["matches"] if m["result"]]
            assert [(m["a"]["name"], m["b"]["name"], m["result"], m["winner"])
                    for m in scored] == [(a, b, text, "a")]
            assert all(m["status"] == "open" for m in rnd["matches"] if not m["result"])
        if phase == "round-2":
            assert rnd["bye"] == {"player_id": facts["bye_id"], "name": facts["bye"],
                                  "status": "active", "points": 2, "result": "bye"}
            assert by_name[facts["dropped"]]["status"] == "dropped"
            assert all(r["status"] == "active" for r in rows if r["name"] != facts["dropped"])
        if phase == "results":
            assert not rnd["in_play"] and rnd["ends_at"] is None
            assert doc["phase"]["until"] is None
            assert rnd["matches"][0]["result"] == "draw"
            assert rnd["matches"][1]["result"] == "2\u20130"
            bye_row = by_name[facts["bye"]]
            assert bye_row["byes"] == 1
            wins, losses, draws = map(int, bye_row["record"].split("\u2013"))
            assert wins == bye_row["wins"]                   # a bye is not a win (issue 28)
            assert doc["standings"]["after_round"] == 2
            assert bye_row["points"] == 2 * (wins + bye_row["byes"]) + draws   # 2 a win or bye
        if phase == "top-cut":
            assert rnd["kind"] == "top-cut" and rnd["name"] == "Semifinals"
            assert [r["name"] for r in doc["bracket"]["rounds"]] == ["Semifinals", "Final"]
            semis = doc["bracket"]["rounds"][0]["matches"]
            assert [m["a"]["name"] for m in semis] == facts["seeds"][:2]
            assert doc["bracket"]["rounds"][1]["matches"][0]["status"] == "waiting"
        if phase == "finished":
            assert rnd["ends_at"] is None and doc["phase"]["until"] is None
            final = doc["final_standings"]
            assert final["winner"]["name"] == facts["winner"]
            assert final["rows"][0]["name"] == facts["winner"]
            assert final["rows"][0]["summary"].startswith("Champion")
            assert final["rows"][1]["summary"].startswith("Finalist")
            assert [r["summary"].split(",")[0] for r in final["rows"][2:4]] == ["Top 4"] * 2
            # the facts a front end words in its own language (issue 28)
            assert [(r["title"], r.get("top")) for r in final["rows"][:4]] == [
                ("champion", None), ("finalist", None), ("top", 4), ("top", 4)]
            with_bye = next(r for r in final["rows"] if r["name"] == facts["bye"])
            assert with_bye["byes"] == 1 and with_bye["summary"].endswith(" + bye")
            assert with_bye["summary"].endswith(f"{with_bye['record']} + bye")
            swiss_rank = {r["name"]: r["rank"] for r in rows}      # semifinalists by rank
            assert swiss_rank[final["rows"][2]["name"]] < swiss_rank[final["rows"][3]["name"]]
            assert len(final["rows"]) == facts["players"]
            dropped = next(r for r in final["rows"] if r["name"] == facts["dropped"])
            # ranked by their record like everyone outside the cut (not necessarily last)
            assert dropped["status"] == "dropped" and dropped["place"] > 4
            assert dropped["place"] == 4 + sorted(
                r["rank"] for r in rows if r["name"] not in
                {x["name"] for x in final["rows"][:4]}).index(swiss_rank[facts["dropped"]]) + 1
            assert doc["bracket"]["champion"]["name"] == facts["winner"]
        else:
            assert doc["final_standings"] is None
    assert [(phase, kind) for phase, kind, _ in seen] == [
        ("registration", "registration"), ("product", "product"),
        ("deck-building", "deck-building"), ("round-1", "round"), ("round-2", "round"),
        ("results", "round"), ("top-cut", "top-cut"), ("finished", "finished")]
    assert [label for *_, label in seen] == [
        "Registration open", "Drafting", "Deck building", "Round 1 of 2 in play",
        "Round 2 of 2 in play", "Round 2 of 2 complete", "Top cut: Semifinals", "Finished"]
