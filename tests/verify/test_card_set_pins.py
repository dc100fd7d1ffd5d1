"""Card sets are pinned by content hash when the tournament is created (and re-pinned
when its settings change before the start); the verifier refuses a log whose card sets
do not match the pins, even when the manifest was re-signed over the rewritten sets."""
from __future__ import annotations

import copy

from chalicelib.domain.audit_chain import digest
from chalicelib.verify.engine import verify
from tests.api.test_draft import TINY

from .seal import reseal

EARLY = {"incomplete": True, "reason": "the test stops after the start"}


def _pins(rt, tid, type_):
    return [e.data.get("card_sets_sha256") for e in rt.events.read(f"tournament-{tid}")
            if e.type == type_]


def test_sets_are_pinned_at_creation_and_a_rewritten_set_is_refused(api, rt):
    org = api.organizer()
    assert api.post("/v1/sets", TINY, token=org).status == 201
    other = {**TINY, "id": "tiny-other", "name": "Tiny too"}
    assert api.post("/v1/sets", other, token=org).status == 201
    tid = api.tournament(org, "hack", "booster-draft", settings={
        "product": {"boosters": [{"set": "tiny-demo", "count": 4}]}})["tournament_id"]
    tiny = api.get("/v1/sets/tiny-demo").body["definition"]
    [pins] = _pins(rt, tid, "TournamentCreated")
    assert pins == {"tiny-demo": digest(tiny)}
    # a change of product before the start pins the new product's sets
    assert api.post(f"/v1/tournaments/{tid}/settings", {"settings": {"product": {"boosters": [
        {"set": "tiny-other", "count": 4}]}}}, token=org).status == 200
    [repinned] = _pins(rt, tid, "SettingsChanged")
    assert set(repinned) == {"tiny-other"}
    for p in range(2):
        api.register(tid, f"P{p}")
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", EARLY, token=org).status == 200
    log = api.get(f"/v1/tournaments/{tid}/audit?limit=5000").body
    assert set(log["card_sets"]) == {"tiny-other"}
    outcome = verify(log)
    assert outcome.ok, [d.line() for d in outcome.differences]

    # a forger holding the key rewrites a card of the set and re-signs the manifest
    forged = copy.deepcopy(log)
    forged["card_sets"]["tiny-other"]["cards"][0]["name"] = "Forged"
    reseal(forged)
    lines = [d.line() for d in verify(forged).differences]
    assert any(f"tournament-{tid} v2 SettingsChanged: card_sets.tiny-other: recorded "
               '"sha256' in line for line in lines), lines
    # a pinned set left out, and a set carried that was never pinned
    swapped = copy.deepcopy(log)
    swapped["card_sets"] = {"tiny-demo": tiny}
    reseal(swapped)
    lines = [d.line() for d in verify(swapped).differences]
    assert any("card_sets.tiny-other: recorded \"absent from the log\"" in line
               for line in lines), lines
    assert any("card_sets.tiny-demo: recorded \"carried by the log\"" in line
               for line in lines), lines


def test_a_log_from_before_pins_verifies_with_a_note(api, rt):
    ev = api.started("hack", "booster-draft", players=4)
    assert api.post(f"/v1/tournaments/{ev['tid']}/finish", EARLY,
                    token=ev["organizer"]).status == 200
    log = api.get(f"/v1/tournaments/{ev['tid']}/audit?limit=5000").body
    created = next(e for e in log["events"] if e["type"] == "TournamentCreated")
    assert created["data"]["card_sets_sha256"] == {
        s: digest(d) for s, d in log["card_sets"].items()}
    del created["data"]["card_sets_sha256"]      # as recorded before sets were pinned
    reseal(log)
    outcome = verify(log)
    assert outcome.ok and any("pinned no card set" in w for w in outcome.warnings)
