"""Federation reports through the use cases: who reads a report and when (one refusal,
one code), the archon layout for V:TES only, the receipt (the first counts), the feed
holding back recent finishes, and the organizer's reporting status."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chalicelib.application import reports
from chalicelib.application.reads import Reads
from chalicelib.auth import Principal
from chalicelib.domain.errors import BadRequest, Conflict, Forbidden, NotFound
from tests.api.test_reports import EARLY, MEMBERS, vtes_event
from tests.application.conftest import organizer

FED = Principal("federation", "f0123456789ab")


def reads(rt):
    return Reads(rt.service, rt.views)


def org_of(api, event):
    return Principal("organizer", api.get("/v1/me", token=event["organizer"]).body["id"])


def test_who_reads_a_report_and_when(api, rt, cases):
    event = vtes_event(api, MEMBERS, finish=False, rounds=1)
    tid = event["tid"]
    with pytest.raises(Conflict) as refused:
        reports.report(reads(rt), FED, tid)
    assert refused.value.code == "not_finished"
    with pytest.raises(Conflict) as refused:
        cases.run(reports.receive, FED, tid)
    assert refused.value.code == "not_finished"
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY,
                    token=event["organizer"]).status == 200
    with pytest.raises(Forbidden):
        reports.report(reads(rt), Principal("organizer", "o0000000000ff"), tid)
    with pytest.raises(NotFound):
        reports.report(reads(rt), FED, "t000000000000")
    own = reports.report(reads(rt), org_of(api, event), tid)
    assert own == reports.report(reads(rt), FED, tid)
    assert own["tournament_id"] == tid and own["incomplete"]
    page = reports.report_page(reads(rt), FED, tid, 0, 2)
    assert len(page["standings"]) == 2 and page["next_position"] == 2
    text, incomplete = reports.archon_csv(reads(rt), FED, tid)
    assert incomplete and text.splitlines()[0]
    with pytest.raises(Forbidden):
        cases.run(reports.receive, org_of(api, event), tid)


def test_archon_layout_is_for_vtes_only(api, rt):
    event = api.started("mtg", "booster-draft", players=4)
    assert api.post(f"/v1/tournaments/{event['tid']}/finish", EARLY,
                    token=event["organizer"]).status == 200
    with pytest.raises(Conflict) as refused:
        reports.archon_csv(reads(rt), FED, event["tid"])
    assert refused.value.code == "not_vtes"
    text, _ = reports.standings_csv(reads(rt), FED, event["tid"])
    assert len(text.splitlines()) == 5                  # a header and four players


def test_the_first_receipt_counts_and_the_status_shows_it(api, rt, cases):
    event = vtes_event(api, MEMBERS, rounds=1)
    tid, org = event["tid"], org_of(api, event)
    first = cases.run(reports.receive, FED, tid)
    assert first["federation_id"] == FED.id and first["reporting"]["status"] == "received"
    again = cases.run(reports.receive, Principal("federation", "f00000000000f"), tid)
    assert (again["received_at"], again["federation_id"]) == (first["received_at"], FED.id)
    status = reports.reporting_status(reads(rt), org, None, None, 10)
    assert [(i["tournament_id"], i["reporting"]["status"]) for i in status["items"]] == [
        (tid, "received")]
    admin = Principal("admin", "admin")
    assert reports.reporting_status(reads(rt), admin, org.id, None, 10)["items"] == \
        status["items"]
    with pytest.raises(BadRequest) as refused:
        reports.reporting_status(reads(rt), admin, None, None, 10)
    assert refused.value.code == "invalid_query" and refused.value.status == 400
    with pytest.raises(BadRequest):
        reports.reporting_status(reads(rt), admin, "not-an-organizer", None, 10)
    with pytest.raises(Forbidden):
        reports.reporting_status(reads(rt), org, "o0000000000ff", None, 10)
    with pytest.raises(Forbidden):
        reports.reporting_status(reads(rt), FED, None, None, 10)


def test_the_feed_holds_back_recent_finishes_and_pages_by_cursor(api, rt, monkeypatch):
    first, second = vtes_event(api, MEMBERS, rounds=1), vtes_event(api, MEMBERS, rounds=1)
    monkeypatch.setenv("PODIUM_REPORT_FEED_SETTLE_SECONDS", "3600")
    assert reports.feed(reads(rt), FED, "inline", None, None, None, None, 10)["items"] == []
    later = rt.service.clock() + timedelta(hours=2)
    monkeypatch.setattr(rt.service, "clock", lambda: later)
    page = reports.feed(reads(rt), FED, "inline", None, None, None, None, 1)
    assert [i["tournament_id"] for i in page["items"]] == [first["tid"]] and page["more"]
    rest = reports.feed(reads(rt), FED, "inline", page["next"], None, None, None, 10)
    assert [i["tournament_id"] for i in rest["items"]] == [second["tid"]]
    assert reports.feed(reads(rt), FED, "inline", None, "mtg", None, None, 10)["items"] == []
    with pytest.raises(Forbidden):
        reports.feed(reads(rt), organizer({"tournament": {"organizer_id": "o1"}}), "inline",
                     None, None, None, None, 10)
