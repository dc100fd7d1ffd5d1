"""Which Podium version recorded the log, against this verifier's own. The verifier
re-derives every draw with its own deciders, so it vouches only for logs its version can
draw: a log recorded by a newer Podium, by a version it cannot read, or holding event
shapes newer than it knows is refused (unless the caller accepts it, with a warning); an
older version, or events that name none (recorded before Podium 1.1.0 named it), are
checked with a warning."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..domain.events import registered
from ..domain.version import PODIUM_VERSION, parse
from .log import AuditLog, VersionError

NAMED_SINCE = "1.1.0"


@dataclass(frozen=True)
class Versions:
    verifier: str                                   # this verifier's Podium version
    recorded_by: dict[str, int]                     # version -> events ("?" : unnamed)
    served_by: str | None                           # the version that served the log
    warnings: list[str] = field(default_factory=list)

    def line(self) -> str:
        recorded = ", ".join(f"{v} ({n} events)" for v, n in self.recorded_by.items())
        served = f", served by Podium {self.served_by}" if self.served_by else ""
        return (f"PODIUM   checking with Podium {self.verifier} a log recorded by "
                f"{recorded or 'no events'}{served}")


def _order(version: str) -> tuple[int, ...]:
    return parse(version) or (10 ** 9,)


def check(log: AuditLog, accept_newer: bool = False) -> Versions:
    """The versions of ``log``; raises :class:`VersionError` for a newer or unknown one
    unless ``accept_newer``."""
    mine = _order(PODIUM_VERSION)
    events = log.events()
    counts = Counter(e.podium_version for e in events)
    # _order puts an unknown version after every known one
    newer = sorted((v for v in counts if v is not None and _order(v) > mine), key=_order)
    classes = registered()
    shapes = sorted({(e.type, e.schema_version) for e in events if e.type in classes
                     and e.schema_version > classes[e.type].schema_version})
    problems = []
    if newer:
        problems.append(f"events recorded by Podium {', '.join(newer)}, newer than this "
                        f"verifier's {PODIUM_VERSION} (or a version it cannot read)")
    if shapes:
        problems.append("event shapes newer than this verifier knows: "
                        + ", ".join(f"{t} v{v} (knows v{classes[t].schema_version})"
                                    for t, v in shapes[:10]))
    warnings = []
    if problems:
        message = ("; ".join(problems) + ": their draws may follow rules this verifier's "
                   "deciders do not know; verify the log with that Podium version or later")
        if not accept_newer:
            raise VersionError(message + " (--accept-newer checks it anyway)")
        warnings.append(message + "; checked anyway (--accept-newer): a difference may be "
                                  "only a newer rule")
    older = sorted((v for v in counts if v is not None and _order(v) < mine), key=_order)
    if older:
        warnings.append(f"events recorded by Podium {', '.join(older)} are checked with "
                        f"{PODIUM_VERSION}: a draw that changed since would show as a "
                        "difference; verify with the version that recorded them to be sure")
    if counts.get(None):
        warnings.append(f"{counts[None]} event(s) do not name the Podium version that "
                        f"recorded them (recorded before Podium {NAMED_SINCE} named it): "
                        f"checked with {PODIUM_VERSION}")
    recorded = {("?" if v is None else v): counts[v]
                for v in sorted(counts, key=lambda v: _order(v) if v else (-1,))}
    return Versions(PODIUM_VERSION, recorded, log.served_by, warnings)
