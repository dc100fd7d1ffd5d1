"""Rotating an endpoint's signing secret with an overlap.

``WebhookSecretRotated`` {endpoint_id, version, secret_nonce, overlap_seconds,
previous_expires_at, at} (events recorded before nonces carry ``secret`` instead; see
``secret_ref.py``): the new secret (version n + 1) signs from ``at`` on; the one it
replaces keeps signing beside it until ``previous_expires_at`` (``at`` + overlap), so
receivers can switch without dropping a delivery. Older secrets still in their own overlap
stop by then at the latest, so an overlap of 0 leaves only the new secret (a leaked one)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from ..errors import Conflict, Invalid
from .events import WebhookSecretRotated
from .secret_ref import SecretRef

DEFAULT_OVERLAP_SECONDS = 24 * 3600
MAX_OVERLAP_SECONDS = 7 * 24 * 3600
MAX_PREVIOUS_SECRETS = 2          # so a delivery carries at most three signatures


@dataclass(frozen=True)
class RotateSecret:
    endpoint_id: str
    secret_nonce: str         # the new secret is derived from it outside the domain
    overlap_seconds: int
    now: str


@dataclass(frozen=True)
class PreviousSecret:
    version: int
    secret: SecretRef
    created_at: str
    expires_at: str


def live(previous: tuple[PreviousSecret, ...], now: str) -> tuple[PreviousSecret, ...]:
    """The replaced secrets still signing at ``now`` (newest first)."""
    return tuple(p for p in previous if p.expires_at > now)


def rotation_event(cmd: RotateSecret, endpoint: Any) -> WebhookSecretRotated:
    """The event rotating ``endpoint``'s secret (an active ``Endpoint``)."""
    overlap = cmd.overlap_seconds
    if isinstance(overlap, bool) or not isinstance(overlap, int) \
            or not 0 <= overlap <= MAX_OVERLAP_SECONDS:
        raise Invalid("the overlap is out of bounds", [{
            "field": "overlap_seconds",
            "message": f"whole seconds from 0 to {MAX_OVERLAP_SECONDS} (7 days)"}],
            code="invalid_rotation")
    if not cmd.secret_nonce or cmd.secret_nonce == endpoint.secret.nonce or any(
            p.secret.nonce == cmd.secret_nonce for p in endpoint.previous):
        raise Invalid("the new secret must differ from every earlier one",
                      code="invalid_rotation")
    still = live(endpoint.previous, cmd.now)
    if overlap > 0 and len(still) >= MAX_PREVIOUS_SECRETS:
        raise Conflict(
            f"{len(still)} earlier secrets still sign; wait until one expires or rotate "
            "with overlap_seconds 0 (which retires every earlier secret at once)",
            [{"version": p.version, "expires_at": p.expires_at} for p in still],
            code="rotation_in_progress")
    expires = (datetime.fromisoformat(cmd.now)
               + timedelta(seconds=overlap)).isoformat(timespec="microseconds")
    return WebhookSecretRotated(
        endpoint_id=endpoint.id, version=endpoint.secret_version + 1,
        secret_nonce=cmd.secret_nonce, legacy_secret=None, overlap_seconds=overlap,
        previous_expires_at=expires, at=cmd.now)


def rotated(endpoint: Any, event: WebhookSecretRotated) -> Any:
    """``endpoint`` after ``event``."""
    expires = event.previous_expires_at
    previous = (PreviousSecret(endpoint.secret_version, endpoint.secret,
                               endpoint.secret_created_at, expires),) + tuple(
        replace(p, expires_at=min(p.expires_at, expires)) for p in endpoint.previous)
    return replace(endpoint, secret=SecretRef.of(event), secret_version=event.version,
                   secret_created_at=event.at, previous=live(previous, event.at))
