"""Organizers' webhook endpoints and their delivery logs over HTTP. The use cases are in
``application/webhooks.py``; a register or rotate reply adds the secret it issued after
the commit (the stored idempotent reply never holds it)."""
from __future__ import annotations

from collections.abc import Callable

from chalice import Blueprint
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ..application import webhooks
from ..domain.webhooks import DEFAULT_OVERLAP_SECONDS, TOPICS
from ..runtime import runtime
from ..webhooks.derivation import new_nonce
from .common import caller, command, reads
from .http import cursor_param, json_route, next_cursor, parse_body, query_int

bp = Blueprint(__name__)


class EndpointBody(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    url: str = Field(min_length=8, max_length=2000)
    # the domain refuses an unknown topic (422 invalid_endpoint); the spec names them
    topics: list[str] = Field(min_length=1, max_length=len(TOPICS),
                              json_schema_extra={"items": {"enum": [*sorted(TOPICS)]}})
    description: str | None = Field(default=None, max_length=200)


class RotateBody(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    overlap_seconds: StrictInt = DEFAULT_OVERLAP_SECONDS     # bounds: the domain's


def _issuing(request, principal, status: int, use_case: Callable,
             location: str | None = None):
    """Run ``use_case(uow, principal, nonce)``, which issues the secret of a fresh nonce;
    the reply shows that secret (in both forms: ``application/webhooks.shown_secrets``)."""
    nonce = new_nonce()
    return command(request, principal, status, use_case, nonce, location=location,
                   reveal=lambda reply: webhooks.shown_secrets(
                       reads(), runtime().token_secret, principal, reply, nonce))


@json_route(bp, "/webhooks", methods=["POST"])
def register_endpoint():
    request, principal = bp.current_request, caller(bp.current_request)
    webhooks.owner(principal)
    body = parse_body(request, EndpointBody)
    return _issuing(request, principal, 201, lambda uow, actor, nonce: webhooks.register(
        uow, actor, nonce, body.url, body.topics, body.description),
        location="/webhooks/{endpoint_id}")


@json_route(bp, "/webhooks", methods=["GET"])
def list_endpoints():
    return webhooks.endpoints(reads(), caller(bp.current_request))


@json_route(bp, "/webhooks/{wid}", methods=["DELETE"])
def remove_endpoint(wid):
    request, principal = bp.current_request, caller(bp.current_request)
    return command(request, principal, 200, webhooks.remove, wid)


@json_route(bp, "/webhooks/{wid}/rotate-secret", methods=["POST"])
def rotate_secret(wid):
    """A new signing secret (shown only in this reply); the old one keeps signing beside
    it for ``overlap_seconds`` (default 24 h, at most 7 days; 0 retires it at once)."""
    request, principal = bp.current_request, caller(bp.current_request)
    webhooks.owner(principal)
    body = parse_body(request, RotateBody, allow_empty=True)
    return _issuing(request, principal, 200, lambda uow, actor, nonce: webhooks.rotate(
        uow, actor, wid, nonce, body.overlap_seconds))


@json_route(bp, "/webhooks/{wid}/deliveries", methods=["GET"])
def delivery_log(wid):
    """Deliveries to one endpoint, oldest first, each with its attempts."""
    request, principal = bp.current_request, caller(bp.current_request)
    webhooks.owner(principal)
    doc = webhooks.deliveries(reads(), principal, wid, cursor_param(request),
                              query_int(request, "limit", 50, 1, 200))
    return {**doc, "next": next_cursor(doc["next"])}
