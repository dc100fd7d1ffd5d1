"""The audit log route: staff-only while the tournament runs (seed hidden), public once it
is finished; paged like every list; cursors cannot open any other stream."""
from __future__ import annotations

import base64

from chalicelib.domain.events import registered
from chalicelib.domain.version import PODIUM_VERSION
from chalicelib.verify.engine import verify

EARLY = {"incomplete": True, "reason": "the test stops after the product phase"}


def _cursor(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def test_staff_only_before_the_finish_then_public(api):
    event = api.ready("vtes", "sealed", players=8)
    tid, org = event["tid"], event["organizer"]
    url = f"/v1/tournaments/{tid}/audit"
    assert api.get(url).status == 401
    refused = api.get(url, token=event["players"][0]["token"])
    assert refused.status == 403 and refused.body["error"] == "audit_not_public"
    assert api.get(url, token=api.organizer("Other")).status == 403
    staff = api.get(url, token=org)
    assert staff.status == 200 and staff.body["seed"] is None
    created = staff.body["events"][0]
    assert created["type"] == "TournamentCreated" and created["data"]["seed"] is None
    # issue 18: the versions that recorded it, so a verifier can say what it checks
    assert staff.body["podium_version"] == PODIUM_VERSION
    assert created["podium_version"] == PODIUM_VERSION
    assert created["schema_version"] == registered()["TournamentCreated"].schema_version
    assert created["actor"]["role"] == "organizer" and set(created["actor"]) == {"id", "role"}

    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    public = api.get(url)
    assert public.status == 200
    seed = public.body["seed"]
    assert seed and public.body["events"][0]["data"]["seed"] == seed
    assert "sample-vtes" in public.body["card_sets"]
    opened = [e for e in public.body["events"] if e["type"] == "SealedStarted"]
    assert opened and opened[0]["data"]["packs"]          # hidden during play, shown now
    outcome = verify(public.body)
    assert outcome.ok, [d.line() for d in outcome.differences]
    assert outcome.versions.recorded_by == {PODIUM_VERSION: len(public.body["events"])}
    report = api.get(f"/v1/tournaments/{tid}/report", token=org)
    assert report.body["seed"]["audit_log"] == url


def test_pages_join_to_the_whole_log_and_bad_cursors_are_refused(api):
    event = api.ready("vtes", "sealed", players=8)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    url = f"/v1/tournaments/{tid}/audit"
    whole = api.get(url + "?limit=5000").body
    assert whole["next"] is None
    pages, after = [], None
    while True:
        page = api.get(url + "?limit=3" + (f"&after={after}" if after else "")).body
        assert ("card_sets" in page) == (after is None)
        pages += page["events"]
        after = page["next"]
        if after is None:
            break
    assert pages == whole["events"]
    assert not any(e["stream_id"].startswith(("token-", "account-")) for e in pages)

    token_stream = "2026-01-01|token-" + "a" * 64
    for raw in ("nonsense", f"{token_stream}|0", "x|tournament-t000000000000|0",
                f"x|tournament-{tid}|-1"):
        r = api.get(url + "?after=" + _cursor(raw))
        assert r.status == 400 and r.body["error"] == "invalid_query", raw
    assert api.get(url + "?limit=0").status == 400
    assert api.get("/v1/tournaments/t000000000000/audit").status == 404


def test_a_page_stops_before_its_events_pass_a_replys_bytes(api, monkeypatch):
    """Pages close before their JSON passes ``page_bytes.PAGE_BYTES`` (a Lambda reply is
    at most 6 MB) but always hold an event: the audit log and the staff event log each
    join to the whole, and the joined audit log still verifies."""
    from chalicelib.application import page_bytes
    event = api.ready("vtes", "sealed", players=8)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    for url, token in ((f"/v1/tournaments/{tid}/audit", None),
                       (f"/v1/tournaments/{tid}/events", org)):
        whole = api.get(url + "?limit=5000", token=token).body
        sizes = [page_bytes.json_size(e) for e in whole["events"]]
        budget = max(sizes)              # the largest event fills a page alone
        monkeypatch.setattr(page_bytes, "PAGE_BYTES", budget)
        pages, after = [], None
        while True:
            page = api.get(url + "?limit=5000" + (f"&after={after}" if after else ""),
                           token=token).body
            pages.append(page["events"])
            after = page["next"]
            if after is None:
                break
        monkeypatch.setattr(page_bytes, "PAGE_BYTES", 2_000_000)
        assert [e for p in pages for e in p] == whole["events"], url
        assert len(pages) > 2 and all(p for p in pages)
        assert all(sum(map(page_bytes.json_size, p)) <= budget for p in pages[1:])
        assert any(len(p) > 1 for p in pages)
        if url.endswith("/audit"):
            joined = {**whole, "events": [e for p in pages for e in p]}
            outcome = verify(joined)
            assert outcome.ok, [d.line() for d in outcome.differences]
