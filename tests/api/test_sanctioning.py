"""V:EKN sanctioning (8.1, 8.2: 28 days' notice) in the tournament view, and the report's
status against 9.2-9.4 read at the API's clock (the service's, which tests set)."""
from __future__ import annotations

DAY = 24 * 3600


def test_a_sanctioned_event_announced_late_is_flagged(api, clock):
    """8.1: apply "at least twenty-eight days prior to the event"; 8.2: announce it as
    long before. Shorter notice is flagged, not refused."""
    org = api.organizer()          # the clock: 2026-11-22 18:00 UTC
    soon = api.tournament(org, "vtes", "sealed", starts_at="2026-12-04T18:00:00Z")
    assert soon["settings"]["sanctioning"] == {"sanctioned": True, "announced_at": None}
    flag = api.get(f"/v1/tournaments/{soon['tournament_id']}").body["sanctioning"]
    assert (flag["notice_days"], flag["late_notice"], flag["required_days"]) == (12, True, 28)
    assert flag["announced_at"] == soon["created_at"]
    r = api.post(f"/v1/tournaments/{soon['tournament_id']}/settings",
                 {"settings": {"sanctioning": {"announced_at": "2026-11-06"}}}, token=org)
    assert r.status == 200 and r.body["sanctioning"]["notice_days"] == 28
    assert r.body["sanctioning"]["late_notice"] is False
    listed = api.get("/v1/tournaments?game=vtes").body["items"]
    assert {i["tournament_id"]: i["sanctioning"]["late_notice"] for i in listed}[
        soon["tournament_id"]] is False
    later = api.tournament(org, "vtes", "sealed", starts_at="2027-01-15")
    assert api.get(f"/v1/tournaments/{later['tournament_id']}").body["sanctioning"][
        "late_notice"] is False
    undated = api.tournament(org, "vtes", "sealed")
    assert api.get(f"/v1/tournaments/{undated['tournament_id']}").body["sanctioning"][
        "late_notice"] is None
    casual = api.tournament(org, "vtes", "sealed", starts_at="2026-11-23",
                            settings={"sanctioning": {"sanctioned": False}})
    assert api.get(f"/v1/tournaments/{casual['tournament_id']}").body["sanctioning"][
        "late_notice"] is None
    r = api.post("/v1/tournaments", {"name": "x", "game": "mtg", "format": "booster-draft",
                                     "settings": {"sanctioning": {"sanctioned": True}}},
                 token=org)
    assert r.status == 422 and r.body["error"] == "invalid_settings"


def test_the_report_status_follows_the_deadlines_at_the_apis_clock(api, clock):
    """9.2: due within eight days, "Not Received" for fourteen; 9.3: "Delinquent" from
    fifteen to thirty; 9.4: later the V:EKN may invalidate it."""
    event = api.started("vtes", "sealed", players=2)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/finish",
                    {"incomplete": True, "reason": "the venue closed"}, token=org).status == 200

    def status(days):
        clock.at(days * DAY)
        items = api.get("/v1/reports/status", token=org).body["items"]
        return next(i for i in items if i["tournament_id"] == tid)["reporting"]
    assert status(8)["status"] == "due" and status(8)["late"] is False
    assert status(9)["status"] == "not_received" and status(9)["days_since_end"] == 9
    assert status(14)["status"] == "not_received"
    assert status(15)["status"] == "delinquent"
    assert status(30)["status"] == "delinquent"
    assert status(31)["status"] == "invalid"
    fed = api.post("/v1/accounts", {"role": "federation", "name": "V:EKN"},
                   token=api.admin_key).body["api_key"]
    clock.at(10 * DAY)
    receipt = api.post(f"/v1/tournaments/{tid}/report/receipt", token=fed)
    assert receipt.status == 200
    received = status(40)
    assert (received["status"], received["late"], received["days_since_end"]) == (
        "received", True, 10)
    assert api.get(f"/v1/tournaments/{tid}/report", token=fed).body["reporting"] == received
