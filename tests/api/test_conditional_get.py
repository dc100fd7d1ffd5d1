"""Polling apps pay for a round trip, not the document: every JSON GET answers an ETag, a
304 without a body to If-None-Match naming it, and a new ETag once the document changes."""
from __future__ import annotations

import pytest

from chalicelib.api.conditional import etag_of, matches


def header(result, name):
    return {k.lower(): v for k, v in result.headers.items()}.get(name.lower())


def _revalidate(api, path, token=None):
    first = api.get(path, token=token)
    assert first.status == 200, first.body
    etag = header(first, "ETag")
    again = api.get(path, token=token, headers={"If-None-Match": etag})
    assert again.status == 304 and again.body is None, (again.status, again.body)
    assert header(again, "ETag") == etag
    return first, etag


@pytest.fixture
def swiss(api):
    event = api.ready("mtg", "sealed", players=4, structure="swiss")
    paired = api.post(f"/v1/tournaments/{event['tid']}/swiss/rounds", token=event["organizer"])
    assert paired.status == 201, paired.body
    return event, paired.body["matches"]


def test_standings_and_pairings_revalidate_and_change_with_a_result(api, swiss):
    event, matches = swiss
    base = f"/v1/tournaments/{event['tid']}/swiss"
    pairings, etag = _revalidate(api, f"{base}/rounds/1")
    assert header(pairings, "Cache-Control") == "no-cache"
    for match in matches:
        done = api.post(f"{base}/matches/{match['match_id']}/result", {"a": 1, "b": 0},
                        token=event["organizer"])
        assert done.status == 200, done.body
    changed = api.get(f"{base}/rounds/1", headers={"If-None-Match": etag})
    assert changed.status == 200 and header(changed, "ETag") != etag
    _, standings_tag = _revalidate(api, f"{base}/standings")
    again = api.post(f"{base}/rounds", token=event["organizer"])
    assert again.status == 201, again.body
    done = api.post(f"{base}/matches/{again.body['matches'][0]['match_id']}/result",
                    {"a": 0, "b": 1}, token=event["organizer"])
    assert done.status == 200, done.body
    for match in again.body["matches"][1:]:
        api.post(f"{base}/matches/{match['match_id']}/result", {"a": 1, "b": 0},
                 token=event["organizer"])
    changed = api.get(f"{base}/standings", headers={"If-None-Match": standings_tag})
    assert changed.status == 200 and header(changed, "ETag") != standings_tag


def test_me_is_private_per_caller(api, swiss):
    event, _ = swiss
    one, two = event["players"][:2]
    mine, tag = _revalidate(api, "/v1/me", token=one["token"])
    assert header(mine, "Cache-Control") == "private, no-cache"
    assert header(mine, "Vary") == "Authorization"
    theirs = api.get("/v1/me", token=two["token"], headers={"If-None-Match": tag})
    assert theirs.status == 200 and header(theirs, "ETag") != tag


def test_draft_pod_views_revalidate(api):
    event = api.started("munchkin", "booster-draft", players=8)
    started = api.post(f"/v1/tournaments/{event['tid']}/draft", token=event["organizer"])
    assert started.status in (200, 201), started.body
    seat = started.body["pods"][0]["seats"][0]
    token = next(p["token"] for p in event["players"] if p["player_id"] == seat["player_id"])
    pod = f"/v1/tournaments/{event['tid']}/draft/pods/{started.body['pods'][0]['pod']}"
    _revalidate(api, pod, token=event["organizer"])
    _revalidate(api, f"{pod}/me", token=token)


def test_refusals_and_writes_carry_no_etag(api, swiss):
    event, _ = swiss
    missing = api.get("/v1/tournaments/tnope/swiss/standings", check=False)
    assert missing.status == 404 and header(missing, "ETag") is None
    posted = api.post(f"/v1/tournaments/{event['tid']}/swiss/rounds", token=event["organizer"],
                      check=False)
    assert header(posted, "ETag") is None


def test_weak_comparison():
    tag = etag_of({"a": [1, 2]})
    assert tag.startswith('W/"') and etag_of({"a": [1, 2]}) == tag != etag_of({"a": [2, 1]})
    assert matches(tag, tag) and matches(tag.removeprefix("W/"), tag)
    assert matches(f'"x", {tag}', tag) and matches("*", tag)
    assert not matches(None, tag) and not matches('"other"', tag)
