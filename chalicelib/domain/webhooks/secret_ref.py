"""Where an endpoint's signing secret comes from. Events never hold it.

``WebhookEndpointRegistered`` and ``WebhookSecretRotated`` record ``secret_nonce``, a random
value; the secret is an HMAC of the server's token secret over the nonce, derived outside
the domain (``chalicelib/webhooks/derivation.py``) by the reply that shows it once and by
the delivery worker that signs. Events recorded before nonces carry the raw ``secret``;
they keep signing with it (``legacy``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..events import Event
from .events import WebhookEndpointRegistered, WebhookSecretRotated

# nonce -> secret (an HMAC under the server secret); supplied by the caller
Derive = Callable[[str], str]


@dataclass(frozen=True)
class SecretRef:
    nonce: str | None = None
    legacy: str | None = field(default=None, repr=False)   # raw secret of an old event

    @classmethod
    def of(cls, issued: WebhookEndpointRegistered | WebhookSecretRotated) -> SecretRef:
        """The secret an event issued (nonce, or an old event's raw secret)."""
        if issued.secret_nonce is not None:
            return cls(nonce=issued.secret_nonce)
        return cls(legacy=issued.legacy_secret)

    def value(self, derive: Derive) -> str:
        return derive(self.nonce) if self.nonce is not None else str(self.legacy)


def issued_by(event: Event, endpoint_id: str, version: int) -> SecretRef | None:
    """The secret version ``version`` of ``endpoint_id`` if ``event`` issued it, else None
    (registration issues version 1, each rotation the version it records)."""
    match event:
        case WebhookEndpointRegistered() if version == 1 and event.endpoint_id == endpoint_id:
            return SecretRef.of(event)
        case WebhookSecretRotated() if (event.endpoint_id, event.version) == (endpoint_id,
                                                                              version):
            return SecretRef.of(event)
    return None
