"""Replays every stream of the audit log through the domain and runs each event's check
on the state before it."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..domain.events import decode
from ..domain.tournament import TOURNAMENT
from . import card_set_checks, chain_checks, context, private_checks, signature, versions
from .findings import Difference, Finding, NotChecked, Recorded, Unknown
from .log import AuditLog, LogError, parse
from .registry import (
    FAMILIES,
    NEVER_AUDITED,
    NOT_CHECKED,
    OWN_TYPES,
    PLAIN,
    classified,
    family_of,
)
from .versions import Versions

WITHHELD = ("private fields are withheld (a commitment stands for them): the events of "
            "its stream are replayed without it")


@dataclass
class Outcome:
    tournament_id: str
    events: int = 0
    checked: int = 0
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    versions: Versions | None = None      # the log's Podium versions against the verifier's
    notes: list[str] = field(default_factory=list)   # further warnings

    @property
    def warnings(self) -> list[str]:
        return (self.versions.warnings if self.versions else []) + self.notes

    @property
    def differences(self) -> list[Difference]:
        return [f for f in self.findings if isinstance(f, Difference)]

    @property
    def not_checked(self) -> list[NotChecked]:
        return [f for f in self.findings if isinstance(f, NotChecked)]

    @property
    def unknown(self) -> list[Unknown]:
        return [f for f in self.findings if isinstance(f, Unknown)]

    @property
    def ok(self) -> bool:
        return not self.differences


def verify(document: Any, expected_sha256: str | None = None,
           accept_newer: bool = False, keys: Any = None, private: Any = None) -> Outcome:
    """Check an audit log (the parsed JSON document); raises LogError if it is none, and
    VersionError (a LogError) if a newer Podium recorded it, unless ``accept_newer``.
    ``keys``: the deployment's public keys (GET /v1/.well-known/podium-keys), which must
    have signed the manifest; without them the signature is not checked (a warning).
    ``private``: the log's private part (value and salt of withheld fields) to check
    against the public commitments."""
    started = time.perf_counter()
    log = parse(document)
    known = versions.check(log, accept_newer)
    ctx = started_context(log, expected_sha256)
    outcome = Outcome(log.tournament_id, events=sum(len(s) for s in log.streams.values()),
                      versions=known)
    outcome.findings += strangers(log)
    outcome.findings += chain_checks.streams_whole(log) + chain_checks.manifest_matches(log)
    outcome.findings += card_set_checks.pinned(log)
    if card_set_checks.pinning(log)[0] is None and log.card_sets_raw:
        outcome.notes.append("the tournament pinned no card set at creation (recorded "
                             "before sets were pinned): its sets are checked against the "
                             "signed manifest only")
    if private is not None:
        found, opened = private_checks.check(log, private)
        outcome.findings += found
        outcome.notes.append(f"{opened} withheld field(s) opened by the private part given")
    if keys is not None:
        outcome.findings += signature.check(log, keys)
    else:
        outcome.notes.append("the manifest's signature is not checked: pass the "
                             "deployment's public keys (--keys)")
    created = log.streams.get(f"tournament-{log.tournament_id}", [])
    if not created or created[0].type != "TournamentCreated":
        first = created[0] if created else Recorded(f"tournament-{log.tournament_id}", 0,
                                                    "(none)", {})
        outcome.findings.append(Difference(first, "(stream)", first.type,
                                           "TournamentCreated first"))
    if ctx.seed is None:
        last = created[-1] if created else Recorded(f"tournament-{log.tournament_id}", 0,
                                                    "(none)", {})
        outcome.findings.append(Difference(last, "seed", None, "the seed revealed by "
                                           "TournamentFinished: the event is not finished"))
        outcome.seconds = time.perf_counter() - started
        return outcome
    for stream_id, events in log.streams.items():
        _replay(ctx, log, stream_id, events, outcome)
    outcome.seconds = time.perf_counter() - started
    return outcome


def started_context(log: AuditLog, expected_sha256: str | None = None) -> context.Context:
    """The checks' context: the tournament's own stream replayed (what every check reads
    of the event) and the seed its finish revealed."""
    state = TOURNAMENT.initial()
    seed = None
    known = classified()
    for e in log.streams.get(f"tournament-{log.tournament_id}", []):
        if e.type not in known or e.type in NEVER_AUDITED:
            continue                # the engine names it
        try:
            state = TOURNAMENT.evolve(state, decode(e.type, e.data, e.schema_version,
                                                    e.stream))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise LogError(f"{e.where}: the tournament's own stream cannot be replayed "
                           f"({type(exc).__name__}: {exc})") from None
        if e.type == "TournamentFinished" and isinstance(e.data.get("seed"), str):
            seed = e.data["seed"]
    return context.Context(log=log, tournament=state, seed=seed,
                           expected_sha256=expected_sha256)


def _replay(ctx: context.Context, log: AuditLog, stream_id: str, events: list[Recorded],
            outcome: Outcome) -> None:
    name = family_of(stream_id, log.tournament_id)
    if name is None:
        return                      # named by strangers()
    family = FAMILIES[name]
    state = family.decider.initial()
    for i, event in enumerate(events):
        check = family.checks.get(event.type)
        if check is not None:
            ctx.following = events[i + 1:]
            ctx.previous = events[i - 1] if i else None
            outcome.findings += check(ctx, state, event)
            outcome.checked += 1
        elif event.type in NEVER_AUDITED:
            continue                # named by strangers()
        elif event.type in NOT_CHECKED:
            outcome.findings.append(NotChecked(event, NOT_CHECKED[event.type]))
        elif event.type not in PLAIN:
            continue                # named by strangers(); not applied
        try:
            state = family.decider.evolve(state, decode(event.type, event.data,
                                                        event.schema_version, event.stream))
        except Exception as exc:  # noqa: BLE001 - a tampered event breaks the replay
            if event.withheld:      # a private field the public log withholds
                outcome.findings.append(NotChecked(event, WITHHELD))
                continue
            outcome.findings.append(Difference(event, "(replay)", "recorded",
                                               f"the domain cannot apply it: "
                                               f"{type(exc).__name__}: {exc}"))
            outcome.findings += [NotChecked(e, "after an event the domain cannot apply")
                                 for e in events[i + 1:]]
            return


def strangers(log: AuditLog) -> list[Finding]:
    """Streams and event types the verifier does not know (it cannot vouch for them), and
    events an audit log never holds (a difference)."""
    out: list[Finding] = []
    known = classified()
    for stream_id, events in log.streams.items():
        family = family_of(stream_id, log.tournament_id)
        if family is None:
            out += [Unknown(e, "a stream the verifier does not know") for e in events]
            continue
        own = OWN_TYPES.get(family)
        for event in events:
            if own is not None and event.type not in own:
                out.append(Unknown(event, f"an event type the {family} stream never holds"))
            elif event.type in NEVER_AUDITED:
                out.append(Difference(event, "(type)", event.type,
                                      "no such event in an audit log: " + PLAIN[event.type]))
            elif event.type not in known:
                out.append(Unknown(event, "an event type the verifier does not know"))
    return out
