"""openapi.yaml's `webhooks` section against real deliveries: whole events run through the
app with an endpoint (a loopback receiver) subscribed to every topic, and each body the
receiver gets must fit its topic's schema in the spec (closed objects: a renamed, added or
missing field fails), with every header the spec lists. Together the events deliver every
domain event behind every topic, so no payload shape goes unchecked; and the spec's topics
and events are the ones the code sends."""
from __future__ import annotations

import json
import time

import pytest
from jsonschema import Draft202012Validator

from chalicelib.domain.webhooks import TOPICS
from chalicelib.domain.webhooks.catalog import SOURCE_EVENTS
from tests.api.test_reports import federation
from tests.api.test_tables import report_all, seat
from tests.api.test_webhooks import local_hooks, register, wait_for  # noqa: F401 - fixture
from tests.support.spec import _registry, spec

ALL_TOPICS = sorted(TOPICS)

# The domain events each whole event below delivers (together: every source event).
SWISS_EVENTS = {"DraftFinished", "RoundPaired", "ResultReported", "ResultConfirmed",
                "ResultEntered", "ResultCorrected", "TopCutStarted", "CutAdvanced",
                "TournamentFinished"}
TABLES_EVENTS = {"TablesRoundSeated", "TablesTableReported", "PenaltyGiven", "AppealDecided",
                 "TablesFinalSeated", "TablesFinalReported", "TournamentFinished"}
FFA_EVENTS = {"FfaPodReported", "TournamentFinished"}
TABLE_DRAFT_EVENTS = {"TableDraftCompleted"}
# a mixed draft's crypt table ends with TableDraftCompleted, which is no finished draft
MIXED_DRAFT_EVENTS = {"MixedDraftCompleted"}
CREATED_EVENTS = {"TournamentCreated"}
LEDGER_EVENTS = {"LedgerEventRecorded", "LedgerEventInvalidated"}     # a federation's


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def _operation(topic: str) -> dict:
    return spec()["webhooks"][topic]["post"]


def _body_pointer(topic: str) -> str:
    return "#/" + _pointer("webhooks", topic, "post", "requestBody", "content",
                           "application/json", "schema")


def _resolved(schema: dict) -> dict:
    if "$ref" in schema:
        return _registry().resolver().lookup("urn:podium-spec" + schema["$ref"]).contents
    return schema


def _variants(pointer: str) -> list[tuple[str, dict]]:
    """(pointer, schema) of each shape a body schema allows (its oneOf, or itself)."""
    schema = _registry().resolver().lookup("urn:podium-spec" + pointer).contents
    if "$ref" in schema:
        return _variants(schema["$ref"])
    if "oneOf" in schema:
        return [v for i, s in enumerate(schema["oneOf"])
                for v in _variants(s.get("$ref") or f"{pointer}/oneOf/{i}")]
    return [(pointer, schema)]


def _errors(pointer: str, instance) -> list[str]:
    validator = Draft202012Validator({"$ref": f"urn:podium-spec{pointer}"},
                                     registry=_registry())
    return [f"{e.message} at {list(e.absolute_path)}"
            for e in sorted(validator.iter_errors(instance), key=lambda e: list(e.path))]


def check_delivery(headers: dict[str, str], body: bytes) -> dict:
    """The delivery fits the spec: its body the topic's schema (the shape of its event
    first, for a precise message), its headers the ones listed (names case-insensitive,
    values their schemas)."""
    payload = json.loads(body)
    topic, event = payload["topic"], payload["event"]
    assert topic in spec()["webhooks"], f"{topic}: not in openapi.yaml's webhooks"
    shapes = [where for where, s in _variants(_body_pointer(topic))
              if s["properties"]["event"].get("const") == event]
    assert len(shapes) == 1, f"{topic}: openapi.yaml has no one shape for {event}"
    errors = _errors(shapes[0], payload) or _errors(_body_pointer(topic), payload)
    assert not errors, f"{topic} {event}: the body does not match the spec: {errors[0]}"
    for i, parameter in enumerate(_operation(topic)["parameters"]):
        assert parameter["in"] == "header"
        name = parameter["name"].lower()
        assert name in headers, f"{topic}: header {parameter['name']} was not sent"
        value = headers[name]
        if _resolved(parameter["schema"]).get("type") == "integer" and value.isdigit():
            value = int(value)
        where = "#/" + _pointer("webhooks", topic, "post", "parameters", str(i), "schema")
        errors = _errors(where, value)
        assert not errors, f"{topic}: header {parameter['name']}: {errors[0]}"
    assert headers["x-podium-topic"] == topic
    assert headers["x-podium-delivery"] == headers["webhook-id"] == payload["id"]
    return payload


