"""Guessing is counted and stopped (issue 26, finding 2): wrong registration codes per
client and per tournament, and unknown bearer tokens per client, in durable tallies of
the event store (SQLite and DynamoDB); past a small budget 429 ``rate_limited`` with
``Retry-After``; the organizer sees the count."""
from __future__ import annotations

from chalicelib.auth import guessing
from tests.support.gateway import invoke

CODE = "FNM-4821-blue"


def coded(api):
    org = api.organizer()
    tid = api.tournament(org, settings={"registration": {"code": CODE}})["tournament_id"]
    return org, tid


def guess(api, tid, code, name="Guesser"):
    return api.post(f"/v1/tournaments/{tid}/players",
                    {"name": name, "registration_code": code})


def _limited(r, scope):
    assert r.status == 429, r.body
    assert r.body["error"] == "rate_limited" and r.body["details"]["scope"] == scope
    assert 1 <= int(r.headers["Retry-After"]) <= guessing.WINDOW_SECONDS


def test_a_client_past_its_budget_of_wrong_codes_is_stopped_durably(api, restart,
                                                                    chalice_app):
    org, tid = coded(api)
    for n in range(guessing.CODE_CLIENT_BUDGET):
        r = guess(api, tid, f"{n:06d}")
        assert r.status == 403 and r.body["error"] == "invalid_registration_code"
    _limited(guess(api, tid, "000999"), "client")
    _limited(guess(api, tid, CODE), "client")      # not even compared any more
    restart()                                       # counted in the store, not in memory
    _limited(guess(api, tid, CODE), "client")
    # another client and the staff are not affected
    other = invoke(chalice_app, "POST", f"/v1/tournaments/{tid}/players",
                   {"name": "Ann", "registration_code": CODE}, source_ip="198.51.100.20")
    assert other.status == 201, other.body
    assert api.post(f"/v1/tournaments/{tid}/players", {"name": "Bo"}, token=org).status == 201
    seen = api.get(f"/v1/tournaments/{tid}", token=org).body["registration_guesses"]
    assert seen["total"] == seen["window"] == guessing.CODE_CLIENT_BUDGET
    assert seen["budget"] == guessing.CODE_TOURNAMENT_BUDGET
    assert "registration_guesses" not in api.get(f"/v1/tournaments/{tid}").body


def test_many_clients_together_meet_the_tournament_budget(api, chalice_app, monkeypatch):
    monkeypatch.setattr(guessing, "CODE_TOURNAMENT_BUDGET", 6)
    org, tid = coded(api)
    path = f"/v1/tournaments/{tid}/players"
    for n in range(6):          # six clients, one wrong code each
        r = invoke(chalice_app, "POST", path, {"name": "X", "registration_code": "nope-00"},
                   source_ip=f"198.51.100.{n + 1}")
        assert r.status == 403, r.body
    late = invoke(chalice_app, "POST", path, {"name": "X", "registration_code": CODE},
                  source_ip="198.51.100.99")
    assert late.status == 429 and late.body["details"]["scope"] == "tournament"
    changed = api.post(f"/v1/tournaments/{tid}/settings",
                       {"settings": {"registration": {"max_players": 64}}}, token=org)
    assert changed.status == 200 and changed.body["registration_guesses"]["total"] == 6


def test_a_right_code_is_not_counted(api):
    org, tid = coded(api)
    for n in range(guessing.CODE_CLIENT_BUDGET + 2):
        assert guess(api, tid, CODE, f"Player {n}").status == 201
    assert api.get(f"/v1/tournaments/{tid}", token=org).body["registration_guesses"][
        "total"] == 0


def test_unknown_tokens_past_the_budget_answer_429_and_good_tokens_still_work(api, rt):
    org = api.organizer()
    for n in range(guessing.TOKEN_CLIENT_BUDGET):
        r = api.get("/v1/me", token=f"pdm_guess_{n:04d}")
        assert r.status == 401, r.body
    _limited(api.get("/v1/me", token="pdm_guess_more"), "client")
    _limited(api.post("/v1/tournaments", {"name": "x", "game": "vtes",
                                          "format": "sealed"}, token="pdm_x"), "client")
    assert api.get("/v1/me", token=org).status == 200
    # past the budget nothing more is written: the flood costs reads, not writes
    counted = rt.events.db.conn().execute(
        "SELECT count(*) FROM tallies WHERE name LIKE 'guesses-token-%'").fetchone()[0]
    assert counted == guessing.TOKEN_CLIENT_BUDGET


def test_wrong_codes_are_counted_on_dynamodb(dynamo_api):
    api, _ = dynamo_api
    org, tid = coded(api)
    for n in range(guessing.CODE_CLIENT_BUDGET):
        assert guess(api, tid, f"{n:06d}").status == 403
    _limited(guess(api, tid, CODE), "client")
    assert api.get(f"/v1/tournaments/{tid}", token=org).body["registration_guesses"][
        "total"] == guessing.CODE_CLIENT_BUDGET
    for n in range(guessing.TOKEN_CLIENT_BUDGET):
        assert api.get("/v1/me", token=f"pdm_guess_{n:04d}").status == 401
    _limited(api.get("/v1/me", token="pdm_guess_more"), "client")


def test_a_six_digit_code_takes_months_at_the_tournament_budget():
    """The shortest code the settings take (6 digits: 10**6) against the tournament-wide
    budget, whatever the number of clients: half the space takes months of windows."""
    seconds = 10 ** 6 / 2 / guessing.CODE_TOURNAMENT_BUDGET * guessing.WINDOW_SECONDS
    assert seconds > 90 * 24 * 3600


def test_a_generated_code_is_shown_once_and_works(api):
    import re

    from chalicelib.application.admission import generated_code
    org = api.organizer()
    key = {"Idempotency-Key": "generate-code-000001"}
    created = api.post("/v1/tournaments", {"name": "x", "game": "vtes", "format": "sealed",
                                           "settings": {"registration": {"code": "generate"}}},
                       token=org, headers=key)
    assert created.status == 201, created.body
    code, tid = created.body["registration_code"], created.body["tournament_id"]
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}", code)
    assert created.body["settings"]["registration"]["code_required"] is True
    again = api.post("/v1/tournaments", {"name": "x", "game": "vtes", "format": "sealed",
                                         "settings": {"registration": {"code": "generate"}}},
                     token=org, headers=key)
    assert again.body["registration_code"] == code       # the caller's own retry
    assert guess(api, tid, "generate").status == 403     # the word is no code
    assert guess(api, tid, code).status == 201
    changed = api.post(f"/v1/tournaments/{tid}/settings",
                       {"settings": {"registration": {"code": "generate"}}}, token=org)
    new = changed.body["registration_code"]
    assert new != code and guess(api, tid, code, "Bo").status == 403
    assert guess(api, tid, new, "Cy").status == 201
    assert "registration_code" not in api.get(f"/v1/tournaments/{tid}", token=org).body
    assert len({generated_code(str(n)) for n in range(2000)}) == 2000
