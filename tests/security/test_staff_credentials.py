"""Staff credentials die (issue 26, finding 7): organizers' and federations' keys and
judges' tokens are listed, revoked and rotated, with an optional expiry; each step is
an event of the owner's key stream (the audit entry); a revoked, rotated or expired
credential answers 401; a judge cannot re-issue a player's token after the finish."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from chalicelib.api.common import execute
from chalicelib.application import tournaments
from chalicelib.auth import optional_principal
from chalicelib.domain.errors import DomainError
from chalicelib.service import Reply


@pytest.fixture
def clock(rt):
    moment = SimpleNamespace(now=datetime(2026, 11, 22, 18, 0, tzinfo=UTC))
    rt.service.clock = lambda: moment.now
    return moment


def account(api, role="organizer", **extra):
    r = api.post("/v1/accounts", {"role": role, "name": "Store", **extra}, token=api.admin_key)
    assert r.status == 201, r.body
    return r.body


def test_an_organizer_key_is_listed_rotated_and_revoked(api, rt):
    org = account(api)
    aid, first = org["account_id"], org["api_key"]
    keys = f"/v1/accounts/{aid}/keys"
    listed = api.get(keys, token=first).body
    assert [(k["key_id"], k["status"]) for k in listed["keys"]] == [(org["key_id"], "active")]
    assert api.get(keys, token=account(api)["api_key"]).status == 403   # another account
    rotated = api.post(keys, token=first)                  # the holder's own rotation
    assert rotated.status == 201 and rotated.body["revoked"] == [org["key_id"]]
    second = rotated.body["api_key"]
    assert api.get("/v1/me", token=first).status == 401
    assert api.get("/v1/me", token=second).status == 200
    by_admin = api.post(keys, {"expires_in_seconds": 3600}, token=api.admin_key)
    assert by_admin.status == 201 and by_admin.body["expires_at"]
    third = by_admin.body["api_key"]
    assert api.get("/v1/me", token=second).status == 401
    revoked = api.delete(f"{keys}/{by_admin.body['key_id']}", token=api.admin_key)
    assert revoked.status == 200
    assert api.get("/v1/me", token=third).status == 401
    again = api.delete(f"{keys}/{by_admin.body['key_id']}", token=api.admin_key)
    assert again.status == 409 and again.body["error"] == "key_revoked"
    assert api.delete(f"{keys}/k000000000000", token=api.admin_key).status == 404
    # the audit trail: every key, who issued and who revoked it, why; no hash, no key
    trail = api.get(keys, token=api.admin_key).body["keys"]
    assert [(k["status"], k["revoke_reason"], k["revoked_by"]["role"]) for k in trail] == [
        ("revoked", "rotated", "organizer"), ("revoked", "rotated", "admin"),
        ("revoked", "revoked", "admin")]
    assert all(s not in str(trail) for s in (first, second, third))
    kinds = [e.type for e in rt.events.read(f"keys-{aid}")]
    assert kinds == ["KeyIssued", "KeyRevoked", "KeyIssued", "KeyRevoked", "KeyIssued",
                     "KeyRevoked"]


def test_keys_and_judge_tokens_expire(api, clock):
    fed = account(api, "federation", expires_in_seconds=600)
    assert fed["expires_at"] == (clock.now + timedelta(seconds=600)).isoformat()
    org = account(api)["api_key"]
    tid = api.tournament(org)["tournament_id"]
    judge = api.post(f"/v1/tournaments/{tid}/judges", {"name": "Jo",
                                                       "expires_in_seconds": 300}, token=org)
    assert judge.status == 201 and judge.body["expires_at"]
    assert api.get("/v1/me", token=judge.body["token"]).status == 200
    assert api.get("/v1/me", token=fed["api_key"]).status == 200
    clock.now += timedelta(seconds=301)
    assert api.get("/v1/me", token=judge.body["token"]).status == 401
    assert api.get("/v1/me", token=fed["api_key"]).status == 200
    tokens = api.get(f"/v1/tournaments/{tid}/judges/{judge.body['judge_id']}/tokens",
                     token=org).body["keys"]
    assert [k["status"] for k in tokens] == ["expired"]
    clock.now += timedelta(seconds=300)
    assert api.get("/v1/me", token=fed["api_key"]).status == 401


def test_a_judge_token_is_rotated_and_revoked_by_the_organizer(api):
    org = account(api)["api_key"]
    tid = api.tournament(org)["tournament_id"]
    judge = api.post(f"/v1/tournaments/{tid}/judges", {"name": "Jo"}, token=org).body
    jid, base = judge["judge_id"], f"/v1/tournaments/{tid}/judges/{judge['judge_id']}"
    new = api.post(f"{base}/token", token=org)
    assert new.status == 201 and new.body["revoked"] == [judge["key_id"]]
    assert api.get("/v1/me", token=judge["token"]).status == 401
    assert api.get("/v1/me", token=new.body["token"]).body["id"] == jid
    other = api.post(f"/v1/tournaments/{tid}/judges", {"name": "Al"}, token=org).body
    assert api.post(f"{base}/token", token=other["token"]).status == 403   # not their own
    gone = api.delete(f"{base}/tokens/{new.body['key_id']}", token=org)
    assert gone.status == 200
    assert api.get("/v1/me", token=new.body["token"]).status == 401
    assert api.post(f"/v1/tournaments/{tid}/judges/j0000000000/token", token=org).status \
        == 404


def test_a_revocation_reaches_a_request_already_under_way(api, rt):
    org = account(api)
    key = org["api_key"]
    request = SimpleNamespace(headers={"authorization": f"Bearer {key}"}, context={})
    holder = optional_principal(request, rt)                 # authenticated...
    assert api.delete(f"/v1/accounts/{org['account_id']}/keys/{org['key_id']}",
                      token=api.admin_key).status == 200     # ...then revoked
    with pytest.raises(DomainError) as refused:
        execute(lambda uow: Reply(201, tournaments.create(
            uow, holder, "x", "vtes", "sealed", None, {}, None, None)), holder, None)
    assert refused.value.status == 401 and refused.value.code == "credential_revoked"


def test_no_player_token_reissue_by_a_judge_after_the_finish(api):
    org = account(api)["api_key"]
    tid = api.tournament(org)["tournament_id"]
    ann, _ = api.register(tid, "Ann"), api.register(tid, "Bo")
    judge = api.post(f"/v1/tournaments/{tid}/judges", {"name": "Jo"}, token=org).body["token"]
    path = f"/v1/tournaments/{tid}/players/{ann['player_id']}/token"
    assert api.post(path, token=judge).status == 201          # before the finish: fine
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish",
                    {"incomplete": True, "reason": "test"}, token=org).status == 200
    late = api.post(path, token=judge)
    assert late.status == 403 and late.body["error"] == "tournament_finished"
    assert api.post(path, token=org).status == 201            # the organizer still may


def test_a_revoked_key_cannot_start_a_handout_either(api, rt):
    """The product phase's starts run their own units of work (application/handout.py):
    the credential is checked inside them too."""
    from chalicelib.application.handout import run_start
    from chalicelib.application.reads import Reads
    org = account(api)
    tid = api.tournament(org["api_key"])["tournament_id"]
    request = SimpleNamespace(headers={"authorization": f"Bearer {org['api_key']}"},
                              context={})
    holder = optional_principal(request, rt)
    assert api.delete(f"/v1/accounts/{org['account_id']}/keys/{org['key_id']}",
                      token=api.admin_key).status == 200
    with pytest.raises(DomainError) as refused:
        run_start(Reads(rt.service, rt.views), holder, tid, "sealed", {"bulk": True},
                  lambda uow, entered: Reply(200, {}), None)
    assert refused.value.code == "credential_revoked"