class Deliveries:
    """A loopback endpoint of the organizer, subscribed to every topic."""

    def __init__(self, api, org, make_receiver):
        self.receiver = make_receiver()
        self.hook = register(api, org, self.receiver.url, ALL_TOPICS)

    def checked(self, events: set[str]) -> list[dict]:
        """Waits until every one of ``events`` was delivered, then checks every delivery
        against the spec; the payloads."""
        def seen():
            got = {json.loads(body)["event"] for _, body in list(self.receiver.received)}
            return got >= events
        wait_for(seen, timeout=30)
        time.sleep(0.3)                       # anything still on its way
        payloads = [check_delivery(h, b) for h, b in list(self.receiver.received)]
        assert {p["event"] for p in payloads} == events
        assert len({p["id"] for p in payloads}) == len(payloads)     # each delivered once
        return payloads


@pytest.fixture
def deliveries(local_hooks):  # noqa: F811 - fixture
    return lambda api, org: Deliveries(api, org, local_hooks)


# -- the spec against the code ------------------------------------------------------------

def test_the_spec_describes_every_topic_and_only_those():
    assert set(spec()["webhooks"]) == set(TOPICS)


@pytest.mark.parametrize("topic", ALL_TOPICS)
def test_each_topic_names_the_events_the_code_sends_under_it(topic):
    body = _operation(topic)["requestBody"]["content"]["application/json"]
    variants = [schema for _, schema in _variants(_body_pointer(topic))]
    assert {v["properties"]["topic"]["const"] for v in variants} == {topic}
    assert sorted(v["properties"]["event"]["const"] for v in variants) == sorted(TOPICS[topic])
    assert all(v["additionalProperties"] is False for v in variants)
    examples = [body["example"]] if "example" in body else [
        e["value"] for e in body["examples"].values()]
    assert {e["event"] for e in examples} == set(TOPICS[topic])     # one per event at least
    for example in examples:                 # every example fits its own schema
        errors = _errors(_body_pointer(topic), example)
        assert not errors, f"{topic}: example of {example.get('event')}: {errors[0]}"


def test_the_events_below_deliver_every_source_event():
    covered = (SWISS_EVENTS | TABLES_EVENTS | FFA_EVENTS | TABLE_DRAFT_EVENTS
               | MIXED_DRAFT_EVENTS | CREATED_EVENTS | LEDGER_EVENTS)
    assert covered == set(SOURCE_EVENTS)


# -- real deliveries ----------------------------------------------------------------------

def test_a_swiss_event_with_a_draft_and_a_top_cut(api, deliveries):
    event = api.started("munchkin", "booster-draft", players=4)
    tid, org = event["tid"], event["organizer"]
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    hooks = deliveries(api, org)
    api.draft(event)                                               # DraftFinished
    base = f"/v1/tournaments/{tid}/swiss"
    first = api.post(f"{base}/rounds", token=org)
    assert first.status == 201, first.body
    phone, judged = first.body["matches"]
    r = api.post(f"{base}/matches/{phone['match_id']}/result", {"a": 1, "b": 0},
                 token=tokens[phone["a"]])                         # ResultReported
    assert r.status == 200 and r.body["status"] == "reported", r.body
    r = api.post(f"{base}/matches/{phone['match_id']}/confirm", token=tokens[phone["b"]])
    assert r.status == 200, r.body                                 # ResultConfirmed
    r = api.post(f"{base}/matches/{judged['match_id']}/result", {"a": 0, "b": 1},
                 token=org)                                        # ResultEntered
    assert r.status == 200, r.body
    r = api.post(f"{base}/matches/{phone['match_id']}/correction",
                 {"a": 0, "b": 1, "reason": "slip swapped"}, token=org)
    assert r.status == 200, r.body                                 # ResultCorrected
    while (paired := api.post(f"{base}/rounds", token=org)).status == 201:
        for m in paired.body["matches"]:
            assert api.post(f"{base}/matches/{m['match_id']}/result", {"a": 1, "b": 0},
                            token=org).status == 200
    cut = api.post(f"{base}/top-cut", {"size": 4}, token=org)    # TopCutStarted
    assert cut.status == 201, cut.body
    for m in cut.body["rounds"][0]["matches"]:                     # CutAdvanced
        assert api.post(f"{base}/matches/{m['match_id']}/result", {"a": 1, "b": 0},
                        token=org).status == 200
    assert api.post(f"{base}/matches/C2-1/result", {"a": 2, "b": 1},
                    token=org).status == 200
    assert api.post(f"/v1/tournaments/{tid}/finish", token=org).status == 200
    payloads = hooks.checked(SWISS_EVENTS)
    draft = next(p for p in payloads if p["event"] == "DraftFinished")
    assert draft["data"]["pod"] == 1 and draft["source"]["stream"] == f"pod-{tid}-1"
    paired = next(p for p in payloads if p["event"] == "RoundPaired")
    assert paired["data"]["matches"][0]["id"] == "R1-1" and "pairs" not in paired["data"]


