"""Webhook endpoints through the use cases: endpoints belong to organizers (one refusal,
one code), the secret shown once is derived from the recorded nonce (a replayed reply
reads it back from the event), rotation keeps the old secret in its overlap, and the
delivery log pages through one endpoint's deliveries."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from chalicelib.application import webhooks
from chalicelib.application.reads import Reads
from chalicelib.auth import Principal
from chalicelib.domain import streams
from chalicelib.domain.errors import Conflict, Forbidden, Invalid, NotFound
from chalicelib.service import Reply
from chalicelib.webhooks.derivation import derive_secret

ORG = Principal("organizer", "o0123456789ab")
OTHER = Principal("organizer", "o0000000000ff")


def reads(rt):
    return Reads(rt.service, rt.views)


def registered(world, url="https://hooks.example/a", nonce="nonce-1"):
    return world.run(webhooks.register, ORG, nonce, url, ["round.paired"], "test")


@pytest.mark.parametrize("actor", [Principal("admin", "admin"),
                                   Principal("player", "p0123456789", tournament_id="t1",
                                             player_id="p0123456789")])
def test_endpoints_belong_to_organizers_and_federations(world, actor):
    with pytest.raises(Forbidden) as refused:
        world.run(webhooks.register, actor, "n", "https://hooks.example/x", ["round.paired"],
                  None)
    assert refused.value.code == "forbidden"
    with pytest.raises(Forbidden):
        webhooks.endpoints(reads(world.rt), actor)
    assert world.rt.events.read(streams.webhooks(actor.id)) == []


def test_register_rotate_remove_and_the_issued_secrets(world):
    doc = registered(world)
    wid = doc["endpoint_id"]
    assert wid.startswith("w") and len(wid) == 13 and "secret" not in doc
    fresh = Reply(201, doc)
    secret = webhooks.issued_secret(reads(world.rt), world.rt.token_secret, ORG, fresh, "nonce-1")
    assert secret == derive_secret(world.rt.token_secret, "nonce-1")
    # a replayed reply (its nonce was another request's) reads the recorded one back
    replayed = Reply(201, doc, {"Idempotent-Replayed": "true"})
    assert webhooks.issued_secret(reads(world.rt), world.rt.token_secret, ORG, replayed,
                                  "a nonce never recorded") == secret
    rotated = world.run(webhooks.rotate, ORG, wid, "nonce-2", 600)
    assert [s["version"] for s in rotated["secrets"]] == [2, 1]
    replayed = Reply(200, rotated, {"Idempotent-Replayed": "true"})
    assert webhooks.issued_secret(reads(world.rt), world.rt.token_secret, ORG, replayed, "x") == \
        derive_secret(world.rt.token_secret, "nonce-2")
    listed = webhooks.endpoints(reads(world.rt), ORG)
    assert [e["endpoint_id"] for e in listed["endpoints"]] == [wid]
    assert "round.paired" in listed["topics"]
    removed = world.run(webhooks.remove, ORG, wid)
    assert removed["removed_at"] is not None
    assert webhooks.endpoints(reads(world.rt), ORG)["endpoints"] == []


def test_refusals_keep_their_codes_and_record_nothing(world):
    wid = registered(world)["endpoint_id"]
    before = len(world.rt.events.read(streams.webhooks(ORG.id)))
    with pytest.raises(Invalid) as refused:
        world.run(webhooks.register, ORG, "n", "http://hooks.example/x", ["round.paired"], None)
    assert refused.value.code == "invalid_endpoint"
    with pytest.raises(Conflict):
        registered(world)                                   # the same URL again
    with pytest.raises(NotFound):
        world.run(webhooks.rotate, OTHER, wid, "n", 60)
    with pytest.raises(NotFound):
        webhooks.deliveries(reads(world.rt), OTHER, wid, None, 10)
    assert len(world.rt.events.read(streams.webhooks(ORG.id))) == before


class Views:
    """Projected documents in memory: (kind, sort, doc) by id."""

    def __init__(self):
        self.docs = {}

    def put(self, view_id, doc, kind="", sort=""):
        self.docs[view_id] = (kind, sort, doc)

    def get(self, view_id):
        found = self.docs.get(view_id)
        return found[2] if found else None

    def list(self, kind, after=None, limit=100):
        rows = sorted((sort, doc) for k, sort, doc in self.docs.values() if k == kind)
        return [SimpleNamespace(sort=sort, doc=doc) for sort, doc in rows
                if after is None or sort > after][:limit]


def test_the_delivery_log_pages_through_one_endpoints_deliveries(world):
    wid = registered(world)["endpoint_id"]
    views = Views()
    for k in range(3):
        views.put(f"webhook-delivery:d{k}", {
            "delivery_id": f"d{k}", "endpoint_id": wid, "organizer_id": ORG.id,
            "tournament_id": "t0123456789ab", "topic": "round.paired",
            "created_at": f"2026-01-0{k + 1}T00:00:00+00:00", "payload": {"n": k}},
            kind=f"webhook-log|{wid}", sort=f"2026-01-0{k + 1}|d{k}")
    views.put("webhook-attempts:d0", {"outcome": "delivered", "next_attempt_at": None,
                                      "attempts": [{"status_code": 200}]})
    read = Reads(world.rt.service, views)
    first = webhooks.deliveries(read, ORG, wid, None, 2)
    assert first["endpoint"]["endpoint_id"] == wid
    assert [i["delivery_id"] for i in first["items"]] == ["d0", "d1"]
    assert first["items"][0]["status"] == "delivered"
    assert first["items"][0]["next_attempt_at"] is None
    assert first["items"][1] == {
        "delivery_id": "d1", "topic": "round.paired", "tournament_id": "t0123456789ab",
        "created_at": "2026-01-02T00:00:00+00:00", "status": "pending",
        "next_attempt_at": "2026-01-02T00:00:00+00:00", "attempts": [], "payload": {"n": 1}}
    assert first["next"] == "2026-01-02|d1"
    rest = webhooks.deliveries(read, ORG, wid, first["next"], 2)
    assert [i["delivery_id"] for i in rest["items"]] == ["d2"] and rest["next"] is None
