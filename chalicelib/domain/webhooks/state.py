"""The state of the webhook-endpoints aggregate (stream ``webhooks-<organizer id>``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rotation import PreviousSecret, live
from .secret_ref import Derive, SecretRef


@dataclass(frozen=True)
class Endpoint:
    id: str
    url: str
    topics: tuple[str, ...]
    secret: SecretRef
    description: str | None
    registered_at: str
    removed_at: str | None = None
    secret_version: int = 1
    secret_created_at: str = ""
    previous: tuple[PreviousSecret, ...] = ()     # replaced secrets, newest first

    def signing_secrets(self, now: str, derive: Derive) -> list[tuple[int, str]]:
        """(version, secret) of every secret signing a delivery sent at ``now``: the
        current one first, then replaced ones still in their overlap; ``derive`` turns a
        nonce into its secret."""
        return [(self.secret_version, self.secret.value(derive))] + [
            (p.version, p.secret.value(derive)) for p in live(self.previous, now)]

    def public(self, now: str | None = None) -> dict[str, Any]:
        """What the owner sees (never a secret): the secrets signing at ``now``."""
        previous = self.previous if now is None else live(self.previous, now)
        return {"endpoint_id": self.id, "url": self.url, "topics": list(self.topics),
                "description": self.description, "registered_at": self.registered_at,
                "removed_at": self.removed_at,
                "secrets": [{"version": self.secret_version,
                             "created_at": self.secret_created_at, "expires_at": None}] + [
                    {"version": p.version, "created_at": p.created_at,
                     "expires_at": p.expires_at} for p in previous]}


@dataclass(frozen=True)
class EndpointsState:
    endpoints: tuple[Endpoint, ...] = ()

    def get(self, endpoint_id: str) -> Endpoint | None:
        return next((e for e in self.endpoints if e.id == endpoint_id), None)

    def active(self) -> list[Endpoint]:
        return [e for e in self.endpoints if e.removed_at is None]
