"""Retries are safe, bad input is refused in the common shape and changes nothing."""
from __future__ import annotations

import threading

KEY = "0f8fad5b-d9cb-469f-a165-70867728950e"


def _count_events(rt, tid):
    return len(rt.events.read(f"tournament-{tid}"))


def test_retry_with_same_key_returns_original_reply_and_appends_nothing(api, rt):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    first = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"},
                     headers={"Idempotency-Key": KEY})
    before = _count_events(rt, tid)
    again = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"},
                     headers={"Idempotency-Key": KEY})
    assert again.status == 201 and again.body["player"] == first.body["player"]
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert _count_events(rt, tid) == before
    # an anonymous replay never shows the token (anyone with the key and body could replay)
    assert again.body["token"] is None and "re-issue" in again.body["token_withheld"]
    assert api.get("/v1/me", token=first.body["token"]).body["player_id"] == \
        first.body["player"]["player_id"]
    # the staff's replay (their key, scoped to them) answers the same token
    by_staff = [api.post(f"/v1/tournaments/{tid}/players", {"name": "Bob"}, token=org,
                         headers={"Idempotency-Key": KEY}) for _ in range(2)]
    assert by_staff[1].headers.get("Idempotent-Replayed") == "true"
    assert by_staff[0].body == by_staff[1].body and by_staff[1].body["token"]


def test_a_replay_answers_with_the_original_headers(api):
    """Replays used to lose the reply's headers (Location included)."""
    org = api.organizer()
    body = {"name": "Replayed", "game": "vtes", "format": "sealed"}
    first = api.post("/v1/tournaments", body, token=org, headers={"Idempotency-Key": KEY})
    again = api.post("/v1/tournaments", body, token=org, headers={"Idempotency-Key": KEY})
    assert first.status == again.status == 201 and again.body == first.body
    assert first.headers["Location"] == f"/v1/tournaments/{first.body['tournament_id']}"
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers


def test_same_key_other_body_is_refused(api, rt):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"}, headers={"Idempotency-Key": KEY})
    other = api.post(f"/v1/tournaments/{tid}/players", {"name": "Bob"},
                     headers={"Idempotency-Key": KEY})
    assert other.status == 422 and other.body["error"] == "idempotency_key_reused"
    assert len(api.get(f"/v1/tournaments/{tid}/players").body["players"]) == 1


def test_keys_are_scoped_to_the_caller(api):
    a, b = api.organizer("A"), api.organizer("B")
    ta = api.post("/v1/tournaments", {"name": "x", "game": "vtes", "format": "sealed"}, token=a,
                  headers={"Idempotency-Key": KEY})
    tb = api.post("/v1/tournaments", {"name": "x", "game": "vtes", "format": "sealed"}, token=b,
                  headers={"Idempotency-Key": KEY})
    assert ta.body["tournament_id"] != tb.body["tournament_id"]


def test_tokens_are_never_stored_in_events_or_views(api, rt):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    player = api.post(f"/v1/tournaments/{tid}/players", {"name": "Ann"},
                      headers={"Idempotency-Key": KEY}).body["token"]
    judge = api.post(f"/v1/tournaments/{tid}/judges", {"name": "Jo"}, token=org).body["token"]
    everything = str([(e.data, e.meta, e.stream_id) for e in rt.events.all_events()])
    everything += str(rt.views.dump())
    for secret in (org, player, judge, api.admin_key):
        assert secret not in everything


def test_bad_input_gets_4xx_json_and_changes_nothing(api, rt):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    before = _count_events(rt, tid)
    cases = [
        dict(raw=b"{not json"),
        dict(raw=b"[1, 2]"),
        dict(raw=b""),
        dict(json_body={"name": ""}),
        dict(json_body={"name": "Ann", "extra": 1}),
        dict(json_body={"name": "x" * 81}),
        dict(json_body={"name": "Ann"}, headers={"Idempotency-Key": "short"}),
        dict(raw=b'{"name": "' + b"x" * 300_000 + b'"}'),
    ]
    for case in cases:
        r = api.request("POST", f"/v1/tournaments/{tid}/players", **case)
        assert 400 <= r.status < 500, (case, r.status)
        assert set(r.body) == {"error", "message", "details", "request_id"}
    assert api.get("/v1/tournaments/tnotatournament").status == 404
    assert api.post("/v1/tournaments/t000000000000/start", token=org).status == 404
    assert api.get("/v1/tournaments?limit=abc").status == 400
    assert api.get("/v1/me", headers={"Authorization": "Basic abc"}).status == 401
    assert _count_events(rt, tid) == before


