"""The commands of the webhook-endpoints aggregate (stream ``webhooks-<organizer id>``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RegisterEndpoint:
    """Register a webhook endpoint for some topics; its secret comes from the nonce."""

    endpoint_id: str
    url: str
    topics: tuple[str, ...]
    secret_nonce: str         # the secret is derived from it outside the domain
    description: str | None
    allow_loopback: bool
    now: str


@dataclass(frozen=True)
class RemoveEndpoint:
    """Remove a webhook endpoint: no more deliveries go to it."""

    endpoint_id: str
    now: str
