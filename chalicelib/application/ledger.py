"""The federation's ledger (V:EKN Appendix A, 9): recording events' reports, importing
events run elsewhere, invalidating one; and the public reads (rankings, a player's
profile, qualification lists, the feed of rating changes).

How events reach the ledger: by the federation's command, not by a projection over
finished tournaments. Recording is the federation receiving the report (the receipt is
written in the same unit of work): what counts depends on when the federation received
it (9.2-9.4), a fact of the federation's, not of the tournament; the report is assembled
from many streams' views, which a projection of one stream could not read completely on
a rebuild; and events run elsewhere come the same way, so the ledger has one input, a
stream it folds deterministically. Recording a tournament again replaces its record (a
corrected result, a late report): the fold recomputes exactly the players it touches."""
from __future__ import annotations

import re
from datetime import date
from typing import Any

from ..auth import Principal, require_role
from ..domain import ledger as lg
from ..domain.accounts import ACCOUNT
from ..domain.errors import Conflict, NotFound
from ..domain.ledger.archon_import import players_from_csv
from ..domain.ledger.points import PARTS
from ..domain.ledger.qualify import qualified
from ..domain.ledger.rating import history, leaderboard, rating
from ..domain.ledger.records import GROUPS, exclusions, from_report, reporting
from ..domain.profiles.event_tier import CONTINENTS, effective_tier
from ..domain.tournament import state as tstate
from ..service import UnitOfWork
from . import reports, tournament
from .reads import InvalidQuery, Reads

FEDERATION_ID = re.compile(r"f[0-9a-f]{12}")



def record_tournament(uow: UnitOfWork, actor: Principal, reads: Reads,
                      tid: str) -> dict[str, Any]:
    """The federation receives a finished V:TES tournament's report into its ledger
    (again: its corrected results replace the record)."""
    require_role(actor, "federation")
    t = tournament.load(uow, tid)
    if t.game != "vtes":
        raise Conflict("the V:EKN ledger rates V:TES events", {"game": t.game},
                       code="not_vtes")
    if t.status != tstate.FINISHED:
        raise Conflict("the tournament has not finished: there is no report yet",
                       {"status": t.status}, code="not_finished")
    report = reports.build_report(reads, tid, uow.now.isoformat())
    if report is None:
        raise Conflict("the report is not ready yet; retry in a moment", code="report_pending")
    receipt = reports.receive(uow, actor, tid)
    settings = dict(t.settings)
    event = {**dict(settings.get("event") or {}), "tier": effective_tier(settings)}
    record = from_report(report, event, receipt["received_at"], [])
    return _record(uow, actor, record)


def import_event(uow: UnitOfWork, actor: Principal, body: dict[str, Any]) -> dict[str, Any]:
    """An event run elsewhere, from its archon CSV and what the federation says of it;
    importing the same ``external_id`` again corrects it. Marked ``imported``."""
    require_role(actor, "federation")
    record = {"event_id": f"x-{body['external_id']}", "source": "imported",
              "name": body["name"], "date": body["date"], "group": body["group"],
              "tier": body["tier"], "open": body.get("open", True),
              "country": body.get("country"), "city": body.get("city"),
              "continent": body.get("continent"),
              "set_restricted": body.get("set_restricted", False), "incomplete": False,
              "finished_at": body.get("finished_at"),
              "reported_at": body.get("reported_at") or uow.now.isoformat(),
              "officials": sorted(body.get("officials") or []),
              "players": players_from_csv(body["csv"])}
    return _record(uow, actor, record)


def _record(uow: UnitOfWork, actor: Principal, record: dict[str, Any]) -> dict[str, Any]:
    state, events = uow.decide(lg.LEDGER, actor.id, lg.RecordEvent(
        record, actor.ref(), uow.now.isoformat()))
    return _event_doc(actor.id, state, record["event_id"], events)


def invalidate(uow: UnitOfWork, actor: Principal, event_id: str,
               reason: str) -> dict[str, Any]:
    """V:EKN 9.4: the federation invalidates an event; its results stop counting."""
    require_role(actor, "federation")
    state, events = uow.decide(lg.LEDGER, actor.id, lg.InvalidateEvent(
        event_id, reason, actor.ref(), uow.now.isoformat()))
    return _event_doc(actor.id, state, event_id, events)


def _event_doc(fid: str, state: lg.LedgerState, event_id: str,
               events: list[Any] | None = None) -> dict[str, Any]:
    held = state.records[event_id]
    record = held["record"]
    return {"federation_id": fid, "event_id": event_id, "source": record["source"],
            "imported": record["source"] == "imported", "name": record["name"],
            "date": record["date"], "group": record["group"], "tier": record["tier"],
            "country": record.get("country"), "city": record.get("city"),
            "continent": record.get("continent"), "players": len(record["players"]),
            "version": held["version"], "reporting": reporting(record),
            "invalidated": held["invalidated"], "reason": held["reason"],
            "excluded": exclusions(record, held["invalidated"]),
            "changes": None if events is None else
            [c for e in events for c in e.changes]}


# -- reads ---------------------------------------------------------------------------

def _ledger(reads: Reads, fid: str) -> lg.LedgerState:
    return _versioned(reads, fid)[0]


def _versioned(reads: Reads, fid: str) -> tuple[lg.LedgerState, int]:
    """The federation's ledger (404 ``not_found`` for anything but a federation)."""
    account = reads.state(ACCOUNT, fid) if FEDERATION_ID.fullmatch(fid) \
        else None
    if account is None or not account.exists or account.role != "federation":
        raise NotFound(f"no federation {fid}", code="not_found")
    return reads.service.read(lg.LEDGER, fid)


