"""The evolve function of the webhook-endpoints aggregate (stream ``webhooks-<organizer id>``)."""
from __future__ import annotations

from dataclasses import replace

from ..events import Event
from .events import WebhookEndpointRegistered, WebhookEndpointRemoved, WebhookSecretRotated
from .rotation import rotated
from .secret_ref import SecretRef
from .state import Endpoint, EndpointsState


def evolve(state: EndpointsState, event: Event) -> EndpointsState:
    match event:
        case WebhookEndpointRegistered():
            return replace(state, endpoints=state.endpoints + (Endpoint(
                event.endpoint_id, event.url, tuple(event.topics), SecretRef.of(event),
                event.description, event.at, secret_created_at=event.at),))
        case WebhookEndpointRemoved():
            return replace(state, endpoints=tuple(
                replace(e, removed_at=event.at) if e.id == event.endpoint_id else e
                for e in state.endpoints))
        case WebhookSecretRotated():
            return replace(state, endpoints=tuple(
                rotated(e, event) if e.id == event.endpoint_id else e
                for e in state.endpoints))
    return state
