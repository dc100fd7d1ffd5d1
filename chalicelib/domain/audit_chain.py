"""The hash chain and manifest of a tournament's audit log, shared by the server that
serves the log and the offline verifier that checks it (pure: hashlib and json only).

- Each event of a stream, as the audit log shows it, commits to the one before it:
  ``chain = sha256(previous chain + "\\n" + sha256(canonical JSON of the event without
  its "chain" key))``; a stream's first event chains from ``GENESIS``.
- The manifest commits to the head of every stream of the log (its last version, its
  event count and its chain), to the seed's hash and to the card sets the log carries;
  the deployment's Ed25519 key signs its canonical JSON (``signature``).

Each link is recorded with its event when it is written (``domain/audit_seal.py``: over
the event's sealed form, where whatever may ever be withheld stands as a commitment), so
the log served is the log written. A field shown open (``opened``: field -> salt) is
sealed again here before hashing, so the same link holds before and after it is public."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

GENESIS = "0" * 64
MANIFEST_VERSION = 2
PLACEHOLDER = {"name": ""}            # what a withheld field shows (a name: empty text)


def canonical(value: Any) -> bytes:
    """The one byte string a JSON value hashes as: keys sorted, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False).encode("utf-8")


def digest(value: Any) -> str:
    return hashlib.sha256(canonical(value)).hexdigest()


def content(event: Mapping[str, Any]) -> str:
    """The hash of one shown event's content (everything but its own ``chain``), with
    each field it shows open sealed again (its commitment from its value and salt)."""
    return digest(sealed(event))


def sealed(event: Mapping[str, Any]) -> dict[str, Any]:
    """The event without its chain, each ``opened`` field replaced by its commitment; an
    ``opened`` that is not field -> salt text is hashed as it stands (the link breaks)."""
    body = {k: v for k, v in event.items() if k != "chain"}
    opened, data = body.get("opened"), body.get("data")
    if not opened or not isinstance(opened, dict) or not isinstance(data, dict) \
            or not all(isinstance(s, str) and f in data for f, s in opened.items()):
        return body
    withheld = body.get("withheld")
    withheld = dict(withheld) if isinstance(withheld, dict) else {}
    for field, salt in opened.items():
        withheld[field] = commitment(salt, data[field])
    del body["opened"]
    return {**body, "data": {**data, **{f: PLACEHOLDER.get(f) for f in opened}},
            "withheld": withheld}


def commitment(salt_hex: str, value: Any) -> str:
    """A withheld field's commitment: sha256(salt + newline + canonical JSON of its value);
    the salt and the value (the private part) open it."""
    return hashlib.sha256(salt_hex.encode("utf-8") + b"\n" + canonical(value)).hexdigest()


def link(previous: str, event_content: str) -> str:
    return hashlib.sha256(f"{previous}\n{event_content}".encode("ascii")).hexdigest()


def chain(events: Iterable[Mapping[str, Any]], previous: str = GENESIS) -> list[str]:
    """The chain of each event in turn, from ``previous``."""
    out = []
    for event in events:
        previous = link(previous, content(event))
        out.append(previous)
    return out


def manifest(tid: str, seed_sha256: str | None, card_sets: Any,
             heads: Mapping[str, tuple[int, int, str]], podium_version: str) -> dict[str, Any]:
    """What the finish commits to: stream id -> (last version, events, chain head)."""
    return {"manifest_version": MANIFEST_VERSION, "tournament_id": tid,
            "podium_version": podium_version, "seed_sha256": seed_sha256,
            "card_sets_sha256": digest(card_sets or {}),
            "streams": {s: {"version": v, "events": n, "head": h}
                        for s, (v, n, h) in sorted(heads.items())}}