def test_a_tables_event_with_penalties_and_a_final(api, deliveries):
    org = api.organizer()
    tid = api.tournament(org, "vtes", "sealed")["tournament_id"]
    players = [api.register(tid, f"Player {i + 1}") for i in range(10)]
    judges = [api.post(f"/v1/tournaments/{tid}/judges", {"name": f"Judge {i}"},
                       token=org).body for i in (1, 2)]
    head, floor = judges
    assert api.post(f"/v1/tournaments/{tid}/judging/officials",
                    {"head_judge": head["judge_id"]}, token=org).status == 200
    hooks = deliveries(api, org)
    assert api.post(f"/v1/tournaments/{tid}/start", token=org).status == 200
    event = {"tid": tid, "organizer": org, "players": players}
    api.hand_out(event)
    for _ in range(3):                                 # TablesRoundSeated, TablesTableReported
        report_all(api, event, seat(api, event))
    ann = players[0]
    penalties = f"/v1/tournaments/{tid}/penalties"
    given = api.post(penalties, {"player_id": ann["player_id"], "kind": "warning",
                                 "reason": "slow play", "infraction": "slow_play"},
                     token=floor["token"])                         # PenaltyGiven
    assert given.status == 201, given.body
    appeal = f"{penalties}/{given.body['penalty_id']}/appeal"
    assert api.post(appeal, {"statement": "I was waiting for a judge"},
                    token=ann["token"]).status == 201
    assert api.post(f"{appeal}/decision", {"decision": "overturned", "note": "a judge was called"},
                    token=head["token"]).status == 200             # AppealDecided
    final = api.post(f"/v1/tournaments/{tid}/tables/final", token=org)
    assert final.status == 201, final.body
    tokens = {p["player_id"]: p["token"] for p in players}
    for player in reversed(final.body["qualifiers"]):              # TablesFinalSeated
        r = api.post(f"/v1/tournaments/{tid}/tables/final/cards", {"position": 0},
                     token=tokens[player])
        assert r.status == 200, r.body
    vp = dict.fromkeys(final.body["qualifiers"], 0)
    vp[final.body["qualifiers"][1]] = 3
    assert api.post(f"/v1/tournaments/{tid}/tables/final/result", {"vp": vp},
                    token=org).status == 200                       # TablesFinalReported
    assert api.post(f"/v1/tournaments/{tid}/finish", token=org).status == 200
    payloads = hooks.checked(TABLES_EVENTS)
    penalty = next(p for p in payloads if p["event"] == "PenaltyGiven")
    assert penalty["topic"] == "penalty.recorded"
    assert penalty["data"]["penalty_id"] == given.body["penalty_id"]


def test_free_for_all_pods_and_an_incomplete_finish(api, deliveries):
    event = api.ready("mtg", "sealed", players=6)
    tid, org = event["tid"], event["organizer"]
    ids = [p["player_id"] for p in event["players"]]
    hooks = deliveries(api, org)
    r = api.post(f"/v1/tournaments/{tid}/ffa/pods/1/result",
                 {"winner": ids[0], "eliminated": [ids[2], ids[1]]}, token=org)
    assert r.status == 200, r.body                                 # FfaPodReported
    assert api.post(f"/v1/tournaments/{tid}/finish",
                    {"incomplete": True, "reason": "the venue closed"},
                    token=org).status == 200                       # TournamentFinished
    payloads = hooks.checked(FFA_EVENTS)
    finished = next(p for p in payloads if p["event"] == "TournamentFinished")
    assert finished["data"]["incomplete"]["reason"] == "the venue closed"


