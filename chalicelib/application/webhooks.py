"""Organizers' webhook endpoints: register, rotate a secret, remove, list them and read an
endpoint's delivery log. Endpoints belong to organizers (``owner``: one refusal, one code).

A registration or rotation records a random nonce; the signing secret is derived from it
with the server secret (``chalicelib/webhooks/derivation.py``) and shown once, after the
commit, by :func:`issued_secret`: neither the event nor the stored idempotent reply holds
it."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..auth import Principal, require_role
from ..domain import streams
from ..domain.errors import Forbidden, NotFound
from ..domain.webhooks import (
    TOPICS,
    WEBHOOKS,
    Endpoint,
    RegisterEndpoint,
    RemoveEndpoint,
    RotateSecret,
    issued_by,
    standard_secret,
)
from ..domain.webhooks.state import EndpointsState
from ..projections.queries.webhooks import attempts_id, log_kind
from ..service import Reply, UnitOfWork
from ..webhooks.derivation import deriver
from ..webhooks.settings import loopback_allowed
from .reads import Reads


def _decided(state: EndpointsState, endpoint_id: str) -> Endpoint:
    """The endpoint just decided on (kept, marked, once removed)."""
    found = state.get(endpoint_id)
    if found is None:
        raise NotFound(f"no webhook endpoint {endpoint_id}", code="not_found")
    return found


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="microseconds")


def owner(actor: Principal) -> str:
    """The organizer (or federation) whose endpoints ``actor`` manages: their own (403
    ``forbidden`` for every other role; the admin has none of its own)."""
    require_role(actor, "organizer", "federation")
    if actor.role not in ("organizer", "federation"):
        raise Forbidden("webhook endpoints belong to organizers and federations")
    return actor.id


def register(uow: UnitOfWork, actor: Principal, nonce: str, url: str, topics: list[str],
             description: str | None) -> dict[str, Any]:
    """A new endpoint signing with the secret of ``nonce``; its public document."""
    org = owner(actor)
    endpoint_id = uow.new_id("w")
    state, _ = uow.decide(WEBHOOKS, org, RegisterEndpoint(
        endpoint_id, url, tuple(topics), nonce, description, loopback_allowed(),
        _iso(uow.now)))
    return _decided(state, endpoint_id).public(_iso(uow.now))


def rotate(uow: UnitOfWork, actor: Principal, endpoint_id: str, nonce: str,
           overlap_seconds: int) -> dict[str, Any]:
    """A new secret (of ``nonce``); the old one keeps signing beside it for
    ``overlap_seconds`` (the domain bounds it; 0 retires it at once)."""
    org = owner(actor)
    state, _ = uow.decide(WEBHOOKS, org, RotateSecret(
        endpoint_id, nonce, overlap_seconds, _iso(uow.now)))
    return _decided(state, endpoint_id).public(_iso(uow.now))


def remove(uow: UnitOfWork, actor: Principal, endpoint_id: str) -> dict[str, Any]:
    org = owner(actor)
    state, _ = uow.decide(WEBHOOKS, org, RemoveEndpoint(
        endpoint_id, _iso(uow.now)))
    return _decided(state, endpoint_id).public(_iso(uow.now))


def issued_secret(reads: Reads, server_secret: str, actor: Principal, reply: Reply,
                  nonce: str) -> str:
    """The secret a register/rotate reply shows once, derived from the nonce its event
    recorded. A replayed reply (a retry, or a concurrent request that lost the race for
    its key) reads the nonce back from the event the first request recorded; events from
    before nonces hold the raw secret, which is returned as it was then."""
    derive = deriver(server_secret)
    if reply.headers.get("Idempotent-Replayed") != "true":
        return derive(nonce)
    secrets = reply.body.get("secrets") or [{"version": 1}]   # replies before rotation
    endpoint_id, version = reply.body["endpoint_id"], secrets[0]["version"]
    for event in reads.service.events.read(streams.webhooks(owner(actor))):
        ref = issued_by(event.event, endpoint_id, version)
        if ref is not None:
            return ref.value(derive)
    raise LookupError(f"no event issued secret {version} of {endpoint_id}")


def shown_secrets(reads: Reads, server_secret: str, actor: Principal, reply: Reply,
                  nonce: str) -> dict[str, str]:
    """What a register/rotate reply shows once: ``secret`` (``X-Podium-Signature``'s key)
    and the same key as Standard Webhooks libraries take it (``whsec_`` + base64 of its
    bytes), which verifies ``webhook-signature``."""
    secret = issued_secret(reads, server_secret, actor, reply, nonce)
    return {"secret": secret, "standard_webhooks_secret": standard_secret(secret)}


# -- queries -------------------------------------------------------------------------

def endpoints(reads: Reads, actor: Principal) -> dict[str, Any]:
    """The organizer's endpoints (never a secret) and the topics there are."""
    org = owner(actor)
    state = reads.state(WEBHOOKS, org)
    now = _iso(reads.service.clock())
    return {"organizer_id": org, "topics": sorted(TOPICS),
            "endpoints": [e.public(now) for e in state.active()]}


def _endpoint(reads: Reads, org: str, endpoint_id: str) -> Endpoint:
    endpoint = reads.state(WEBHOOKS, org).get(endpoint_id)
    if endpoint is None:
        raise NotFound(f"no endpoint {endpoint_id!r}")
    return endpoint


def delivery_document(delivery: dict[str, Any], attempts: dict[str, Any] | None
                      ) -> dict[str, Any]:
    """One delivery as its log shows it: the projected delivery and its attempts so far."""
    attempts = attempts or {}
    return {"delivery_id": delivery["delivery_id"], "topic": delivery["topic"],
            "tournament_id": delivery["tournament_id"], "created_at": delivery["created_at"],
            "status": attempts.get("outcome") or "pending",
            "next_attempt_at": attempts.get("next_attempt_at", delivery["created_at"]),
            "attempts": attempts.get("attempts", []), "payload": delivery["payload"]}


def deliveries(reads: Reads, actor: Principal, endpoint_id: str, after: str | None,
               limit: int) -> dict[str, Any]:
    """Deliveries to one endpoint, oldest first, each with its attempts; ``next``: the
    sort key after the page (None on the last page)."""
    endpoint = _endpoint(reads, owner(actor), endpoint_id)
    page = reads.views.list(log_kind(endpoint_id), after=after, limit=limit + 1)
    items = [delivery_document(view.doc, reads.views.get(attempts_id(view.doc["delivery_id"])))
             for view in page[:limit]]
    return {"endpoint": endpoint.public(_iso(reads.service.clock())), "items": items,
            "next": page[limit - 1].sort if len(page) > limit else None}
