"""What the public audit log withholds: fields the rules keep private are replaced by a
salted SHA-256 commitment (``withheld``: field -> commitment), so the chain and the
manifest still cover them and whoever is given the private part (value and salt) can
check it against the public log (``python -m chalicelib.verify --private FILE``).

Private: the registration code's keyed digest; a drop's free-text reason (and so a
disqualification's reason, recorded as the drop's); a judge's reason for correcting a
result; the name and member id of a player removed before the start; every decklist until
the organizer publishes them (DecklistsPublished); in the judges' records, a penalty's
reason, an appeal's statement and decision note, a disqualification review's note, and a
cheating allegation's accused player and statement and its decision's note (the penalty
itself, its player, kind, round and the result it entered, stay public so the verifier
can check them against play; a time extension's reason is public as the round views
show it). The salt of a field is
``HMAC(key, "podium-audit-salt:<stream>:<version>:<field>")``, the key being the event's
own random salt key (or, before events had one, the token secret): fixed when the event
is written, unguessable (a short reason cannot be found by trying)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..domain import audit_seal

ALWAYS: dict[str, tuple[str, ...]] = {
    "TournamentCreated": ("registration_code",),
    "SettingsChanged": ("registration_code",),
    "PlayerDropped": ("reason",),
    "ResultCorrected": ("reason",),
    **{t: f for t, f in audit_seal.SEALED.items()
       if t in ("PenaltyGiven", "AppealFiled", "AppealDecided", "DisqualificationReviewed",
                "CheatingReported", "AllegationDecided")},
}
REMOVED_PLAYER = ("name", "member_id")


class Policy:
    """Which fields of which events the public log withholds, for one tournament; every
    other field its sealed form withholds (``domain/audit_seal.py``) is shown open."""

    def __init__(self, secret: str, removed: Callable[[str], bool], published: bool):
        self.secret, self.removed, self.published = secret, removed, published

    def fields(self, event_type: str, data: dict[str, Any]) -> tuple[str, ...]:
        out = ALWAYS.get(event_type, ())
        if event_type == "PlayerRegistered" and self.removed(str(data.get("player_id"))):
            out = REMOVED_PLAYER
        elif event_type == "DeckRegistered" and not self.published:
            out = ("deck",)
        return tuple(f for f in out if data.get(f) is not None)

    def key(self, meta: Any) -> str:
        """The key of an event's salts (its own, or the token secret before events had
        one)."""
        return audit_seal.key_of(meta if isinstance(meta, dict) else {}, self.secret)

    def opening(self, stream_id: str, version: int, event_type: str,
                data: dict[str, Any], meta: Any) -> list[dict[str, Any]]:
        """The private part of one event: each withheld field's value and salt."""
        key = self.key(meta)
        return [{"stream_id": stream_id, "version": version, "field": f, "value": data[f],
                 "salt": audit_seal.salt(key, stream_id, version, f)}
                for f in self.fields(event_type, data)]