def _day(as_of: str | None, reads: Reads) -> date:
    if not as_of:
        return reads.service.clock().date()
    try:
        return date.fromisoformat(as_of)
    except ValueError:
        raise InvalidQuery("as_of is a day of the calendar (YYYY-MM-DD)") from None


def _group(group: str | None) -> str:
    if group not in GROUPS:
        raise InvalidQuery(f"group is one of {', '.join(GROUPS)}")
    return group


def events(reads: Reads, fid: str, offset: int, limit: int) -> dict[str, Any]:
    """The ledger's events, by day then id, from position ``offset``."""
    state = _ledger(reads, fid)
    keys = sorted((h["record"]["date"], eid) for eid, h in state.records.items())
    shown = keys[offset:offset + limit]
    return {"federation_id": fid, "items": [_event_doc(fid, state, eid) for _, eid in shown],
            "next": offset + limit if offset + limit < len(keys) else None}


def rankings(reads: Reads, fid: str, group: str | None, where: dict[str, str],
             as_of: str | None, offset: int, limit: int) -> dict[str, Any]:
    """The ranked players of a group at ``as_of`` (today), overall or in one place."""
    if where.get("continent") not in (None, *CONTINENTS):
        raise InvalidQuery(f"continent is one of {', '.join(CONTINENTS)}")
    (state, version), day = _versioned(reads, fid), _day(as_of, reads)
    rows = _board(state, (fid, version), _group(group), day, tuple(sorted(where.items())))
    return {"federation_id": fid, "group": group, "as_of": day.isoformat(), "where": where,
            "total": len(rows), "items": rows[offset:offset + limit],
            "next": offset + limit if offset + limit < len(rows) else None}


_BOARDS: dict[tuple[Any, ...], list[dict[str, Any]]] = {}


def _board(state: lg.LedgerState, version: tuple[str, int], group: str, day: date,
           where: tuple[tuple[str, str], ...]) -> list[dict[str, Any]]:
    """Leaderboards are computed once per ledger version (federation, stream version),
    day, group and place: a state of the stream never changes once written."""
    key = (version, group, day, where)
    if key not in _BOARDS:
        if len(_BOARDS) > 64:
            _BOARDS.clear()
        _BOARDS[key] = leaderboard(dict(state.by_member.items()),
                                   group, day, dict(where))
    return _BOARDS[key]


def profile(reads: Reads, actor: Principal | None, fid: str, member: str,
            as_of: str | None) -> dict[str, Any]:
    """A member's events, GW/VP, finals and rating history per group; the penalties
    they received only for the federation's staff (the federation, the admin)."""
    (state, version), day = _versioned(reads, fid), _day(as_of, reads)
    entries = state.entries(member)
    if not entries:
        raise NotFound(f"member {member} has no event in this ledger",
                       code="member_not_found")
    staff = actor is not None and (actor.role == "admin" or
                                   (actor.role == "federation" and actor.id == fid))
    groups = {}
    for group in GROUPS:
        mine = [e for e in entries if e["group"] == group]
        if not mine:
            continue
        r = rating(mine, group, day)
        board = _board(state, (fid, version), group, day, ())
        rank = next((row["rank"] for row in board if row["member_id"] == member), None)
        groups[group] = {"rating": r["rating"], "ranked": r["ranked"], "rank": rank,
                         "counted": r["counted"], "last_rated": r["last_rated"],
                         "history": history(mine, group)}
    shown = sorted(entries, key=lambda e: (e["date"], e["event_id"]))
    return {"federation_id": fid, "member_id": member, "as_of": day.isoformat(),
            "name": shown[-1]["player_name"], "groups": groups,
            "totals": {"events": len(shown), "gw": sum(e["gw"] for e in shown),
                       "vp": sum(e["vp_halves"] for e in shown) / 2,
                       "finals": sum(1 for e in shown if e["standing"]),
                       "wins": sum(1 for e in shown if e["standing"] == "winner")},
            "events": [_entry_doc(state, member, e, staff) for e in shown]}


def _entry_doc(state: lg.LedgerState, member: str, e: dict[str, Any],
               staff: bool) -> dict[str, Any]:
    doc = {k: e[k] for k in ("event_id", "name", "date", "group", "tier", "source",
                             "players", "gw", "standing", "counts")}
    doc.update(vp=e["vp_halves"] / 2, points=dict(zip(PARTS, e["points"], strict=True)),
               excluded=list(e["excluded"]), imported=e["source"] == "imported")
    if staff:
        record = state.records[e["event_id"]]["record"]
        mine: dict[str, Any] = next(
            (p for p in record["players"] if p.get("member_id") == member), {})
        doc.update(warnings=e["warnings"], disqualified=e["disqualified"],
                   penalties=list(mine.get("penalties") or []))
    return doc


def qualifications(reads: Reads, fid: str, continent: str,
                   as_of: str | None) -> dict[str, Any]:
    """Who is qualified for ``continent``'s next championship at ``as_of``."""
    if continent not in CONTINENTS:
        raise NotFound(f"no continent {continent!r}", {"continents": list(CONTINENTS)},
                       code="not_found")
    state, day = _ledger(reads, fid), _day(as_of, reads)
    rows = qualified(dict(state.by_member.items()),
                     state.counting_records(), continent, day)
    return {"federation_id": fid, "continent": continent, "as_of": day.isoformat(),
            "items": rows}


def feed(reads: Reads, fid: str, start: int, limit: int) -> dict[str, Any]:
    """Rating changes, oldest first, from position ``start``."""
    state = _ledger(reads, fid)
    items = list(state.feed[start:start + limit])
    return {"federation_id": fid, "items": items,
            "next": start + limit if start + limit < len(state.feed) else None}
