"""The audit log a verifier reads: the pages of ``GET /v1/tournaments/{tid}/audit``
joined into one document ``{"tournament_id", "podium_version", "card_sets", "events":
[...]}`` (the shape ``python -m chalicelib.verify --save`` writes). Each event may name
the version of its payload's shape (``schema_version``, absent: 1, as logs saved before
it was shown: the upcasters leave today's shapes as they are) and the Podium version
that recorded it (``podium_version``)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..domain.audit_chain import content
from ..domain.product.cards import CardSet
from .findings import Recorded


class LogError(ValueError):
    """The document is not an audit log."""


class VersionError(LogError):
    """The log was recorded by a Podium version newer than this verifier, or one it does
    not know: its draws may follow rules this verifier's deciders do not."""


@dataclass(frozen=True)
class AuditLog:
    tournament_id: str
    card_sets: dict[str, CardSet]
    streams: dict[str, list[Recorded]] = field(default_factory=dict)  # in log order
    served_by: str | None = None        # the Podium version that served the log
    manifest: Any = None                # what the finish commits to (chain heads...)
    signature: Any = None               # the deployment's signature of the manifest
    card_sets_raw: Any = None           # the card sets as the log carries them
    duplicates: list[Recorded] = field(default_factory=list)   # a (stream, version) again

    def kind(self, prefix: str) -> list[str]:
        """The ids of the streams named ``<prefix>-...``."""
        return [s for s in self.streams if s.split("-", 1)[0] == prefix]

    def events(self) -> list[Recorded]:
        return [e for stream in self.streams.values() for e in stream]


def parse(document: Any) -> AuditLog:
    if not isinstance(document, Mapping) or not isinstance(document.get("events"), list):
        raise LogError("not an audit log: expected an object with an 'events' list")
    tid = document.get("tournament_id")
    if not isinstance(tid, str):
        raise LogError("not an audit log: no 'tournament_id'")
    sets = {}
    for set_id, definition in (document.get("card_sets") or {}).items():
        try:
            sets[set_id] = CardSet.model_validate(definition)
        except ValueError as exc:
            raise LogError(f"card set {set_id!r} is not a valid set: {exc}") from None
    streams: dict[str, list[Recorded]] = {}
    for n, raw in enumerate(document["events"]):
        try:
            chain = raw.get("chain")
            event = Recorded(stream=str(raw["stream_id"]), version=int(raw["version"]),
                             type=str(raw["type"]), data=dict(raw["data"]),
                             recorded_at=raw.get("recorded_at"),
                             schema_version=int(raw.get("schema_version") or 1),
                             podium_version=_text(raw.get("podium_version")),
                             content=content(raw), chain=chain if isinstance(chain, str)
                             else None, withheld=raw.get("withheld") or None)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise LogError(f"event {n} lacks stream_id, version, type or data") from None
        streams.setdefault(event.stream, []).append(event)
    duplicates: list[Recorded] = []
    for stream_id, events in streams.items():
        events.sort(key=lambda e: e.version)       # stable: a repeat stays after the first
        kept: list[Recorded] = []
        for e in events:
            (duplicates if kept and kept[-1].version == e.version else kept).append(e)
        streams[stream_id] = kept
    manifest = document.get("manifest")
    return AuditLog(tournament_id=tid, card_sets=sets, streams=streams,
                    served_by=_text(document.get("podium_version")),
                    manifest=manifest, signature=document.get("signature"),
                    card_sets_raw=document.get("card_sets") or {}, duplicates=duplicates)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
