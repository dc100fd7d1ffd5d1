"""Organizers' webhook endpoints and their delivery logs."""
from __future__ import annotations

import uuid
from datetime import UTC, datetime

from chalice import Blueprint
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ..auth import authenticate, require_role
from ..domain.errors import Forbidden, NotFound
from ..domain.webhooks import (
    DEFAULT_OVERLAP_SECONDS,
    TOPICS,
    WEBHOOKS,
    RegisterEndpoint,
    RemoveEndpoint,
    RotateSecret,
    issued_by,
)
from ..projections.webhooks import attempts_id, log_kind
from ..runtime import runtime
from ..service import Reply
from ..webhooks import inline, worker
from ..webhooks.derivation import deriver, new_nonce
from ..webhooks.settings import loopback_allowed
from .http import (
    cursor_param,
    encode_cursor,
    idempotency_from,
    json_route,
    parse_body,
    query_int,
    respond,
    with_secret,
)
from .links import link

bp = Blueprint(__name__)
inline.set_runner(worker.drain_inline)


class EndpointBody(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    url: str = Field(min_length=8, max_length=2000)
    topics: list[str] = Field(min_length=1, max_length=len(TOPICS))
    description: str | None = Field(default=None, max_length=200)


class RotateBody(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    overlap_seconds: StrictInt = DEFAULT_OVERLAP_SECONDS     # bounds: the domain's


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="microseconds")


def _issued_secret(rt, org: str, reply: Reply, nonce: str) -> str:
    """The secret a register/rotate reply shows once, derived from the nonce its event
    recorded (neither the event nor the stored idempotent reply holds the secret). A
    replayed reply (a retry, or a concurrent request that lost the race for its key) reads
    the nonce back from the event the first request recorded; events from before nonces
    hold the raw secret, which is returned as it was then."""
    derive = deriver(rt.token_secret)
    if reply.headers.get("Idempotent-Replayed") != "true":
        return derive(nonce)
    secrets = reply.body.get("secrets") or [{"version": 1}]   # replies before rotation
    endpoint_id, version = reply.body["endpoint_id"], secrets[0]["version"]
    for event in rt.events.read(_stream(org)):
        ref = issued_by(event.type, event.data, endpoint_id, version)
        if ref is not None:
            return ref.value(derive)
    raise LookupError(f"no event issued secret {version} of {endpoint_id}")


def _stream(organizer_id: str) -> str:
    return f"webhooks-{organizer_id}"


def _owner(principal, rt):
    """Organizers manage their own endpoints (the admin has none of its own)."""
    require_role(principal, "organizer")
    if principal.role != "organizer":
        raise Forbidden("webhook endpoints belong to organizers")
    return principal.id


@json_route(bp, "/webhooks", methods=["POST"])
def register_endpoint():
    rt = runtime()
    request = bp.current_request
    principal = authenticate(request, rt)
    org = _owner(principal, rt)
    body = parse_body(request, EndpointBody)
    idem = idempotency_from(request, principal.id)
    nonce = new_nonce()
    endpoint_id = "w" + uuid.uuid4().hex[:12]

    def work(uow):
        state, _ = uow.decide(WEBHOOKS, _stream(org), RegisterEndpoint(
            endpoint_id, body.url, tuple(body.topics), nonce, body.description,
            loopback_allowed(), _iso(uow.now)))
        return Reply(201, state.get(endpoint_id).public(_iso(uow.now)),
                     {"Location": link(f"/webhooks/{endpoint_id}")})
    reply = rt.service.run(work, idempotency=idem, meta={"actor": principal.ref()})
    return respond(with_secret(reply, "secret", _issued_secret(rt, org, reply, nonce)))


@json_route(bp, "/webhooks", methods=["GET"])
def list_endpoints():
    rt = runtime()
    org = _owner(authenticate(bp.current_request, rt), rt)
    state, _ = rt.service.read(WEBHOOKS, _stream(org))
    now = _iso(datetime.now(UTC))
    return {"organizer_id": org, "topics": sorted(TOPICS),
            "endpoints": [e.public(now) for e in state.active()]}


def _endpoint(rt, org: str, endpoint_id: str):
    state, _ = rt.service.read(WEBHOOKS, _stream(org))
    endpoint = state.get(endpoint_id)
    if endpoint is None:
        raise NotFound(f"no endpoint {endpoint_id!r}")
    return endpoint


@json_route(bp, "/webhooks/{wid}", methods=["DELETE"])
def remove_endpoint(wid):
    rt = runtime()
    request = bp.current_request
    principal = authenticate(request, rt)
    org = _owner(principal, rt)

    def work(uow):
        state, _ = uow.decide(WEBHOOKS, _stream(org), RemoveEndpoint(wid, _iso(uow.now)))
        return Reply(200, state.get(wid).public(_iso(uow.now)))
    return respond(rt.service.run(work, idempotency=idempotency_from(request, principal.id),
                                  meta={"actor": principal.ref()}))


@json_route(bp, "/webhooks/{wid}/rotate-secret", methods=["POST"])
def rotate_secret(wid):
    """A new signing secret (shown only in this reply); the old one keeps signing beside
    it for ``overlap_seconds`` (default 24 h, at most 7 days; 0 retires it at once)."""
    rt = runtime()
    request = bp.current_request
    principal = authenticate(request, rt)
    org = _owner(principal, rt)
    body = parse_body(request, RotateBody, allow_empty=True)
    idem = idempotency_from(request, principal.id)
    nonce = new_nonce()

    def work(uow):
        state, _ = uow.decide(WEBHOOKS, _stream(org), RotateSecret(
            wid, nonce, body.overlap_seconds, _iso(uow.now)))
        return Reply(200, state.get(wid).public(_iso(uow.now)))
    reply = rt.service.run(work, idempotency=idem, meta={"actor": principal.ref()})
    return respond(with_secret(reply, "secret", _issued_secret(rt, org, reply, nonce)))


@json_route(bp, "/webhooks/{wid}/deliveries", methods=["GET"])
def delivery_log(wid):
    """Deliveries to one endpoint, oldest first, each with its attempts."""
    rt = runtime()
    request = bp.current_request
    org = _owner(authenticate(request, rt), rt)
    endpoint = _endpoint(rt, org, wid)
    after = cursor_param(request)
    limit = query_int(request, "limit", 50, 1, 200)
    page = rt.views.list(log_kind(wid), after=after, limit=limit + 1)
    items = []
    for view in page[:limit]:
        doc = view.doc
        attempts = rt.views.get(attempts_id(doc["delivery_id"])) or {}
        items.append({"delivery_id": doc["delivery_id"], "topic": doc["topic"],
                      "tournament_id": doc["tournament_id"], "created_at": doc["created_at"],
                      "status": attempts.get("outcome") or "pending",
                      "next_attempt_at": attempts.get("next_attempt_at",
                                                      doc["created_at"]),
                      "attempts": attempts.get("attempts", []),
                      "payload": doc["payload"]})
    more = len(page) > limit
    return {"endpoint": endpoint.public(_iso(datetime.now(UTC))), "items": items,
            "next": encode_cursor(page[limit - 1].sort) if more else None}
