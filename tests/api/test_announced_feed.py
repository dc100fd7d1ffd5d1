"""The federation's feed of announced tournaments carries each tournament's seed
commitment from its creation (before any draw), never the seed; the entry a federation
kept is a record the verifier checks the finished log against."""
from __future__ import annotations

import hashlib

import pytest

from chalicelib.verify.__main__ import commitment_of
from chalicelib.verify.engine import verify
from chalicelib.verify.source import SourceError
from tests.api.test_reports import federation

EARLY = {"incomplete": True, "reason": "the test stops here"}


def _feed(api, fed, **query):
    qs = "&".join(f"{k}={v}" for k, v in query.items())
    r = api.get(f"/v1/reports/announced?{qs}", token=fed)
    assert r.status == 200, r.body
    return r.body


def test_a_created_tournament_reaches_the_federation_with_its_commitment(api, rt):
    fed, org = federation(api), api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    other = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    entries = _feed(api, fed)["items"]
    assert [e["tournament_id"] for e in entries] == [tid, other]
    created = rt.events.read(f"tournament-{tid}")[0]
    seed = created.data["seed"]
    entry = entries[0]
    assert entry["seed_sha256"] == hashlib.sha256(seed.encode()).hexdigest()
    assert seed not in str(entries) and "settings" not in entry
    # before any draw: the tournament has not even started
    assert api.get(f"/v1/tournaments/{tid}").body["status"] == "registration"
    assert [e["tournament_id"] for e in _feed(api, fed, game="mtg")["items"]] == [other]

    assert api.get("/v1/reports/announced", token=org).status == 403
    assert api.get("/v1/reports/announced").status == 401

    # the kept entry is the verifier's record: the finished log matches it
    for p in range(2):
        api.register(tid, f"P{p}")
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    log = api.get(f"/v1/tournaments/{tid}/audit?limit=5000").body
    assert commitment_of(entry, None, tid) == entry["seed_sha256"]
    outcome = verify(log, expected_sha256=commitment_of(entry, None, tid))
    assert outcome.ok, [d.line() for d in outcome.differences]
    with pytest.raises(SourceError):          # another tournament's entry is refused
        commitment_of(entries[1], None, tid)
    forged = {**entry, "tournament_id": tid, "seed_sha256": "0" * 64}
    lines = [d.line() for d in verify(log, expected_sha256=commitment_of(
        forged, None, tid)).differences]
    assert any("TournamentCreated: seed_sha256" in line for line in lines), lines


def test_the_feed_pages_with_its_cursor(api):
    fed, org = federation(api), api.organizer()
    tids = [api.tournament(org, "vtes", "sealed")["tournament_id"] for _ in range(3)]
    first = _feed(api, fed, limit=2)
    assert [e["tournament_id"] for e in first["items"]] == tids[:2] and first["more"]
    rest = _feed(api, fed, since=first["next"])
    assert [e["tournament_id"] for e in rest["items"]] == tids[2:] and not rest["more"]
    assert _feed(api, fed, since=rest["next"])["items"] == []
    assert api.get("/v1/reports/announced?since=***", token=fed).status == 400
