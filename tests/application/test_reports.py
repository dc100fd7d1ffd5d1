"""Federation reports through the use cases: who reads a report and when (one refusal,
one code), the archon layout for V:TES only, the receipt (the first counts), the feed
holding back recent finishes, and the organizer's reporting status."""
from __future__ import annotations

from datetime import timedelta

import pytest

from chalicelib.application import reports, tables, tournaments
from chalicelib.application.reads import Reads
from chalicelib.auth import Principal
from chalicelib.domain.errors import BadRequest, Conflict, Forbidden, NotFound
from tests.api.test_reports import EARLY, MEMBERS
from tests.application import seeds
from tests.application.conftest import organizer

FED = Principal("federation", "f0123456789ab")


def reads(rt):
    return Reads(rt.service, rt.views)


def finish(world, event):
    world.run(tournaments.finish, organizer(event), event["tid"], EARLY["incomplete"],
              EARLY["reason"])


def vtes_event(world, finish_it=True, rounds=2, n=0):
    """A V:TES event on multiplayer tables whose players have member ids (temporary
    numbers get in only where the organizer relaxed the format), ``rounds`` played."""
    event = world.given(seeds.ready("vtes", "sealed", players=len(MEMBERS), n=n, settings={
        "registration": {"member_id_pattern": r"^[A-Za-z0-9-]{4,20}$"}},
        members=tuple(MEMBERS)))
    tid, org = event["tid"], organizer(event)
    for _ in range(rounds):
        seating = world.run(tables.seat_round, org, tid)
        for k, table in enumerate(seating["tables"], start=1):
            vp = {p: 0 for p in table}
            vp[table[0]], vp[table[1]] = 5, 3            # half points: 2.5 VP and 1.5 VP
            world.run(tables.report, org, tid, seating["round"], k, vp)
    if finish_it:
        finish(world, event)
    return event


def test_who_reads_a_report_and_when(world):
    event = vtes_event(world, finish_it=False, rounds=1)
    tid = event["tid"]
    with pytest.raises(Conflict) as refused:
        reports.report(reads(world.rt), FED, tid)
    assert refused.value.code == "not_finished"
    with pytest.raises(Conflict) as refused:
        world.run(reports.receive, FED, tid)
    assert refused.value.code == "not_finished"
    finish(world, event)
    with pytest.raises(Forbidden):
        reports.report(reads(world.rt), Principal("organizer", "o0000000000ff"), tid)
    with pytest.raises(NotFound):
        reports.report(reads(world.rt), FED, "t000000000000")
    own = reports.report(reads(world.rt), organizer(event), tid)
    assert own == reports.report(reads(world.rt), FED, tid)
    assert own["tournament_id"] == tid and own["incomplete"]
    page = reports.report_page(reads(world.rt), FED, tid, 0, 2)
    assert len(page["standings"]) == 2 and page["next_position"] == 2
    text, incomplete = reports.archon_csv(reads(world.rt), FED, tid)
    assert incomplete and text.splitlines()[0]
    with pytest.raises(Forbidden):
        world.run(reports.receive, organizer(event), tid)


def test_archon_layout_is_for_vtes_only(world):
    event = world.given(seeds.started("mtg", "booster-draft", players=4))
    finish(world, event)
    with pytest.raises(Conflict) as refused:
        reports.archon_csv(reads(world.rt), FED, event["tid"])
    assert refused.value.code == "not_vtes"
    text, _ = reports.standings_csv(reads(world.rt), FED, event["tid"])
    assert len(text.splitlines()) == 5                  # a header and four players


def test_the_first_receipt_counts_and_the_status_shows_it(world):
    event = vtes_event(world, rounds=1)
    tid, org = event["tid"], organizer(event)
    first = world.run(reports.receive, FED, tid)
    assert first["federation_id"] == FED.id and first["reporting"]["status"] == "received"
    again = world.run(reports.receive, Principal("federation", "f00000000000f"), tid)
    assert (again["received_at"], again["federation_id"]) == (first["received_at"], FED.id)
    status = reports.reporting_status(reads(world.rt), org, None, None, 10)
    assert [(i["tournament_id"], i["reporting"]["status"]) for i in status["items"]] == [
        (tid, "received")]
    admin = Principal("admin", "admin")
    assert reports.reporting_status(reads(world.rt), admin, org.id, None, 10)["items"] == \
        status["items"]
    with pytest.raises(BadRequest) as refused:
        reports.reporting_status(reads(world.rt), admin, None, None, 10)
    assert refused.value.code == "invalid_query" and refused.value.status == 400
    with pytest.raises(BadRequest):
        reports.reporting_status(reads(world.rt), admin, "not-an-organizer", None, 10)
    with pytest.raises(Forbidden):
        reports.reporting_status(reads(world.rt), org, "o0000000000ff", None, 10)
    with pytest.raises(Forbidden):
        reports.reporting_status(reads(world.rt), FED, None, None, 10)


def test_the_feed_holds_back_recent_finishes_and_pages_by_cursor(world, monkeypatch):
    first, second = vtes_event(world, rounds=1), vtes_event(world, rounds=1, n=1)
    monkeypatch.setenv("PODIUM_REPORT_FEED_SETTLE_SECONDS", "3600")
    assert reports.feed(reads(world.rt), FED, "inline", None, None, None, None, 10)["items"] == []
    later = world.rt.service.clock() + timedelta(hours=2)
    monkeypatch.setattr(world.rt.service, "clock", lambda: later)
    page = reports.feed(reads(world.rt), FED, "inline", None, None, None, None, 1)
    assert [i["tournament_id"] for i in page["items"]] == [first["tid"]] and page["more"]
    rest = reports.feed(reads(world.rt), FED, "inline", page["next"], None, None, None, 10)
    assert [i["tournament_id"] for i in rest["items"]] == [second["tid"]]
    assert reports.feed(reads(world.rt), FED, "inline", None, "mtg", None, None, 10)["items"] == []
    with pytest.raises(Forbidden):
        reports.feed(reads(world.rt), organizer({"tournament": {"organizer_id": "o1"}}), "inline",
                     None, None, None, None, 10)
