"""The staff's decision on events a venue node wrote after its lease was reclaimed
(reported on the lease stream, ``OrphansReported``): list the reports, then replay one or
discard it (``docs/venue.md``).

Replaying takes the report's events command by command (the events one unit of work on
the node committed together: the same recording time and actor), in the order the node
wrote them. A command still applies on top of the deployment's log when each of its
streams is where the node's was when it decided (nothing was written there since the
reclaim, or the command's earlier replayed events put it there): its decision rested on
the same states, so deciding it again gives the same events. Those events are then folded
by their own aggregate on the deployment's states and appended, with the round tallies
the node counted for them, in one unit of work with the decision. A command that does
not apply is refused whole, with the reason; a later command on a stream one was refused
on is refused too (it followed it)."""
from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from itertools import groupby
from typing import Any

from ..auth import Principal
from ..auth.principal import require_tournament_staff
from ..domain import streams
from ..domain.decider import Decider, FunctionDecider
from ..domain.errors import Forbidden
from ..domain.venue import LEASE, DecideOrphans
from . import tournament
from .reads import Reads
from .venue_streams import stored


@cache
def aggregates() -> dict[str, Decider[Any]]:
    """Every aggregate of the domain by the kind of stream it folds."""
    from .. import domain
    found: dict[str, Decider[Any]] = {}
    for info in pkgutil.iter_modules(domain.__path__):
        try:
            module = importlib.import_module(f"{domain.__name__}.{info.name}.aggregate")
        except ModuleNotFoundError:
            continue
        for value in vars(module).values():
            if isinstance(value, FunctionDecider):
                found.setdefault(value.kind, value)
    return found


def reports(reads: Reads, actor: Principal, tid: str) -> dict[str, Any]:
    """Each report: which node sent it and when, its events (stream, version, type,
    recording time), and the decision taken on it (None while undecided)."""
    _organizer(reads, actor, tid)
    lease_events = reads.service.events.read(streams.lease(tid))
    decided = {e.data["report"]: {"decision": "replay" if e.type == "OrphansReplayed"
                                  else "discard", **e.data}
               for e in lease_events if e.type in ("OrphansReplayed", "OrphansDiscarded")}
    out = []
    for n, report in enumerate((e for e in lease_events if e.type == "OrphansReported"),
                               start=1):
        out.append({"report": n, "node_id": report.data["node_id"], "at": report.data["at"],
                    "events": [{k: r.get(k) for k in ("stream_id", "version", "type",
                                                     "event_id", "recorded_at")}
                               for r in report.data["events"]],
                    "decision": decided.get(n)})
    return {"tournament_id": tid, "reports": out}


def _organizer(source: Any, actor: Principal, tid: str) -> None:
    require_tournament_staff(actor, tournament.load(source, tid))
    if actor.role not in ("organizer", "admin"):
        raise Forbidden("only the organizer decides on a venue node's orphaned events",
                        code="venue_reclaim_forbidden")


def decide(uow: Any, actor: Principal, service: Any, tid: str, report: int,
           decision: str) -> dict[str, Any]:
    """Replay report ``report`` (what still applies) or discard it, recorded on the lease
    stream in the same unit of work as the replayed events."""
    uow.load(LEASE, tid)       # its refusals are the lease's
    _organizer(uow, actor, tid)
    found = [e for e in service.events.read(streams.lease(tid))
             if e.type == "OrphansReported"]
    records = found[report - 1].data["events"] if 1 <= report <= len(found) else []
    replayed: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    if decision == "replay" and records:
        tallies = found[report - 1].data.get("tallies") or []
        replayed, refused = _replay(uow, tid, records, tallies)
    state, _ = uow.decide(LEASE, tid, DecideOrphans(report, decision, len(records), replayed,
                                                    refused, actor.ref(), uow.now))
    return {"tournament_id": tid, "report": report, "decision": decision,
            "replayed": replayed, "refused": refused, **state.public(uow.now)}


def _command_of(record: dict[str, Any]) -> tuple[str, str]:
    actor = (record.get("meta") or {}).get("actor") or {}
    return str(record.get("recorded_at")), str(actor.get("id") if isinstance(actor, dict)
                                               else actor)


def _replay(uow: Any, tid: str, records: list[dict[str, Any]],
            tallies: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    replayed: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    blocked: set[str] = set()
    counted = {(str(t["name"]), int(t["member"])) for t in tallies}
    for _, group in groupby(records, key=_command_of):
        command = list(group)
        why = _why_not(uow, tid, command, blocked)
        if why is not None:
            blocked.update(str(r["stream_id"]) for r in command)
            refused += [{**_ref(r), "why": why} for r in command]
            continue
        for record in command:
            sid = str(record["stream_id"])
            uow.record_stream(aggregates()[streams.kind_of(sid)], sid, [stored(record).event])
            replayed.append({**_ref(record), "as_version": uow.version(sid)})
            for tally in _tallies_of(tid, sid):
                if tally in counted:
                    uow.count(*tally)
    return replayed, refused


def _ref(record: dict[str, Any]) -> dict[str, Any]:
    return {k: record.get(k) for k in ("stream_id", "version", "type", "event_id")}


def _why_not(uow: Any, tid: str, command: list[dict[str, Any]],
             blocked: set[str]) -> str | None:
    """Why the command of ``command``'s events does not apply now (None: it does)."""
    expected: dict[str, int] = {}
    folded: dict[str, Any] = {}            # each stream's state after the command's events
    for record in command:
        sid = str(record.get("stream_id"))
        kind = streams.kind_of(sid)
        if sid in blocked:
            return f"it follows a refused event of {sid}"
        if streams.tournament_of(sid) != tid and kind not in ("token", "keys"):
            return f"{sid} is not a stream of the tournament"
        decider = aggregates().get(kind)
        if decider is None or kind == "lease":
            return f"no aggregate of the tournament folds {kind} streams"
        uow.load_stream(decider, sid)               # guarded: the commit checks it
        have = expected.get(sid, uow.version(sid))
        if record.get("version") != have + 1:
            return (f"the deployment holds version {have} of {sid} (written since the "
                    f"reclaim): the event followed version {record.get('version', 0) - 1} "
                    "on the node, so its command was decided on a state that no longer "
                    "holds")
        expected[sid] = have + 1
        try:
            folded[sid] = decider.evolve(folded[sid] if sid in folded
                                         else uow.load_stream(decider, sid), stored(record).event)
        except Exception as exc:  # noqa: BLE001 - an event that does not fold is refused
            return f"{record.get('type')} does not apply to {sid}: {str(exc)[:200]}"
    return None


def _tallies_of(tid: str, sid: str) -> list[tuple[str, int]]:
    """The round tally a result's stream counts in, with its table."""
    if streams.kind_of(sid) == "match" and (mid := streams.match_id_of(sid)):
        number, table = mid[1:].split("-")[:2]
        return [(streams.swiss_round_tally(tid, int(number)), int(table))] \
            if mid[0] in "rR" else []
    if (found := streams.table_of(sid)) is not None:
        return [(streams.tables_round_tally(tid, found[0]), found[1])]
    return []

