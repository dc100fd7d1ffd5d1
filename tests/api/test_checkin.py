"""Check-in through HTTP: staff open it for the event and a round, players check in with
the code or the QR code's content (drawn as SVG and PNG), staff record a late player,
the no-shows are listed before pairing, and the players' feeds say so."""
from __future__ import annotations

import pytest

from chalicelib.application import feeds


@pytest.fixture(autouse=True)
def _immediate(monkeypatch):
    monkeypatch.setenv("PODIUM_FEED_SETTLE_SECONDS", "0")
    monkeypatch.setattr(feeds, "HORIZON_CACHE_SECONDS", 0)


def test_players_check_in_for_the_event_and_a_round(api, rt):
    event = api.ready("vtes", "sealed", players=5)
    tid, org = event["tid"], event["organizer"]
    p1, p2, p3 = event["players"][:3]
    base = f"/v1/tournaments/{tid}/checkin"
    assert api.post(f"{base}/open", token=p1["token"]).status == 403
    opened = api.post(f"{base}/open", token=org)
    assert opened.status == 200 and opened.body["open"] and opened.body["scope"] == "event"
    code = opened.body["code"]
    assert len(code) == 6

    wrong = api.post(base, {"code": "ZZZZZZ"}, token=p1["token"])
    assert wrong.status == 403 and wrong.body["error"] == "wrong_checkin_code"
    r = api.post(base, {"code": code.lower()}, token=p1["token"])
    assert r.status == 201 and r.body["by"] == "self" and r.body["round"] is None
    again = api.post(base, {"code": code}, token=p1["token"])
    assert again.status == 201 and again.body["checked_in_at"] == r.body["checked_in_at"]
    assert api.post(base, {"code": opened.body["qr_content"]}, token=p2["token"]).status == 201
    assert api.post(base, {"code": code}, token=org).status == 403

    status = api.get(base, token=org).body
    assert {p["player_id"] for p in status["checked_in"]} == {p1["player_id"], p2["player_id"]}
    assert len(status["no_shows"]) == 3
    assert api.get(base, token=p1["token"]).status == 403

    # round 1: a new code; the event's no longer works for it; staff override
    r1 = api.post(f"{base}/open", {"round": 1}, token=org).body
    assert r1["scope"] == "r1" and r1["qr_content"] != opened.body["qr_content"]
    wrong_scope = api.post(base, {"code": f"PODIUM-CHECKIN:{tid}:r1:{code}"}, token=p3["token"])
    assert wrong_scope.status == 403
    by_qr = api.post(base, {"code": r1["qr_content"]}, token=p3["token"])
    assert by_qr.status == 201 and by_qr.body["round"] == 1
    late = api.post(f"{base}/players/{p1['player_id']}", {"round": 1}, token=org)
    assert late.status == 201 and late.body["by"] == "staff"
    round1 = api.get(f"{base}?round=1", token=org).body
    assert {p["player_id"] for p in round1["checked_in"]} == {p1["player_id"], p3["player_id"]}
    assert {p["player_id"] for p in round1["no_shows"]} == \
        {p["player_id"] for p in event["players"]} - {p1["player_id"], p3["player_id"]}

    closed = api.post(f"{base}/close", {"round": 1}, token=org)
    assert closed.status == 200 and not closed.body["open"]
    refused = api.post(base, {"code": r1["qr_content"]}, token=p2["token"])
    assert refused.status == 409 and refused.body["error"] == "checkin_closed"

    mine = api.get(f"/v1/tournaments/{tid}/players/{p1['player_id']}/feed",
                   token=p1["token"]).body["entries"]
    assert [(e["data"]["round"], e["data"]["by"]) for e in mine if e["type"] == "checkin"] == \
        [(None, "self"), (1, "staff")]


def test_the_qr_code_is_drawn_for_the_staff(api):
    event = api.ready("vtes", "sealed", players=4)
    tid, org = event["tid"], event["organizer"]
    base = f"/v1/tournaments/{tid}/checkin"
    assert api.get(f"{base}/qr.svg", token=org).status == 409
    content = api.post(f"{base}/open", token=org).body["qr_content"]
    svg = api.get(f"{base}/qr.svg", token=org)
    assert svg.status == 200 and svg.headers["Content-Type"] == "image/svg+xml"
    assert svg.body.startswith("<svg")
    png = api._client.http.request("GET", f"{base}/qr.png", body=b"", headers={
        "Accept": "image/png", "Authorization": f"Bearer {org}"})
    assert png.status_code == 200 and png.headers["Content-Type"] == "image/png"
    assert png.body.startswith(b"\x89PNG")
    assert api.get(f"{base}/qr.svg", token=event["players"][0]["token"]).status == 403
    import segno
    assert segno.make(content, error="m").svg_inline(scale=8, border=4).count("path") >= 1


def test_refusals(api):
    event = api.ready("vtes", "sealed", players=4)
    tid, org = event["tid"], event["organizer"]
    base = f"/v1/tournaments/{tid}/checkin"
    p = event["players"][0]
    assert api.post(base, {"code": "ABCDEF"}, token=p["token"]).status == 409
    assert api.post(f"{base}/open", {"round": 0}, token=org).status == 422
    assert api.post(base, {"code": "x"}, token=p["token"]).status == 422
    other = api.ready("vtes", "sealed", players=4)
    foreign = api.post(f"/v1/tournaments/{other['tid']}/checkin/open",
                       token=other["organizer"]).body["qr_content"]
    api.post(f"{base}/open", token=org)
    assert api.post(base, {"code": foreign}, token=p["token"]).status == 422
    assert api.post(f"{base}/players/p0000000000", token=org).status == 404
    assert api.get(f"{base}?round=abc", token=org).status == 400
