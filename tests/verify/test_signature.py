"""The manifest is signed with the deployment's Ed25519 key, whose public half (and every
retired one) GET /v1/.well-known/podium-keys lists; the verifier checks the signature
against keys it is given and names a manifest changed after signing, an unknown key and
an unsigned log."""
from __future__ import annotations

import base64
import copy
import json

import pytest

from chalicelib.auth.signing import signer
from chalicelib.domain.audit_chain import canonical
from chalicelib.verify.__main__ import main
from chalicelib.verify.engine import verify
from chalicelib.verify.log import LogError
from tests.verify.seal import reseal

EARLY = {"incomplete": True, "reason": "the test stops after the product phase"}


@pytest.fixture
def signed(api):
    event = api.ready("vtes", "sealed-swap", players=8)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    log = api.get(f"/v1/tournaments/{tid}/audit?limit=5000").body
    keys = api.get("/v1/.well-known/podium-keys").body
    return log, keys


def test_a_served_log_is_signed_by_the_listed_key(signed):
    log, keys = signed
    assert log["signature"]["key_id"] == keys["keys"][0]["key_id"]
    assert keys["keys"][0]["status"] == "current"
    outcome = verify(log, keys=keys)
    assert outcome.ok, [d.line() for d in outcome.differences]
    assert not any("signature is not checked" in w for w in outcome.warnings)
    assert any("signature is not checked" in w for w in verify(log).warnings)


def test_a_forger_who_rewrites_the_manifest_is_named(signed):
    log, keys = signed
    forged = copy.deepcopy(log)
    dealt = next(e for e in forged["events"] if e["type"] == "SealedStarted")
    forged["events"].remove(dealt)          # the first event of its stream: renumber
    for e in forged["events"]:
        if e["stream_id"] == dealt["stream_id"]:
            e["version"] -= 1
    reseal(forged)                          # chains and manifest consistent again
    lines = [d.line() for d in verify(forged, keys=keys).differences]
    assert any(line.startswith(f"DIFFERS  tournament-{log['tournament_id']} v0 (manifest): "
                               "signature:") for line in lines), lines


def test_unsigned_and_unknown_keys_are_named(signed):
    log, keys = signed
    unsigned = {k: v for k, v in log.items() if k != "signature"}
    assert "the log is unsigned" in verify(unsigned, keys=keys).differences[0].line()
    other = signer("another deployment's secret " * 2).public_keys()
    assert "signature.key_id" in verify(log, keys=other).differences[0].line()
    with pytest.raises(LogError, match="not a key list"):
        verify(log, keys=[1])


def test_a_retired_key_still_verifies_what_it_signed(signed, tmp_path, capsys):
    log, keys = signed
    old = signer("the secret before rotation, 32 characters or more")
    resigned = dict(log, signature=old.sign(canonical(log["manifest"])))
    new_seed = base64.b64encode(bytes(range(32))).decode()
    retired = json.dumps([{k: old.public_keys()["keys"][0][k] for k in ("key_id",
                                                                       "public_key")}
                          | {"retired_at": "2026-06-01T00:00:00Z"}])
    rotated = signer("unused when a key is given", new_seed, retired).public_keys()
    assert [k["status"] for k in rotated["keys"]] == ["current", "retired"]
    assert verify(resigned, keys=rotated).ok
    (tmp_path / "log.json").write_text(json.dumps(resigned))
    (tmp_path / "keys.json").write_text(json.dumps(rotated))
    assert main([str(tmp_path / "log.json"), "--keys", str(tmp_path / "keys.json")]) == 0
    assert "OK:" in capsys.readouterr().out


@pytest.mark.parametrize("key, retired", [("bm90IDMyIGJ5dGVz", None), ("***", None),
                                          (None, "[{\"key_id\": 1}]"), (None, "{}")])
def test_a_bad_key_configuration_is_refused(key, retired):
    with pytest.raises(ValueError):
        signer("s" * 32, key, retired)


def test_the_record_kept_at_creation_anchors_the_seed(signed, tmp_path, capsys):
    """--record: the tournament.created webhook body received at creation; the log's
    published hash must be the one it carries."""
    log, keys = signed
    tid = log["tournament_id"]
    (tmp_path / "log.json").write_text(json.dumps(log))
    record = tmp_path / "created.json"
    record.write_text(json.dumps({"topic": "tournament.created", "tournament_id": tid,
                                  "data": {"tournament_id": tid,
                                           "seed_sha256": log["seed_sha256"]}}))
    assert main([str(tmp_path / "log.json"), "--record", str(record)]) == 0
    record.write_text(json.dumps({"tournament_id": tid, "data": {"seed_sha256": "0" * 64}}))
    assert main([str(tmp_path / "log.json"), "--record", str(record)]) == 1
    assert f"tournament-{tid} v1 TournamentCreated: seed_sha256" in capsys.readouterr().out
    record.write_text(json.dumps({"tournament_id": "t999999999999", "data": {
        "seed_sha256": log["seed_sha256"]}}))
    assert main([str(tmp_path / "log.json"), "--record", str(record)]) == 2
    assert "another tournament" in capsys.readouterr().err


def test_on_dynamodb_the_log_is_chained_signed_and_verifies(dynamo_client):
    """The manifest reads every stream through the DynamoDB adapter's read_many."""
    api = dynamo_client
    event = api.ready("vtes", "sealed-swap", players=8)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    log = api.get(f"/v1/tournaments/{tid}/audit?limit=5000").body
    keys = api.get("/v1/.well-known/podium-keys").body
    assert set(log["manifest"]["streams"]) == {e["stream_id"] for e in log["events"]}
    outcome = verify(log, keys=keys)
    assert outcome.ok, [d.line() for d in outcome.differences]
