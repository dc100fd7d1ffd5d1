"""What the public audit log withholds: fields the rules keep private are replaced by a
salted SHA-256 commitment (``withheld``: field -> commitment), so the chain and the
manifest still cover them and whoever is given the private part (value and salt) can
check it against the public log (``python -m chalicelib.verify --private FILE``).

Private: the registration code's keyed digest; a drop's free-text reason (and so a
disqualification's reason, recorded as the drop's); a judge's reason for correcting a
result; the name and member id of a player removed before the start; every decklist until
the organizer publishes them (DecklistsPublished). The salt of a field is
``HMAC(token secret, "podium-audit-salt:<stream>:<version>:<field>")``: stable for the
same event, unguessable without the secret (a short reason cannot be found by trying)."""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import Any

from ..domain.audit_chain import commitment

ALWAYS: dict[str, tuple[str, ...]] = {
    "TournamentCreated": ("registration_code",),
    "SettingsChanged": ("registration_code",),
    "PlayerDropped": ("reason",),
    "ResultCorrected": ("reason",),
}
REMOVED_PLAYER = ("name", "member_id")
PLACEHOLDER = {"name": ""}            # a required text keeps its type; others become null


def salt(secret: str, stream_id: str, version: int, field: str) -> str:
    label = f"podium-audit-salt:{stream_id}:{version}:{field}".encode()
    return hmac.new(secret.encode(), label, hashlib.sha256).hexdigest()


class Policy:
    """Which fields of which events the public log withholds, for one tournament."""

    def __init__(self, secret: str, removed: Callable[[str], bool], published: bool):
        self.secret, self.removed, self.published = secret, removed, published

    def fields(self, event_type: str, data: dict[str, Any]) -> tuple[str, ...]:
        out = ALWAYS.get(event_type, ())
        if event_type == "PlayerRegistered" and self.removed(str(data.get("player_id"))):
            out = REMOVED_PLAYER
        elif event_type == "DeckRegistered" and not self.published:
            out = ("deck",)
        return tuple(f for f in out if data.get(f) is not None)

    def apply(self, stream_id: str, version: int, event_type: str,
              data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
        """The data as shown and the commitments of what it withholds."""
        private = self.fields(event_type, data)
        if not private:
            return data, {}
        withheld = {f: commitment(salt(self.secret, stream_id, version, f), data[f])
                    for f in private}
        return {**data, **{f: PLACEHOLDER.get(f) for f in private}}, withheld

    def opening(self, stream_id: str, version: int, event_type: str,
                data: dict[str, Any]) -> list[dict[str, Any]]:
        """The private part of one event: each withheld field's value and salt."""
        return [{"stream_id": stream_id, "version": version, "field": f, "value": data[f],
                 "salt": salt(self.secret, stream_id, version, f)}
                for f in self.fields(event_type, data)]
