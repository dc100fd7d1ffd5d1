"""Issue 15: tokens with a lifecycle (removal revokes, a drop leaves reading only, staff
re-issue and the player's own rotation retire the old token), idempotent replays that
never hand a secret to someone else, concurrent identical keyed requests answered with
one reply, and registration floods (the organizer's code, the per-client limit)."""
from __future__ import annotations

import json
import threading

from tests.support.gateway import invoke

KEY = "c0ffee00-1234-4abc-8def-0123456789ab"


def _log_text(api, tid, org) -> str:
    return json.dumps(api.event_log(tid, org))


# -- tokens live and die with what they stand for -------------------------------------

def test_a_removed_players_token_no_longer_reads(api):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    ann = api.register(tid, "Ann")
    assert api.get("/v1/me", token=ann["token"]).status == 200
    assert api.delete(f"/v1/tournaments/{tid}/players/{ann['player_id']}", token=org).status == 200
    gone = api.get("/v1/me", token=ann["token"])
    assert gone.status == 401 and gone.body["error"] == "unauthorized"


def test_a_dropped_player_reads_their_results_but_no_longer_acts(api):
    event = api.started("mtg", "booster-draft", players=4, structure="swiss")
    tid, ann = event["tid"], event["players"][0]
    start = api.post(f"/v1/tournaments/{tid}/draft", token=event["organizer"])
    assert start.status == 201, start.body
    assert api.post(f"/v1/tournaments/{tid}/players/{ann['player_id']}/drop",
                    token=ann["token"]).status == 200
    me = api.get("/v1/me", token=ann["token"])
    assert me.status == 200 and me.body["dropped"] is True
    assert api.get(f"/v1/tournaments/{tid}/players/{ann['player_id']}/pool",
                   token=ann["token"]).status == 200
    assert api.get(f"/v1/tournaments/{tid}/draft/pods/1/me", token=ann["token"]).status == 200
    pick = api.post(f"/v1/tournaments/{tid}/draft/pods/1/picks", {"card": "x"},
                    token=ann["token"])
    assert pick.status == 403 and pick.body["error"] == "player_dropped"
    again = api.post(f"/v1/tournaments/{tid}/players/{ann['player_id']}/drop", token=ann["token"])
    assert again.status == 403 and again.body["error"] == "player_dropped"
    deck = api.post(f"/v1/tournaments/{tid}/decks/players/{ann['player_id']}",
                    {"cards": []}, token=ann["token"])
    assert deck.status == 403 and deck.body["error"] == "player_dropped"
    # the others still act
    bob = event["players"][1]
    assert api.post(f"/v1/tournaments/{tid}/draft/pods/1/picks", {"card": "x"},
                    token=bob["token"]).body["error"] != "player_dropped"


def test_staff_reissue_and_own_rotation_retire_the_old_token(api):
    org = api.organizer()
    # no lock after the re-issue here (test_credentials_in_the_write.py tests the lock)
    tid = api.tournament(org, settings={"registration": {"rotation_lock_seconds": 0}})[
        "tournament_id"]
    ann, bob = api.register(tid, "Ann"), api.register(tid, "Bob")
    path = f"/v1/tournaments/{tid}/players/{ann['player_id']}/token"
    assert api.post(path, token=bob["token"]).status == 403       # not Bob's seat
    assert api.post(path).status == 401
    reissued = api.post(path, token=org)
    assert reissued.status == 201 and reissued.body["credential"] == 1
    new = reissued.body["token"]
    assert api.get("/v1/me", token=ann["token"]).status == 401
    assert api.get("/v1/me", token=new).body["player_id"] == ann["player_id"]
    rotated = api.post(path, token=new)
    assert rotated.status == 201 and rotated.body["credential"] == 2
    assert api.get("/v1/me", token=new).status == 401
    newest = rotated.body["token"]
    assert api.get("/v1/me", token=newest).status == 200
    assert api.post(f"/v1/tournaments/{tid}/players/p0000000000/token",
                    token=org).body["error"] == "player_not_found"
    # events record who replaced which credential, never a token
    log = api.event_log(tid, org)
    assert [(e["data"]["by"], e["data"]["credential"]) for e in log
            if e["type"] == "PlayerTokenReplaced"] == [("staff", 1), ("player", 2)]
    text = _log_text(api, tid, org)
    assert all(t not in text for t in (ann["token"], new, newest))


def test_a_staff_reissue_replayed_answers_the_same_token_and_a_later_one_wins(api):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    ann = api.register(tid, "Ann")
    path = f"/v1/tournaments/{tid}/players/{ann['player_id']}/token"
    first = api.post(path, token=org, headers={"Idempotency-Key": KEY})
    again = api.post(path, token=org, headers={"Idempotency-Key": KEY})
    assert again.headers["Idempotent-Replayed"] == "true" and again.body == first.body
    assert api.get("/v1/me", token=first.body["token"]).status == 200
    later = api.post(path, token=org)
    assert api.get("/v1/me", token=first.body["token"]).status == 401
    assert api.get("/v1/me", token=later.body["token"]).status == 200


# -- anonymous idempotency keys ---------------------------------------------------------

def test_an_anonymous_key_is_scoped_to_the_route_and_tournament(api, rt):
    org = api.organizer()
    one, two = (api.tournament(org)["tournament_id"] for _ in range(2))
    body = {"name": "Ann"}
    first = api.post(f"/v1/tournaments/{one}/players", body, headers={"Idempotency-Key": KEY})
    # another client happening on the same key elsewhere is another request, not a replay
    other = api.post(f"/v1/tournaments/{two}/players", body, headers={"Idempotency-Key": KEY})
    assert first.status == other.status == 201
    assert "Idempotent-Replayed" not in other.headers and other.body["token"]
    assert other.body["player"]["player_id"] != first.body["player"]["player_id"]


