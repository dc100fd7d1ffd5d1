"""What the verifier says about one event: a difference, or why it could not check it."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Recorded:
    """One event of the audit log, as recorded."""

    stream: str
    version: int
    type: str
    data: dict[str, Any]
    recorded_at: str | None = None
    schema_version: int = 1                 # the version of the payload's shape
    podium_version: str | None = None       # the Podium version that recorded it
    content: str = ""                       # sha256 of the event as shown (but its chain)
    chain: str | None = None                # the chain the log records for it
    withheld: Any = None                    # field -> commitment of what the log withholds

    @property
    def where(self) -> str:
        return f"{self.stream} v{self.version} {self.type}"


@dataclass(frozen=True)
class Difference:
    """The recorded value of ``field`` is not what the seed and the rules give."""

    event: Recorded
    field: str
    recorded: Any
    derived: Any

    def line(self) -> str:
        return (f"DIFFERS  {self.event.where}: {self.field}: recorded {_short(self.recorded)}, "
                f"re-derived {_short(self.derived)}")


@dataclass(frozen=True)
class NotChecked:
    """The event carries a draw or a score the verifier cannot re-derive, and why."""

    event: Recorded
    reason: str

    def line(self) -> str:
        return f"NOT CHECKED  {self.event.where}: {self.reason}"


@dataclass(frozen=True)
class Unknown:
    """An event type or a stream the verifier does not know: it cannot say whether the
    event is right, so the log is refused unless the caller allows such events."""

    event: Recorded
    reason: str

    def line(self) -> str:
        return f"UNKNOWN  {self.event.where}: {self.reason}"


Finding = Difference | NotChecked | Unknown


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def compare(event: Recorded, derived: dict[str, Any],
            fields: list[str] | None = None) -> list[Finding]:
    """A difference per field of ``derived`` (or only ``fields``) whose recorded value
    differs; lists and mappings are compared element by element to name the first one."""
    out: list[Finding] = []
    for key in fields if fields is not None else list(derived):
        out += _diff(event, key, event.data.get(key, _MISSING), derived.get(key))
    return out


_MISSING = "<missing>"


def _diff(event: Recorded, path: str, recorded: Any, derived: Any) -> list[Finding]:
    if _plain(recorded) == _plain(derived):
        return []
    if isinstance(recorded, dict) and isinstance(derived, dict) \
            and set(recorded) == set(derived):
        return [d for k in sorted(recorded, key=str)
                for d in _diff(event, f"{path}.{k}", recorded[k], derived[k])][:1]
    if isinstance(recorded, list) and isinstance(derived, list) \
            and len(recorded) == len(derived):
        return [d for i, (r, x) in enumerate(zip(recorded, derived, strict=True))
                for d in _diff(event, f"{path}[{i}]", r, x)][:1]
    return [Difference(event, path, recorded, derived)]


def differences(event: Recorded, path: str, recorded: Any, derived: Any) -> list[Finding]:
    """The first place where ``recorded`` and ``derived`` differ, named by ``path``."""
    return _diff(event, path, recorded, derived)


def _plain(value: Any) -> Any:
    """JSON-equal values compare equal (tuples as lists)."""
    return json.loads(json.dumps(value, sort_keys=True, default=str))