def test_a_table_draft(api, deliveries):
    event = api.started("vtes", "table-draft", players=4, settings={"draft": {"packs": 1}})
    tid, org = event["tid"], event["organizer"]
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    hooks = deliveries(api, org)
    base = f"/v1/tournaments/{tid}/table-draft"
    assert api.post(base, {"review_seconds": 0}, token=org).status == 201
    pod = f"{base}/pods/1"
    while (view := api.get(pod).body)["status"] == "drafting":
        r = api.post(f"{pod}/picks", {"card": view["table"][0]["card"]},
                     token=tokens[view["picker"]])
        assert r.status == 200, r.body                             # TableDraftCompleted
    (payload,) = hooks.checked(TABLE_DRAFT_EVENTS)
    assert payload["data"]["pod"] == 1 and set(payload["data"]["pools"]) == set(tokens)


def test_a_mixed_draft(api, deliveries):
    event = api.started("vtes", "mixed-draft", players=4, settings={"product": {
        "boosters": [{"set": "sample-vtes", "count": 2}], "starters": []}})
    tid, org = event["tid"], event["organizer"]
    tokens = {p["player_id"]: p["token"] for p in event["players"]}
    hooks = deliveries(api, org)
    base = f"/v1/tournaments/{tid}/mixed-draft"
    assert api.post(base, {"pile_size": 6, "review_seconds": 0}, token=org).status == 201
    pod = f"{base}/pods/1"
    while (view := api.get(pod).body)["status"] == "crypt":
        crypt = view["crypt_draft"]
        r = api.post(f"{pod}/crypt-picks", {"card": crypt["table"][0]["card"]},
                     token=tokens[crypt["picker"]])
        assert r.status == 200, r.body
    while (view := api.get(pod).body)["status"] == "library":
        player = next(p for p in tokens if view["library_draft"][p]["waiting"])
        me = api.get(f"{pod}/me", token=tokens[player]).body
        r = api.post(f"{pod}/library-picks", {"card": me["pack"]["cards"][0],
                                              "pack": me["pack"]["id"]}, token=tokens[player])
        assert r.status == 200, r.body                             # MixedDraftCompleted
    [payload] = hooks.checked(MIXED_DRAFT_EVENTS)      # draft.finished once, at the end
    assert payload["event"] == "MixedDraftCompleted"
    assert payload["source"]["stream"] == f"mixed-{tid}-1"
    assert payload["data"]["pod"] == 1 and set(payload["data"]["pools"]) == set(tokens)


def test_a_created_tournament_sends_its_seed_commitment_and_nothing_private(api, deliveries):
    """issue 25: the seed's commitment reaches the organizer's endpoints (a federation's
    among them) at creation, an anchor outside Podium; never the seed or the code."""
    org = api.organizer()
    hooks = deliveries(api, org)
    created = api.tournament(org, "vtes", "sealed",
                             settings={"registration": {"code": "open sesame"}})
    (payload,) = hooks.checked(CREATED_EVENTS)
    assert payload["data"]["seed_sha256"] == created["seed_sha256"]
    assert payload["tournament_id"] == created["tournament_id"]
    text = json.dumps(payload)
    assert "settings" not in payload["data"] and "registration_code" not in text
    assert '"seed"' not in text


def test_a_federations_ledger_sends_the_ratings_it_moved(api, deliveries):
    """issue 27: a federation's own endpoint hears of every ledger event that moved a
    rating (recorded, corrected, invalidated), with the changes only, never the record."""
    fed = federation(api)
    hooks = deliveries(api, fed)
    csv = "rank,name,vekn,gw,vp,tp,finalist\r\n1,Ben,1000002,3,9,120,1\r\n" \
          "2,Cleo,1000011,0,1,40,1\r\n"
    body = {"external_id": "E5", "name": "Event E5", "csv": csv, "group": "constructed",
            "tier": "sanctioned", "continent": "europe", "date": "2026-07-01",
            "reported_at": "2026-07-02"}
    recorded = api.post("/v1/ledger/imports", body, token=fed)
    assert recorded.status == 200 and recorded.body["changes"], recorded.body
    invalidated = api.post("/v1/ledger/events/x-E5/invalidation",
                           {"reason": "fraudulent results"}, token=fed)
    assert invalidated.status == 200 and invalidated.body["changes"]
    payloads = {p["event"]: p for p in hooks.checked(LEDGER_EVENTS)}
    assert payloads["LedgerEventRecorded"]["data"]["changes"] == recorded.body["changes"]
    assert payloads["LedgerEventInvalidated"]["data"]["changes"] == \
        invalidated.body["changes"]
    assert all(p["tournament_id"] is None for p in payloads.values())
    assert "players" not in json.dumps(payloads)         # the record stays in the ledger
