"""projections/webhooks.py: each organizer's endpoints, one delivery (and its due entry)
per subscribed event, and the attempts the worker recorded."""
from __future__ import annotations

from chalicelib.domain.webhooks.events import WebhookEndpointRegistered
from chalicelib.projections.queries.webhooks import delivery_doc_id
from tests.projections.harness import assert_exactly_once_and_rebuildable, from_log, prefixed

MINE = prefixed("webhooks:", "webhook-")


def test_endpoints_and_deliveries_from_the_events(tmp_path):
    p = from_log(tmp_path, "extras", MINE)
    registered = [s for s in p.delivered if isinstance(s.event, WebhookEndpointRegistered)]
    assert registered
    for s in registered:
        org = s.stream_id.split("-", 1)[1]
        endpoints = p.doc(f"webhooks:{org}")["endpoints"]
        assert s.event.endpoint_id in [e["endpoint_id"] for e in endpoints]
    deliveries = {v: d for v, d in p.docs().items() if v.startswith("webhook-delivery:")}
    assert deliveries
    for view_id, doc in deliveries.items():
        assert view_id == delivery_doc_id(doc["delivery_id"])
        assert doc["payload"]["topic"] == doc["topic"]


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "extras", MINE))