def test_concurrent_registrations_lose_nothing(api, rt):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    failures = []

    def register(i):
        r = api.post(f"/v1/tournaments/{tid}/players", {"name": f"P{i}"})
        if r.status != 201:
            failures.append(r.body)

    threads = [threading.Thread(target=register, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    names = sorted(p["name"] for p in api.get(f"/v1/tournaments/{tid}/players").body["players"])
    assert names == sorted(f"P{i}" for i in range(16))
    assert _count_events(rt, tid) == 17


def test_restart_loses_nothing_and_views_rebuild_identically(api, rt, restart):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    ann = api.register(tid, "Ann")
    before = rt.views.dump()
    restart()
    assert api.get("/v1/me", token=ann["token"]).status == 200
    assert api.get(f"/v1/tournaments/{tid}/players").body["players"][0]["name"] == "Ann"
    assert api.rebuild_views()["events_applied"] > 0
    from chalicelib.runtime import runtime
    assert runtime().views.dump() == before


def test_chalice_level_refusals_use_the_common_shape(api):
    r = api.request("POST", "/v1/tournaments", raw=b"name=x",
                    headers={"Content-Type": "application/x-www-form-urlencoded"}, check=False)
    assert r.status == 415 and r.body["error"] == "unsupported_media_type"
    assert set(r.body) == {"error", "message", "details", "request_id"}
    r = api.request("PUT", "/v1/tournaments", json_body={}, check=False)
    assert r.status == 405 and r.body["error"] == "method_not_allowed"


def test_heavy_contention_on_one_stream_still_commits_every_command(rt):
    """32 writers on one stream at once, none refused (bounded retries with backoff)."""
    from chalicelib.domain import tournament as t
    from chalicelib.service import Reply

    def create(uow):
        uow.decide(t.TOURNAMENT, "t00000000000c", t.CreateTournament(
            "t00000000000c", "o", "x", "vtes", "sealed", "swiss", "s", uow.now.isoformat(),
            settings={"registration": {"max_players": 100}}))
        return Reply(201, {})
    rt.service.run(create)
    errors = []

    def register(i):
        def work(uow):
            uow.decide(t.TOURNAMENT, "t00000000000c",
                       t.RegisterPlayer(f"p{i}", f"P{i}", None, True, uow.now.isoformat()))
            return Reply(201, {})
        try:
            rt.service.run(work)
        except Exception as exc:  # noqa: BLE001 - collected and asserted
            errors.append(exc)

    threads = [threading.Thread(target=register, args=(i,)) for i in range(32)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    from chalicelib.projections.queries.tournaments import all_players, summary_id
    players = all_players(rt.views, "t00000000000c")
    assert sorted(p["player_id"] for p in players) == sorted(f"p{i}" for i in range(32))
    assert rt.views.get(summary_id("t00000000000c"))["players"]["registered"] == 32


def test_a_keyed_command_reads_no_idempotency_record_before_its_commit(store_api,
                                                                        monkeypatch):
    """The key is checked by the commit that writes the reply's record (on the condition
    that the key is new): a first request pays no read for it; a repeat is answered from
    the record."""
    api, rt = store_api
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    store = rt.service.events
    looked: list[str] = []
    real = store.idempotency
    monkeypatch.setattr(store, "idempotency", lambda key: looked.append(key) or real(key))
    path = f"/v1/tournaments/{tid}/players"
    first = api.post(path, {"name": "Ann"}, token=org, headers={"Idempotency-Key": KEY})
    assert first.status == 201 and looked == []
    again = api.post(path, {"name": "Ann"}, token=org, headers={"Idempotency-Key": KEY})
    assert again.headers.get("Idempotent-Replayed") == "true" and looked
    assert again.body == first.body
    other = api.post(path, {"name": "Bob"}, token=org, headers={"Idempotency-Key": KEY},
                     check=False)
    assert other.status == 422 and other.body["error"] == "idempotency_key_reused"


def test_a_repeat_the_tournament_now_refuses_still_answers_the_first_reply(api):
    """The field filled after the first request: the repeat's work is refused, and the
    stored reply answers it (not the refusal)."""
    org = api.organizer()
    tid = api.tournament(org, settings={"registration": {"max_players": 2}})["tournament_id"]
    path = f"/v1/tournaments/{tid}/players"
    first = api.post(path, {"name": "Ann"}, token=org, headers={"Idempotency-Key": KEY})
    api.register(tid, "Bob", token=org)
    assert api.post(path, {"name": "Cy"}, token=org, check=False).status == 409
    again = api.post(path, {"name": "Ann"}, token=org, headers={"Idempotency-Key": KEY})
    assert again.status == 201 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.body == first.body


def test_a_repeated_hand_out_of_entered_product_replays_and_records_nothing(api, rt):
    """The hand-out of product entered per player is several commits (rehearsal, lock,
    start): its repeat answers the first reply and writes nothing to any of them."""
    from chalicelib.domain import streams
    from tests.api.test_product_entries import VTES, entry_path, pack
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed", settings={"product": {
        "source": "own", "own": {"sets": ["sample-vtes"], "max_boosters": 2}}})["tournament_id"]
    players = [api.register(tid, n, token=org)["player_id"] for n in ("A", "B")]
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    for pid in players:
        api.post(entry_path(tid, pid), {"packs": [{"set": "sample-vtes",
                                                   "cards": pack(VTES, pid)}]}, token=org)
    path = f"/v1/tournaments/{tid}/sealed"
    first = api.post(path, token=org, headers={"Idempotency-Key": KEY})
    assert [e.type for e in rt.events.read(streams.product_gate(tid))] == [
        "EnteredProductLocked", "EnteredProductHandedOut"]
    recorded = len(list(rt.events.all_events()))
    again = api.post(path, token=org, headers={"Idempotency-Key": KEY})
    assert first.status == 201 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.body == first.body
    assert len(list(rt.events.all_events())) == recorded
