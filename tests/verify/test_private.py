"""The public audit log keeps private things private: the registration code's digest, a
drop's free-text reason (a disqualification's too), a removed player's name and member id
and unpublished decklists are replaced by salted commitments; the chain, the manifest and
the signature still verify, and the staff's private part opens each commitment (a forged
opening is named)."""
from __future__ import annotations

import copy
import json

from chalicelib.application.audit_private import Policy
from chalicelib.verify.engine import verify

EARLY = {"incomplete": True, "reason": "the test stops after the product phase"}
CODE = "open sesame"


def _event(api):
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed",
                         settings={"registration": {"code": CODE}})["tournament_id"]
    players = []
    for i in range(9):
        r = api.post(f"/v1/tournaments/{tid}/players",
                     {"name": f"Player {i}", "member_id": f"31{i:05}",
                      "registration_code": CODE})
        assert r.status == 201, r.body
        players.append({"player_id": r.body["player"]["player_id"], "token": r.body["token"]})
    removed = players.pop()
    assert api.delete(f"/v1/tournaments/{tid}/players/{removed['player_id']}",
                      token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    api.hand_out({"tid": tid, "organizer": org, "players": players})
    leaver = players[0]
    assert api.post(f"/v1/tournaments/{tid}/players/{leaver['player_id']}/drop",
                    {"reason": "a family emergency"}, token=leaver["token"]).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    return tid, org, players


def _private(api, tid, token):
    doc, after = {"openings": []}, None
    while True:
        r = api.get(f"/v1/tournaments/{tid}/audit/private?limit=20"
                    + (f"&after={after}" if after else ""), token=token)
        assert r.status == 200, r.body
        doc["openings"] += r.body["openings"]
        after = r.body["next"]
        if after is None:
            return doc


def test_private_fields_are_committed_and_open_for_whoever_is_given_them(api, rt):
    tid, org, players = _event(api)
    log = api.get(f"/v1/tournaments/{tid}/audit?limit=5000").body
    keys = api.get("/v1/.well-known/podium-keys").body
    text = json.dumps(log)
    created = next(e for e in rt.events.read(f"tournament-{tid}") if
                   e.type == "TournamentCreated")
    digest = created.data["registration_code"]
    assert digest and digest not in text and CODE not in text
    assert "a family emergency" not in text and "Player 8" not in text and "3100008" not in text
    withheld = {(e["type"], f) for e in log["events"] for f in e.get("withheld", {})}
    assert withheld == {("TournamentCreated", "registration_code"), ("PlayerDropped", "reason"),
                        ("PlayerRegistered", "name"), ("PlayerRegistered", "member_id")}
    outcome = verify(log, keys=keys)
    assert outcome.ok, [d.line() for d in outcome.differences]

    private = _private(api, tid, org)
    opened = verify(log, keys=keys, private=private)
    assert opened.ok and "4 withheld field(s) opened" in " ".join(opened.warnings)
    assert {o["value"] for o in private["openings"]} >= {"a family emergency", "Player 8",
                                                         digest}
    forged = copy.deepcopy(private)
    reason = next(o for o in forged["openings"] if o["field"] == "reason")
    reason["value"] = "no reason at all"
    lines = [d.line() for d in verify(log, keys=keys, private=forged).differences]
    assert any("PlayerDropped: withheld.reason" in line for line in lines), lines

    assert api.get(f"/v1/tournaments/{tid}/audit/private", token=players[1]["token"]
                   ).status == 403
    assert api.get(f"/v1/tournaments/{tid}/audit/private").status == 401


def test_decklists_are_withheld_until_published_and_publishing_keeps_the_link():
    from chalicelib.application.audit import shown
    from chalicelib.domain import audit_chain, audit_seal
    from chalicelib.store.ports import StoredEvent

    data = {"player": "p1", "deck": {"main": ["a", "b"]}}
    meta = {"v": 1, "podium": "1.0.0", "salt": "ab" * 16}
    event = StoredEvent("decks-t1", 2, "DeckRegistered", data, meta, "e1",
                        "2026-11-27T00:00:00+00:00")
    recorded = audit_seal.link_of(audit_chain.GENESIS, "decks-t1", 2, "DeckRegistered",
                                  data, meta, event.recorded_at, "legacy")
    hidden = shown(event, True, Policy("s" * 32, lambda pid: False, published=False))
    assert hidden["data"]["deck"] is None and set(hidden["withheld"]) == {"deck"}
    public = shown(event, True, Policy("s" * 32, lambda pid: False, published=True))
    assert public["data"] == data and "withheld" not in public and set(public["opened"]) == {
        "deck"}
    # the link recorded at write time holds for both forms, and for neither if changed
    for form in (hidden, public):
        assert audit_chain.link(audit_chain.GENESIS, audit_chain.content(form)) == recorded
    forged = {**public, "data": {**data, "deck": {"main": ["a", "c"]}}}
    assert audit_chain.link(audit_chain.GENESIS, audit_chain.content(forged)) != recorded
    opening = Policy("s" * 32, lambda pid: False, published=False).opening(
        "decks-t1", 2, "DeckRegistered", data, meta)
    assert opening[0]["value"] == data["deck"] and opening[0]["salt"] == public["opened"][
        "deck"]
