"""Event tiers (settings.event): the tier, open/non-open (V:EKN 9.8) and where the event
is held; the Multi-Judge System refused at qualifiers and championships (2.9)."""
from __future__ import annotations

from tests.api.test_judging import _pid, _vtes


def _panel(event):
    js = event["judges"]
    return [{"judge_id": js[0]["judge_id"], "player_id": _pid(event, 0)},
            {"judge_id": event["organizer_id"]}, *[{"judge_id": j["judge_id"]} for j in js[1:]]]


def test_a_tournament_states_its_tier_and_where_it_is_held(api):
    org = api.organizer()
    plain = api.tournament(org, "vtes", "sealed")
    assert plain["settings"]["event"] == {"tier": None, "open": True, "country": None,
                                          "city": None, "continent": None,
                                          "federation_id": None}
    tid = plain["tournament_id"]
    r = api.post(f"/v1/tournaments/{tid}/settings", {"settings": {"event": {
        "tier": "continental_championship", "open": False, "country": "FR", "city": "Paris",
        "continent": "europe", "federation_id": "f0123456789ab"}}}, token=org)
    assert r.status == 200, r.body
    assert r.body["settings"]["event"]["tier"] == "continental_championship"
    assert r.body["settings"]["event"]["open"] is False
    refused = [
        {"event": {"tier": "national_qualifier", "open": False}},    # 9.8: qualifiers are open
        {"event": {"tier": "store", "open": False}},
        {"event": {"federation_id": None}},       # 9.8: a non-open event names its list
        {"event": {"tier": "store"}},                     # sanctioned by default for V:TES
        {"event": {"tier": "galactic"}},
        {"event": {"country": "France"}},
        {"sanctioning": {"sanctioned": False}},       # a continental championship is sanctioned
    ]
    for settings in refused:
        bad = api.post(f"/v1/tournaments/{tid}/settings", {"settings": settings}, token=org)
        assert bad.status == 422 and bad.body["error"] == "invalid_settings", (settings, bad.body)
    store = api.tournament(org, "hack", "booster-draft", settings={"event": {"tier": "casual"}})
    assert store["settings"]["event"]["tier"] == "casual"
    r = api.post("/v1/tournaments", {"name": "x", "game": "hack", "format": "booster-draft",
                                     "settings": {"event": {"tier": "national_qualifier"}}},
                 token=org)
    assert r.status == 422 and r.body["error"] == "invalid_settings"


def test_the_multi_judge_system_is_refused_at_qualifiers_and_championships(api):
    for tier in ("national_qualifier", "continental_qualifier", "national_championship",
                 "continental_championship"):
        event = _vtes(api)
        tid, org = event["tid"], event["organizer"]
        assert api.post(f"/v1/tournaments/{tid}/settings",
                        {"settings": {"event": {"tier": tier}}}, token=org).status == 200
        url = f"/v1/tournaments/{tid}/judging/officials"
        r = api.post(url, {"head_judge": event["judges"][0]["judge_id"],
                           "multi_judge": _panel(event)}, token=org)
        assert r.status == 409 and r.body["error"] == "multi_judge_not_allowed", r.body
        assert api.get(url).body["named"] is False
        # a head judge alone is fine
        r = api.post(url, {"head_judge": event["judges"][0]["judge_id"]}, token=org)
        assert r.status == 200 and r.body["multi_judge"] is None
    # sanctioned and premier events may use it; a later change to a qualifier is refused
    event = _vtes(api)
    tid, org = event["tid"], event["organizer"]
    url = f"/v1/tournaments/{tid}/judging/officials"
    r = api.post(url, {"head_judge": event["judges"][0]["judge_id"],
                       "multi_judge": _panel(event)}, token=org)
    assert r.status == 200, r.body
    r = api.post(f"/v1/tournaments/{tid}/settings",
                 {"settings": {"event": {"tier": "continental_qualifier"}}}, token=org)
    assert r.status == 409 and r.body["error"] == "multi_judge_not_allowed"
    assert api.get(f"/v1/tournaments/{tid}").body["settings"]["event"]["tier"] is None
    r = api.post(f"/v1/tournaments/{tid}/settings",
                 {"settings": {"event": {"tier": "premier"}}}, token=org)
    assert r.status == 200

