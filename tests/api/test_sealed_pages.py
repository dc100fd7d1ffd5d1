"""The sealed product's staff replies are bounded whatever the field (issue 31: a Lambda
reply is at most 6 MB): the staff view pages its per-player maps by player, the
hand-out, opening and swap replies hold its first page, and the feeds and logs of the
limited formats page by event within a byte budget. On SQLite and on DynamoDB (moto)."""
from __future__ import annotations

import base64

import pytest

from chalicelib.application import page_bytes, sealed

MAPS = ("starters", "pool_sizes", "opened", "pools")


@pytest.fixture
def api_on(store_api):
    """The API client on each store (``store_api``)."""
    return store_api[0]


def _cursor(player: str) -> str:
    return base64.urlsafe_b64encode(player.encode()).decode().rstrip("=")


def _pages(api, url: str, token: str, query: str = "") -> list[dict]:
    """Every page of ``url``, following ``next``."""
    pages, after = [], None
    while True:
        sep = "&" if query else ""
        r = api.get(f"{url}?{query}{sep}after={after}" if after else f"{url}?{query}",
                    token=token)
        assert r.status == 200, r.body
        pages.append(r.body)
        after = r.body["next"]
        if after is None:
            return pages
        assert len(pages) < 100


def test_the_staff_view_pages_by_player_and_the_commands_reply_its_first_page(
        api_on, monkeypatch):
    api = api_on
    monkeypatch.setattr(sealed, "STAFF_PAGE", 6)
    event = api.started("vtes", "sealed", players=20)
    tid, org = event["tid"], event["organizer"]
    base = f"/v1/tournaments/{tid}/sealed"
    players = [p["player_id"] for p in event["players"]]

    handed = api.post(base, token=org)
    assert handed.status == 201, handed.body
    opened = api.post(base + "/open", token=org)
    assert opened.status == 200, opened.body
    for reply in (handed.body, opened.body):
        assert reply["players"] == players                      # the ids stay whole
        assert list(reply["starters"]) == players[:6]
        assert reply["next"] == _cursor(players[5])
    assert list(opened.body["opened"]) == list(opened.body["pools"]) == players[:6]

    pages = _pages(api, base, org, "limit=7")
    assert [len(p["pools"]) for p in pages] == [7, 7, 6]
    for m in MAPS:
        assert [p for page in pages for p in page[m]] == players    # once each, in order
    log = api.get(base + "/log", token=org).body
    started = {e["type"]: e["data"] for e in log["events"]}["SealedProductOpened"]["opened"]
    assert {p: c for page in pages for p, c in page["opened"].items()} == started
    assert log["state"]["next"] == _cursor(players[5]) and list(log["state"]["pools"]) == \
        players[:6]

    late = api.post(f"/v1/tournaments/{tid}/players", {"name": "Late"}, token=org).body
    arrival = api.post(base + "/late-arrivals",
                       {"player_id": late["player"]["player_id"]}, token=org)
    assert arrival.status == 201 and list(arrival.body["pools"]) == players[:6]
    last = api.get(f"{base}?after={_cursor(players[-1])}", token=org).body
    assert list(last["pools"]) == [late["player"]["player_id"]] and last["next"] is None

    mine = api.get(f"{base}?limit=1", token=event["players"][3]["token"]).body
    assert "next" not in mine and list(mine["pools"]) == [players[3]]
    assert len(mine["starters"]) == 21 and "next" not in api.get(base).body


@pytest.mark.parametrize("query", [
    "limit=0", "limit=501", "limit=x", "after=%21%21", "after=" + _cursor("p-nobody")])
def test_a_bad_page_of_the_staff_view_is_400_and_changes_nothing(api, rt, query):
    event = api.ready("vtes", "sealed", players=4)
    base, org = f"/v1/tournaments/{event['tid']}/sealed", event["organizer"]
    stream = f"sealed-{event['tid']}"
    before = rt.service.events.version(stream)
    r = api.get(f"{base}?{query}", token=org)
    assert r.status == 400 and r.body["error"] == "invalid_query", r.body
    assert rt.service.events.version(stream) == before


def test_the_feed_and_the_log_page_by_event_within_a_byte_budget(api_on, monkeypatch):
    api = api_on
    event = api.started("vtes", "sealed-swap", players=6)
    tid, org = event["tid"], event["organizer"]
    base = f"/v1/tournaments/{tid}/sealed"
    api.post(base, token=org)
    api.post(base + "/open", token=org)
    for p in event["players"]:
        assert api.post(base + "/registrations", token=p["token"]).status == 201
    assert api.post(base + "/swap", token=org).status == 200
    whole = api.get(base + "/log", token=org).body
    assert whole["next"] is None and len(whole["events"]) == 9
    versions = [e["version"] for e in whole["events"]]
    feed = api.get(base + "/events", token=org).body["events"]
    sizes = [page_bytes.json_size(e) for e in feed]

    monkeypatch.setattr(page_bytes, "PAGE_BYTES", 1)       # every event alone passes it
    for url in (base + "/log", base + "/events"):
        pages = _pages(api, url, org)
        assert [[e["version"] for e in p["events"]] for p in pages] == [[v] for v in versions]
    budget = sum(sorted(sizes)[:3])             # about three of the small registrations
    monkeypatch.setattr(page_bytes, "PAGE_BYTES", budget)
    pages = _pages(api, base + "/events", org)
    assert [e for p in pages for e in p["events"]] == feed
    expected, held = [], budget + 1             # a page closes before passing the budget
    for size in sizes:
        if held + size > budget:
            expected.append(0)
            held = 0
        expected[-1] += 1
        held += size
    assert [len(p["events"]) for p in pages] == expected and max(expected) > 1
    # the log's staff view counts in its page: each page holds just one event beside it
    monkeypatch.setattr(page_bytes, "PAGE_BYTES", page_bytes.json_size(whole["state"]) + min(sizes))
    pages = _pages(api, base + "/log", org)
    assert [e for p in pages for e in p["events"]] == whole["events"]
    assert all(len(p["events"]) == 1 for p in pages)

    monkeypatch.setattr(page_bytes, "PAGE_BYTES", 10_000_000)
    pages = _pages(api, base + "/events", event["players"][0]["token"], "limit=4")
    assert [len(p["events"]) for p in pages] == [4, 4, 1]
    for bad in ("limit=0", "limit=2001", "after=%40x", "after=" + _cursor("x")):
        r = api.get(f"{base}/events?{bad}")
        assert r.status == 400 and r.body["error"] == "invalid_query", (bad, r.body)


def test_a_draft_pods_feed_and_log_page_the_same_way(api):
    event = api.started("vtes", "table-draft", players=4, settings={"draft": {"packs": 1}})
    tid, org = event["tid"], event["organizer"]
    base = f"/v1/tournaments/{tid}/table-draft"
    assert api.post(base, {"review_seconds": 0}, token=org).status == 201
    whole = api.get(base + "/pods/1/log", token=org).body
    assert whole["next"] is None and len(whole["events"]) >= 2
    for url in (base + "/pods/1/log", base + "/pods/1/events"):
        pages = _pages(api, url, org, "limit=1")
        assert [e["version"] for p in pages for e in p["events"]] == \
            [e["version"] for e in whole["events"]]
        assert all(len(p["events"]) == 1 for p in pages)
