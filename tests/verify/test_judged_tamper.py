"""The judges' records and the clock in the public audit log: committed by the manifest,
their private texts withheld behind commitments, re-derived against play, and each
tampering of them named by its event (``tamper_judging.py``)."""
from __future__ import annotations

import copy
import json

import pytest

from chalicelib.verify.engine import verify
from tests.verify.judged_events import swiss_event, tables_event
from tests.verify.seal import reseal
from tests.verify.tamper_judging import JUDGED, RESEALED

BUILD = {"swiss": swiss_event, "tables": tables_event}
PRIVATE = {"swiss": ("marked cards", "they were sleeved", "the sleeves were new",
                     "stole a card", "peeked at the deck", "seen by two judges"),
           "tables": ("drew extra", "insulted a judge")}


def _private(api, tid: str, token: str) -> dict:
    r = api.get(f"/v1/tournaments/{tid}/audit/private?limit=5000", token=token)
    assert r.status == 200 and r.body["next"] is None, r.body
    return r.body


@pytest.mark.parametrize("name", sorted(BUILD))
def test_judged_event_verifies_keeps_its_texts_private_and_names_each_tampering(api, name):
    doc, done = BUILD[name](api)
    organizer = done["organizer"]
    kinds = {e["stream_id"].split("-")[0] for e in doc["events"]}
    assert {"judging", "clock"} <= kinds
    assert {s.split("-")[0] for s in doc["manifest"]["streams"]} >= {"judging", "clock"}
    text = json.dumps(doc)
    assert not [t for texts in PRIVATE.values() for t in texts if t in text]
    keys = api.get("/v1/.well-known/podium-keys").body
    outcome = verify(doc, keys=keys)
    assert outcome.ok, [d.line() for d in outcome.differences]
    assert outcome.unknown == []
    private = _private(api, doc["tournament_id"], organizer)
    opened = {o["value"] for o in private["openings"]}
    assert {t for t in PRIVATE[name] if any(t in str(v) for v in opened)} == set(PRIVATE[name])
    assert verify(doc, keys=keys, private=private).ok
    for tamper in JUDGED[name]:
        tampered = copy.deepcopy(doc)
        changed, field = tamper(tampered)
        if tamper in RESEALED:
            reseal(tampered)
        found = verify(tampered).findings
        named = [f for f in found if (f.event.stream, f.event.version, f.event.type) == changed
                 and (getattr(f, "field", "(unknown)").startswith(field))]
        assert named, (tamper.__name__, changed, field, [f.line() for f in found])
