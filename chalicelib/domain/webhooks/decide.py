"""An organizer's webhook endpoints (stream ``webhooks-<organizer id>``).

Events: ``WebhookEndpointRegistered`` {endpoint_id, url, topics, secret_nonce, description,
at}; ``WebhookEndpointRemoved`` {endpoint_id, at}; ``WebhookSecretRotated`` (see
``rotation.py``). Events hold no secret, only the nonce it is derived from with the
server secret (``secret_ref.py``); events recorded before nonces carry the raw ``secret``
and keep working. Only the reply issuing a secret and the delivery worker derive it; no
view, log or other reply shows it."""
from __future__ import annotations

import re
from typing import Any

from ..decider import Handler, dispatch
from ..errors import Conflict, Invalid, NotFound
from ..events import Event
from .addresses import address_problem, host_address
from .catalog import TOPICS
from .commands import RegisterEndpoint, RemoveEndpoint
from .events import WebhookEndpointRegistered, WebhookEndpointRemoved
from .rotation import RotateSecret, rotation_event
from .state import EndpointsState

MAX_ENDPOINTS = 10
URL = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://(?P<userinfo>[^@/?#]*@)?"
                 r"(?P<host>\[[0-9A-Fa-f:.]+\]|[^:/?#\[\]@]*)(?::(?P<port>[0-9]{1,5}))?"
                 r"(?P<path>[/?][^#\s]*)?(?P<fragment>#.*)?$")


def validate_url(url: str, allow_loopback: bool) -> list[str]:
    """Problems with an endpoint URL (empty when fine). HTTPS only, to a public host;
    plain HTTP to the loopback interface only where ``allow_loopback`` (local runs and
    tests)."""
    problems = []
    parts = URL.match(url)
    if parts is None:
        return ["is not an absolute URL"]
    host = parts["host"].strip("[]").lower()
    scheme = parts["scheme"].lower()
    if len(url) > 2000:
        problems.append("at most 2000 characters")
    if not host:
        problems.append("needs a host")
    if parts["userinfo"]:
        problems.append("must not carry credentials")
    if parts["fragment"]:
        problems.append("must not have a fragment")
    if parts["port"] and not 0 < int(parts["port"]) < 65536:
        problems.append("has an invalid port")
    address = host_address(host)
    loopback = address is not None and address.is_loopback
    if scheme == "http":
        if not (loopback and allow_loopback):
            problems.append("must use https (http only to the loopback address where "
                            "local endpoints are enabled)")
    elif scheme != "https":
        problems.append("must use https")
    elif loopback and not allow_loopback:
        problems.append("must not point at this host")
    problem = None if address is None else address_problem(address,
                                                          loopback and allow_loopback)
    if problem:
        problems.append(f"must not point at a private, special-purpose or reserved "
                        f"address ({address} is {problem})")
    return problems


def _register(cmd: RegisterEndpoint, state: EndpointsState) -> list[Event]:
    problems = [{"field": "url", "message": m} for m in validate_url(cmd.url, cmd.allow_loopback)]
    unknown = sorted(set(cmd.topics) - set(TOPICS))
    if unknown:
        problems.append({"field": "topics", "message": f"unknown topics {unknown}; known: "
                         f"{sorted(TOPICS)}"})
    if not cmd.topics:
        problems.append({"field": "topics", "message": "subscribe to at least one topic"})
    if problems:
        raise Invalid("the endpoint is refused", problems, code="invalid_endpoint")
    if len(state.active()) >= MAX_ENDPOINTS:
        raise Conflict(f"at most {MAX_ENDPOINTS} endpoints per organizer",
                       code="too_many_endpoints")
    if any(e.url == cmd.url for e in state.active()):
        raise Conflict("this URL is already registered", code="duplicate_endpoint")
    if not cmd.secret_nonce:
        raise Invalid("a secret nonce is required", code="invalid_endpoint")
    return [WebhookEndpointRegistered(
        endpoint_id=cmd.endpoint_id, url=cmd.url, topics=sorted(set(cmd.topics)),
        secret_nonce=cmd.secret_nonce, legacy_secret=None, description=cmd.description,
        at=cmd.now)]


def _remove(cmd: RemoveEndpoint, state: EndpointsState) -> list[Event]:
    endpoint = state.get(cmd.endpoint_id)
    if endpoint is None or endpoint.removed_at is not None:
        raise NotFound(f"no endpoint {cmd.endpoint_id!r}")
    return [WebhookEndpointRemoved(endpoint_id=cmd.endpoint_id, at=cmd.now)]


def _rotate(cmd: RotateSecret, state: EndpointsState) -> list[Event]:
    endpoint = state.get(cmd.endpoint_id)
    if endpoint is None or endpoint.removed_at is not None:
        raise NotFound(f"no endpoint {cmd.endpoint_id!r}")
    return [rotation_event(cmd, endpoint)]


_HANDLERS: dict[type, Handler[EndpointsState]] = {
    RegisterEndpoint: _register, RemoveEndpoint: _remove, RotateSecret: _rotate}


def decide(cmd: Any, state: EndpointsState) -> list[Event]:
    return dispatch("webhook endpoints", _HANDLERS, cmd, state)
