"""Where an endpoint's signing secret comes from. Events never hold it.

``WebhookEndpointRegistered`` and ``WebhookSecretRotated`` record ``secret_nonce``, a random
value; the secret is an HMAC of the server's token secret over the nonce, derived outside
the domain (``chalicelib/webhooks/derivation.py``) by the reply that shows it once and by
the delivery worker that signs. Events recorded before nonces carry the raw ``secret``;
they keep signing with it (``legacy``)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

# nonce -> secret (an HMAC under the server secret); supplied by the caller
Derive = Callable[[str], str]


@dataclass(frozen=True)
class SecretRef:
    nonce: str | None = None
    legacy: str | None = field(default=None, repr=False)   # raw secret of an old event

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> SecretRef:
        """The secret an event's ``data`` issued (nonce, or an old event's raw secret)."""
        nonce = data.get("secret_nonce")
        return cls(nonce=nonce) if nonce is not None else cls(legacy=data["secret"])

    def value(self, derive: Derive) -> str:
        return derive(self.nonce) if self.nonce is not None else str(self.legacy)


def issued_by(event_type: str, data: Mapping[str, Any], endpoint_id: str,
              version: int) -> SecretRef | None:
    """The secret version ``version`` of ``endpoint_id`` if the event issued it, else None
    (registration issues version 1, each rotation the version it records)."""
    if data.get("endpoint_id") != endpoint_id:
        return None
    if (event_type == "WebhookEndpointRegistered" and version == 1) or (
            event_type == "WebhookSecretRotated" and data.get("version") == version):
        return SecretRef.of(data)
    return None
