"""Hostile request material shared by the in-process sweep (tests/security) and the fuzz run
over real HTTP (tests/fuzz): JSON nested deeper than any body needs and numbers longer than
Python converts to int (4,301 digits, past ``sys.get_int_max_str_digits``)."""
from __future__ import annotations

from typing import Any

HUGE = "9" * 4301
DEEP = ("[" * 1000 + "]" * 1000).encode()
DEEP_OBJECT = ('{"a":' * 1000 + "1" + "}" * 1000).encode()


def huge_number_bodies(schema: dict[str, Any] | None) -> list[bytes]:
    """One body per numeric property of a request schema with that property set to a
    4,301-digit number (the rest left out), plus a body that is only such a number."""
    bodies = [HUGE.encode()]
    for name, prop in ((schema or {}).get("properties") or {}).items():
        kinds = set(_types(prop)).union(*(_types(alt) for alt in prop.get("anyOf", [])))
        if kinds & {"integer", "number"}:
            bodies.append(b'{"' + name.encode() + b'": ' + HUGE.encode() + b"}")
    return bodies


def _types(schema: dict[str, Any]) -> list[str]:
    kind = schema.get("type")
    return kind if isinstance(kind, list) else [kind] if kind else []
