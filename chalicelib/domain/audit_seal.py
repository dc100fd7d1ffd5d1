"""The sealed form of an event: what its chain link commits to, fixed when it is written.

A field that the public log may ever withhold (a private reason, a removed player's name,
an unpublished decklist, the seed until the finish) is replaced in the sealed form by a
salted commitment (``withheld``: field -> ``audit_chain.commitment(salt, value)``), so the
link recorded at write time stays right whatever becomes public later: the served log
shows a field that is public now with its value and salt (``opened``: field -> salt),
from which anyone recomputes the commitment (``audit_chain.content``).

Each field's salt is ``HMAC(key, "podium-audit-salt:<stream>:<version>:<field>")``; the
key is the event's own random ``salt`` (kept in its meta, never shown) or, for an event
written before events carried one, the deployment's token secret. Pure: hashlib, hmac."""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping
from typing import Any

from .audit_chain import GENESIS, PLACEHOLDER, commitment, content, link

# Fields the public log may withhold, by event type; SEED_FIELDS in any event.
SEALED: dict[str, tuple[str, ...]] = {
    "TournamentCreated": ("registration_code",),
    "SettingsChanged": ("registration_code",),
    "PlayerDropped": ("reason",),
    "ResultCorrected": ("reason",),
    "PlayerRegistered": ("name", "member_id"),
    "DeckRegistered": ("deck",),
    # the judges' records: what a judge, a player or the head judge wrote stays the
    # player's and the staff's; an allegation's accused too (a dismissed one names no one)
    "PenaltyGiven": ("reason",),
    "AppealFiled": ("statement",),
    "AppealDecided": ("note",),
    "DisqualificationReviewed": ("note",),
    "CheatingReported": ("player_id", "statement"),
    "AllegationDecided": ("note",),
}
SEED_FIELDS = ("seed", "seed_key")
# Keys that never leave Podium, at any depth of an event's data (defence in depth: no
# play event holds them today).
SECRET_KEYS = frozenset({"token", "api_key", "key", "key_hash", "secret", "secret_ref",
                         "nonce", "signature", "idempotency_key", "password", "email",
                         "phone", "contact", "address"})
META_SALT = "salt"


def scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items() if k not in SECRET_KEYS}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def sealed_fields(event_type: str, data: Mapping[str, Any]) -> tuple[str, ...]:
    """The fields of this event that its sealed form withholds (those with a value)."""
    names = SEALED.get(event_type, ()) + SEED_FIELDS
    return tuple(f for f in names if data.get(f) is not None)


def salt(key: str, stream_id: str, version: int, field: str) -> str:
    label = f"podium-audit-salt:{stream_id}:{version}:{field}".encode()
    return hmac.new(key.encode(), label, hashlib.sha256).hexdigest()


def key_of(meta: Mapping[str, Any], legacy_key: str) -> str:
    """The key of an event's salts: its own, or (written before events had one) the
    deployment's token secret."""
    own = meta.get(META_SALT) if isinstance(meta, Mapping) else None
    return own if isinstance(own, str) and own else legacy_key


def shown(stream_id: str, version: int, event_type: str, data: Mapping[str, Any],
          meta: Mapping[str, Any], recorded_at: str) -> dict[str, Any]:
    """The event as the log shows it before sealing: its envelope and scrubbed data."""
    meta = meta if isinstance(meta, Mapping) else {}
    actor = meta.get("actor")
    return {"stream_id": stream_id, "version": version, "type": event_type,
            "schema_version": meta.get("v", 1), "podium_version": meta.get("podium"),
            "data": scrub(dict(data)), "recorded_at": recorded_at,
            "actor": {"id": actor.get("id"), "role": actor.get("role")}
            if isinstance(actor, Mapping) else None}


def seal(event: dict[str, Any], key: str) -> tuple[dict[str, Any], dict[str, str]]:
    """The sealed form of a shown event and the salt of each field it withholds."""
    data = event["data"]
    fields = sealed_fields(event["type"], data)
    if not fields:
        return event, {}
    salts = {f: salt(key, event["stream_id"], event["version"], f) for f in fields}
    withheld = {f: commitment(salts[f], data[f]) for f in fields}
    sealed = {**event, "data": {**data, **{f: PLACEHOLDER.get(f) for f in fields}},
              "withheld": withheld}
    return sealed, salts


def link_of(previous: str, stream_id: str, version: int, event_type: str,
            data: Mapping[str, Any], meta: Mapping[str, Any], recorded_at: str,
            legacy_key: str = "") -> str:
    """The chain link of a stored event, from its stream's previous link."""
    sealed, _ = seal(shown(stream_id, version, event_type, data, meta, recorded_at),
                     key_of(meta, legacy_key))
    return link(previous, content(sealed))


def links(events: Iterable[Any], legacy_key: str = "", previous: str = GENESIS) -> list[str]:
    """The links of stored events (``StoredEvent``-like, in version order) from
    ``previous``: each recorded one as recorded, a missing one (an event written before
    links were recorded at write time) derived from the one before it."""
    out = []
    for e in events:
        recorded = getattr(e, "chain", None)
        previous = recorded if recorded is not None else link_of(
            previous, e.stream_id, e.version, e.type, e.data, e.meta, e.recorded_at,
            legacy_key)
        out.append(previous)
    return out
