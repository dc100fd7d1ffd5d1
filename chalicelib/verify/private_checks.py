"""The private part of a log (``GET /v1/tournaments/{tid}/audit/private``, pages joined:
``{"openings": [{stream_id, version, field, value, salt}]}``), given to a player or a
federation by the organizer, against the public log's commitments: each opening must
open the commitment the public event carries for that field."""
from __future__ import annotations

from typing import Any

from ..domain.audit_chain import commitment
from .findings import Difference, Finding, Recorded
from .log import AuditLog, LogError


def check(log: AuditLog, private: Any) -> tuple[list[Finding], int]:
    """Differences, and how many withheld fields were opened."""
    openings = private.get("openings") if isinstance(private, dict) else None
    if not isinstance(openings, list):
        raise LogError("the private part given is not one: expected {\"openings\": [...]}")
    by_event = {(e.stream, e.version): e for s in log.streams.values() for e in s}
    out: list[Finding] = []
    opened = 0
    for n, o in enumerate(openings):
        try:
            key, field, salt = (str(o["stream_id"]), int(o["version"])), str(o["field"]), \
                str(o["salt"])
            value = o["value"]
        except (KeyError, TypeError, ValueError):
            raise LogError(f"opening {n} lacks stream_id, version, field, value or salt") \
                from None
        event = by_event.get(key)
        withheld = (event.withheld or {}) if event is not None else {}
        if event is None or field not in withheld:
            where = event or Recorded(key[0], key[1], "(no such event)", {})
            out.append(Difference(where, f"withheld.{field}", "an opening",
                                  "no commitment of this field in the public log"))
            continue
        if commitment(salt, value) != withheld[field]:
            out.append(Difference(event, f"withheld.{field}", f"sha256 {commitment(salt, value)}"
                                  " (the private part given)",
                                  f"sha256 {withheld[field]} (the public log's commitment)"))
            continue
        opened += 1
    return out, opened