def test_an_anonymous_replay_never_hands_out_the_token(api):
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    body = {"name": "Ann"}
    first = api.post(f"/v1/tournaments/{tid}/players", body, headers={"Idempotency-Key": KEY})
    assert first.body["token"]
    # anyone replaying (the same client after a lost reply, or a stranger elsewhere who
    # learned the key and the body) learns the registration, not the token
    for replay in [api.post(f"/v1/tournaments/{tid}/players", body,
                            headers={"Idempotency-Key": KEY}) for _ in range(2)]:
        assert replay.status == 201 and replay.headers["Idempotent-Replayed"] == "true"
        assert replay.body["token"] is None and replay.body["token_withheld"]
        assert replay.body["player"] == first.body["player"]
    pid = first.body["player"]["player_id"]
    reissued = api.post(f"/v1/tournaments/{tid}/players/{pid}/token", token=org).body["token"]
    assert api.get("/v1/me", token=reissued).body["player_id"] == pid


def test_twelve_concurrent_identical_keyed_requests_get_one_reply(api, rt):
    """Each round, twelve threads send the same keyed token-issuing request at once:
    every answer is the one reply (the same token) or a retryable 409 ``contention``."""
    org = api.organizer()
    tid = api.tournament(org)["tournament_id"]
    for attempt in range(16):
        key = f"{KEY}-{attempt}"
        paths = [(f"/v1/tournaments/{tid}/players", {"name": f"Racer {attempt}"}, org),
                 ("/v1/accounts", {"role": "organizer", "name": f"Store {attempt}"},
                  api.admin_key)][attempt % 2]
        barrier, answers = threading.Barrier(12), []

        def send(path=paths[0], body=paths[1], token=paths[2], key=key, barrier=barrier,
                 answers=answers):
            barrier.wait()
            answers.append(api.post(path, body, token=token, headers={"Idempotency-Key": key}))
        threads = [threading.Thread(target=send) for _ in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        done = [a for a in answers if a.status == 201]
        assert all(a.status == 201 or a.body["error"] == "contention" for a in answers), \
            [a.body for a in answers if a.status != 201]
        assert done and all(a.body == done[0].body for a in done)
        secret = done[0].body.get("token") or done[0].body.get("api_key")
        assert api.get("/v1/me", token=secret).status == 200
    assert len(api.get(f"/v1/tournaments/{tid}/players").body["players"]) == 8


# -- registration floods ------------------------------------------------------------------

def test_a_registration_code_gates_self_registration_and_is_never_shown(api, rt):
    org = api.organizer()
    code = "FNM-4821-secret"
    t = api.tournament(org, settings={"registration": {"code": code}})
    tid = t["tournament_id"]
    assert t["settings"]["registration"]["code_required"] is True
    base = f"/v1/tournaments/{tid}/players"
    missing = api.post(base, {"name": "Flood"})
    wrong = api.post(base, {"name": "Flood", "registration_code": "FNM-4821-guess"})
    assert missing.status == wrong.status == 403
    assert missing.body["error"] == wrong.body["error"] == "invalid_registration_code"
    assert api.post(base, {"name": "Ann", "registration_code": code}).status == 201
    assert api.post(base, {"name": "Bob"}, token=org).status == 201     # staff need none
    assert api.get(f"/v1/tournaments/{tid}/players").body["total"] == 2
    # the code is in no view, no event, no reply
    assert code not in json.dumps(api.get(f"/v1/tournaments/{tid}").body)
    assert code not in _log_text(api, tid, org)
    assert code not in json.dumps([v.doc for v in rt.views.list("tournament", limit=100)])
    # the organizer changes it, then removes it
    new = api.post(f"/v1/tournaments/{tid}/settings",
                   {"settings": {"registration": {"code": "another-code"}}}, token=org)
    assert new.status == 200 and new.body["settings"]["registration"]["code_required"]
    assert api.post(base, {"name": "Cy", "registration_code": code}).status == 403
    assert api.post(base, {"name": "Cy", "registration_code": "another-code"}).status == 201
    cleared = api.post(f"/v1/tournaments/{tid}/settings",
                       {"settings": {"registration": {"code": None}}}, token=org)
    assert cleared.body["settings"]["registration"]["code_required"] is False
    assert api.post(base, {"name": "Dee"}).status == 201
    for bad in ({"code": "short"}, {"code_required": True}, {"code": 12345678}):
        refused = api.post(f"/v1/tournaments/{tid}/settings",
                           {"settings": {"registration": bad}}, token=org)
        assert refused.status == 422 and refused.body["error"] == "invalid_settings", bad


def test_self_registrations_are_limited_per_client_durably(api, rt, restart, chalice_app):
    org = api.organizer()
    tid = api.tournament(org, settings={"registration": {
        "anonymous_per_client": 2, "anonymous_window_seconds": 600}})["tournament_id"]
    base = f"/v1/tournaments/{tid}/players"
    assert api.post(base, {"name": "One"}).status == api.post(base, {"name": "Two"}).status == 201
    flood = api.post(base, {"name": "Three"})
    assert flood.status == 429 and flood.body["error"] == "rate_limited"
    assert 1 <= int(flood.headers["Retry-After"]) <= 600
    assert flood.body["details"]["limit"] == 2
    restart()       # a new process: the count is in the store, not in memory
    again = api.post(base, {"name": "Three"})
    assert again.status == 429
    # another client (API Gateway's source address) and the staff are not affected
    other = invoke(chalice_app, "POST", base, {"name": "Elsewhere"})
    assert other.status == 201
    assert api.post(base, {"name": "By staff"}, token=org).status == 201
    assert api.get(base).body["total"] == 4
