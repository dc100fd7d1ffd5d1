"""Events of an organizer's endpoints (``webhooks-<organizer id>``) and of one delivery's
attempts (``webhook-<delivery id>``). Events hold no signing secret, only the nonce it is
derived from (``secret_ref.py``); events recorded before nonces held the raw secret, which
version 2 carries as ``legacy_secret`` (None since)."""
from __future__ import annotations

from ..events import Event, Payload, event, upcaster


@event(version=2)
class WebhookEndpointRegistered(Event):
    endpoint_id: str
    url: str
    topics: list[str]
    secret_nonce: str | None       # None: registered before nonces (legacy_secret)
    legacy_secret: str | None
    description: str | None
    at: str


@event
class WebhookEndpointRemoved(Event):
    endpoint_id: str
    at: str


@event(version=2)
class WebhookSecretRotated(Event):
    endpoint_id: str
    version: int                   # the new secret's version (registration issued 1)
    secret_nonce: str | None       # None: rotated before nonces (legacy_secret)
    legacy_secret: str | None
    overlap_seconds: int
    previous_expires_at: str       # until when the replaced secret still signs
    at: str


def _legacy_secret(data: Payload) -> Payload:
    """Version 1 recorded ``secret_nonce``, or before nonces the raw ``secret``."""
    if "legacy_secret" in data:
        return dict(data)
    lifted = {k: v for k, v in data.items() if k != "secret"}
    lifted.setdefault("secret_nonce", None)
    lifted["legacy_secret"] = data.get("secret")
    return lifted


upcaster(WebhookEndpointRegistered, 1)(_legacy_secret)
upcaster(WebhookSecretRotated, 1)(_legacy_secret)


@event(version=2)
class WebhookAttempted(Event):
    delivery_id: str
    endpoint_id: str
    organizer_id: str
    attempt: int
    at: str
    ok: bool
    status_code: int | None
    error: str | None
    outcome: str                   # delivered | retrying | failed
    next_attempt_at: str | None
    signed_with: list[int]         # the secrets' versions that signed, newest first


@upcaster(WebhookAttempted, 1)
def _signed_with(data: Payload) -> Payload:
    """Attempts recorded before secrets rotated did not say which secrets signed."""
    return {"signed_with": [], **data}
