"""A folded state or a view as plain, canonical JSON, and its digest: what the fixture logs
record of each stream's state and each view, to compare replays of the same events made
by different versions of the code."""
from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping, Sequence, Set
from typing import Any


def plain(value: Any, added: Mapping[str, Set[str]] | None = None) -> Any:
    """``value`` as JSON values: dataclasses and models as their fields (with the class
    name), mappings with sorted keys, sets sorted, tuples as lists; an event (of any
    class) as its name and payload. ``added``: {class name: fields added to the class since
    a digest was recorded}, left out while they hold their default."""
    if added:
        return _plain_added(value, added)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "type") and hasattr(value, "data") and _is_event(value):
        return {"__event__": value.type, "data": plain(value.data)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"__class__": type(value).__name__,
                **{f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    if hasattr(value, "model_dump") and hasattr(type(value), "model_fields"):
        return {"__class__": type(value).__name__,
                **{k: plain(getattr(value, k)) for k in type(value).model_fields}}
    if isinstance(value, Mapping) or hasattr(value, "items") and callable(value.items):
        return {str(k): plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, Set):
        return sorted((plain(v) for v in value), key=_key)
    if isinstance(value, Sequence):
        return [plain(v) for v in value]
    raise TypeError(f"no canonical form for {type(value).__name__}")


def _plain_added(value: Any, added: Mapping[str, Set[str]]) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type) \
            and type(value).__name__ in added:
        new = added[type(value).__name__]
        kept = {f.name: plain(getattr(value, f.name), added) for f in dataclasses.fields(value)
                if f.name not in new or getattr(value, f.name) != _default(f)}
        return {"__class__": type(value).__name__, **kept}
    if isinstance(value, Mapping) or hasattr(value, "items") and callable(value.items):
        return {str(k): plain(v, added)
                for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"__class__": type(value).__name__,
                **{f.name: plain(getattr(value, f.name), added)
                   for f in dataclasses.fields(value)}}
    if isinstance(value, (list, tuple)):
        return [plain(v, added) for v in value]
    return plain(value)


def _default(f: dataclasses.Field[Any]) -> Any:
    """A field's default, made by its factory when it has one (``{}``, ``()``)."""
    if f.default is dataclasses.MISSING and f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return f.default


def _is_event(value: Any) -> bool:
    return any(c.__name__ == "Event" and c.__module__ == "chalicelib.domain.events"
               for c in type(value).__mro__)


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def digest(value: Any, added: Mapping[str, Set[str]] | None = None) -> str:
    return hashlib.sha256(json.dumps(plain(value, added), sort_keys=True,
                                     separators=(",", ":")).encode()).hexdigest()
