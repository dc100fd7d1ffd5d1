"""The deployment's side of a venue node (``docs/venue.md``): grant, renew, give back and
reclaim a tournament's lease, hand the node the tournament's streams, and take the
events the node pushes upward (in order, idempotently by stream and version, each batch
checked to extend the chain it holds)."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..auth import Principal
from ..auth.principal import require_tournament_staff
from ..domain import streams
from ..domain.errors import Conflict, Forbidden, Invalid, NotFound
from ..domain.venue import LEASE, Grant, Reclaim, Release, Renew, ReportOrphans, transfer
from ..service.command_service import too_large
from ..store.ports import ConcurrencyConflict, ItemTooLarge, Tally
from ..store.venue_transfer import import_events
from . import tournament
from .reads import Reads
from .venue_streams import CREDENTIAL_KINDS, HEADS, belongs, record, round_tallies, stored, tallies
from .venue_streams import tournament_streams as scan_streams

MAX_PAGE = 500
CHECK_THREADS = 16


class ChainBroken(Conflict, code="venue_chain_broken"):
    """409: a transfer that does not extend the chain the receiver holds (refused whole)."""


def _staff(source: Any, actor: Principal, tid: str) -> Any:
    state = tournament.load(source, tid)
    require_tournament_staff(actor, state)
    return state


def lease_status(reads: Reads, actor: Principal, tid: str) -> dict[str, Any]:
    """Who writes the tournament now (the deployment or a venue node) and until when."""
    _staff(reads, actor, tid)
    lease = reads.state(LEASE, tid)
    return {"tournament_id": tid, **lease.public(reads.service.clock())}


def grant(uow: Any, actor: Principal, tid: str, node_id: str, address: str,
          seconds: int) -> dict[str, Any]:
    """Lease the tournament to venue node ``node_id`` for ``seconds``."""
    uow.load(LEASE, tid)     # its refusals are the lease's
    _staff(uow, actor, tid)
    lease_id = uow.new_id("l")
    state, _ = uow.decide(LEASE, tid, Grant(lease_id, node_id, address,
                                                           seconds, actor.ref(), uow.now))
    return {"tournament_id": tid, **state.public(uow.now)}


def renew(uow: Any, actor: Principal, tid: str, lease_id: str, node_id: str,
          seconds: int) -> dict[str, Any]:
    uow.load(LEASE, tid)     # its refusals are the lease's
    _staff(uow, actor, tid)
    state, _ = uow.decide(LEASE, tid, Renew(lease_id, node_id, seconds,
                                                           uow.now))
    return {"tournament_id": tid, **state.public(uow.now)}


def _heads(service: Any, tid: str, organizer_id: str) -> dict[str, int]:
    return {sid: v for sid, v in scan_streams(service.events, tid, organizer_id).items()
            if streams.kind_of(sid) != "lease"}


def release(uow: Any, actor: Principal, service: Any, tid: str, lease_id: str, node_id: str,
            heads: dict[str, list[Any]]) -> dict[str, Any]:
    """Give the lease back: refused (409 ``venue_not_synced``, naming each stream) unless
    the deployment holds every event the node names in ``heads`` (stream -> [version,
    chain head])."""
    uow.load(LEASE, tid)     # its refusals are the lease's
    _staff(uow, actor, tid)
    behind = []
    for sid, (version, head) in sorted(heads.items()):
        have = service.events.version(sid)
        mine = HEADS.at(service.events, sid, version) if have >= version else None
        if have != version or mine != head:
            behind.append({"stream_id": sid, "node": version, "deployment": have,
                           "same_chain": mine == head})
    if behind:
        raise Conflict("the deployment does not hold every event of the node yet: push "
                       "them first", {"streams": behind[:50], "behind": len(behind)},
                       code="venue_not_synced")
    state, _ = uow.decide(LEASE, tid, Release(
        lease_id, node_id, {s: v for s, (v, _) in heads.items()}, uow.now))
    return {"tournament_id": tid, **state.public(uow.now)}


def reclaim(uow: Any, actor: Principal, service: Any, tid: str) -> dict[str, Any]:
    """The organizer forces the lease back (the node is lost): the deployment continues
    from the last events it received (recorded as ``heads``)."""
    uow.load(LEASE, tid)     # its refusals are the lease's
    state = _staff(uow, actor, tid)
    if actor.role not in ("organizer", "admin"):
        raise Forbidden("only the organizer reclaims a tournament from a venue node",
                        code="venue_reclaim_forbidden")
    heads = _heads(service, tid, state.organizer_id)
    lease, _ = uow.decide(LEASE, tid, Reclaim(heads, actor.ref(), uow.now))
    return {"tournament_id": tid, **lease.public(uow.now), "heads": heads}


def stream_list(reads: Reads, actor: Principal, tid: str,
                registration_key: str) -> dict[str, Any]:
    """What a node taking the tournament over pulls: every stream with its version and
    chain head, the round tallies with their members, and the tournament's registration
    key (its staff's to know: with it the node checks the code as the deployment does)."""
    state = _staff(reads, actor, tid)
    events = reads.service.events
    found = scan_streams(events, tid, state.organizer_id)
    return {"tournament_id": tid,
            "streams": [{"stream_id": sid, "version": v, "head": HEADS.at(events, sid, v)}
                        for sid, v in sorted(found.items())],
            "tallies": [{"name": t.name, "member": t.member}
                        for t in tallies(events, round_tallies(found, tid))],
            "registration_key": registration_key}


def stream_page(reads: Reads, actor: Principal, tid: str, stream_id: str, after: int,
                limit: int) -> dict[str, Any]:
    """One stream's events after version ``after`` as transfer records with their chain,
    and the chain head they follow."""
    state = _staff(reads, actor, tid)
    events = reads.service.events
    first = events.read(stream_id, limit=1)
    if not first or not belongs(first[0], tid, state.organizer_id):
        raise NotFound(f"no stream {stream_id[:80]} in tournament {tid}",
                       code="stream_not_found")
    page = events.read(stream_id, after=after, limit=min(limit, MAX_PAGE))
    previous = HEADS.at(events, stream_id, after) if after else transfer.GENESIS
    return {"stream_id": stream_id, "previous": previous,
            "events": transfer.chained([record(e) for e in page], previous),
            "version": events.version(stream_id)}


def push(service: Any, actor: Principal, tid: str, lease_id: str, node_id: str,
         records: list[dict[str, Any]], previous: dict[str, str],
         tally_members: list[dict[str, Any]]) -> dict[str, Any]:
    """Take events a venue node wrote: each stream's records contiguous and in order,
    ``previous`` the chain head each stream's first record follows. Records the
    deployment already holds (same event id) are acknowledged again; anything else that
    does not extend its chain is refused whole."""
    state = _staff(Reads(service, None), actor, tid)  # type: ignore[arg-type]  # no views read
    lease, _ = service.read(LEASE, tid)
    # a lease that expired while the link was down still takes what the node wrote before
    # it expired (the node stops writing then; anything the deployment wrote since makes
    # the chain check refuse the batch): only a reclaim or a new grant turns it away
    if lease.holder != node_id or lease.lease_id != lease_id:
        return _orphans(service, actor, tid, lease_id, node_id, records, lease, tally_members)
    by_stream: dict[str, list[dict[str, Any]]] = {}
    for rec in records:
        by_stream.setdefault(str(rec.get("stream_id")), []).append(rec)
    new, duplicates = [], 0

    def check(item: tuple[str, list[dict[str, Any]]]) -> tuple[list[dict[str, Any]], int]:
        return _fresh(service.events, tid, state.organizer_id, item[0], item[1], previous)
    if hasattr(service.events, "db") or len(by_stream) == 1:      # the embedded store
        checked = [check(item) for item in by_stream.items()]
    else:                      # one round trip or two per stream, at once (thread-safe)
        with ThreadPoolExecutor(min(CHECK_THREADS, len(by_stream))) as pool:
            checked = list(pool.map(check, by_stream.items()))
    for fresh, dup in checked:
        duplicates += dup
        new += fresh
    if new:
        events = [stored(r) for r in new]
        counted = [Tally(str(t["name"]), int(t["member"])) for t in tally_members
                   if streams.tournament_of(str(t["name"])) == tid]
        try:
            import_events(service.events, events, counted)
        except ConcurrencyConflict as exc:
            raise ChainBroken(f"stream {exc.stream_id} moved while importing: push again",
                              {"stream_id": exc.stream_id}) from None
        except ItemTooLarge as exc:    # recorded before nodes refused it: never importable
            raise too_large(exc) from exc
        for hook in service.after_commit:
            hook(events)
    acked = {}
    for (sid, recs), (fresh, _) in zip(by_stream.items(), checked, strict=True):
        version = recs[-1]["version"]
        if fresh:         # appended after its chain was checked link by link from ours
            HEADS.note(service.events, sid, version, recs[-1]["chain"])
        acked[sid] = {"version": version, "head": recs[-1]["chain"] if fresh
                      else HEADS.at(service.events, sid, version)}
    return {"tournament_id": tid, "accepted": len(new), "duplicates": duplicates,
            "acknowledged": acked}


def _fresh(events: Any, tid: str, organizer_id: str, sid: str, recs: list[dict[str, Any]],
           previous: dict[str, str]) -> tuple[list[dict[str, Any]], int]:
    if streams.kind_of(sid) == "lease" or not _ours(events, tid, organizer_id, sid, recs[0]):
        raise Invalid(f"stream {sid} is not one a venue node of {tid} writes",
                      {"stream_id": sid}, code="venue_stream_foreign")
    first = recs[0].get("version")
    if not isinstance(first, int) or first < 1:
        raise Invalid("each record needs its version", {"stream_id": sid},
                      code="venue_stream_foreign")
    have = events.version(sid)
    if first > have + 1:
        raise ChainBroken(f"{sid} would skip versions {have + 1}..{first - 1}",
                          {"stream_id": sid, "deployment": have, "first": first})
    mine = HEADS.at(events, sid, first - 1) if first > 1 else transfer.GENESIS
    broken = transfer.breaks(recs, previous.get(sid, ""), first)
    if previous.get(sid) != mine or broken:
        raise ChainBroken(f"the events of {sid} do not extend the chain the deployment "
                          "holds", {"stream_id": sid, "breaks": broken,
                                    "previous_matches": previous.get(sid) == mine})
    held = {e.version: e.event_id for e in events.read(sid, after=first - 1,
                                                       limit=have - first + 1)} \
        if have >= first else {}
    for rec in recs:
        if rec["version"] in held and held[rec["version"]] != rec["event_id"]:
            raise ChainBroken(f"{sid} v{rec['version']} is another event here",
                              {"stream_id": sid, "version": rec["version"]})
    fresh = [r for r in recs if r["version"] > have]
    for rec in fresh:
        try:
            _ = stored(rec).event      # its shape decodes, as every projection will need
        except Exception as exc:  # noqa: BLE001 - any shape error refuses the batch
            raise Invalid(f"{sid} v{rec['version']} is not a readable {rec.get('type')} "
                          "event", {"stream_id": sid, "version": rec["version"],
                                    "why": str(exc)[:300]}, code="venue_event_invalid") from None
    return fresh, len(recs) - len(fresh)


def _ours(events: Any, tid: str, organizer_id: str, sid: str, first: dict[str, Any]) -> bool:
    if streams.tournament_of(sid) == tid:
        return True
    if streams.kind_of(sid) not in CREDENTIAL_KINDS:
        return False
    opening = events.read(sid, limit=1)
    return belongs(opening[0] if opening else stored(first), tid, organizer_id)


def _orphans(service: Any, actor: Principal, tid: str, lease_id: str, node_id: str,
             records: list[dict[str, Any]], lease: Any,
             tally_members: list[dict[str, Any]]) -> dict[str, Any]:
    """The node lost its lease (reclaimed): what it wrote beyond the deployment's copy is
    reported on the lease stream, never applied."""
    held: dict[str, dict[int, str]] = {}
    for sid in {str(r.get("stream_id")) for r in records}:
        if streams.tournament_of(sid) == tid or streams.kind_of(sid) in CREDENTIAL_KINDS:
            held[sid] = {e.version: e.event_id for e in service.events.read(sid)}
    orphans = [r for r in records if streams.kind_of(str(r.get("stream_id"))) != "lease"
               and str(r.get("stream_id")) in held
               and held[str(r["stream_id"])].get(int(r.get("version") or 0)) != r.get("event_id")]
    if lease.lease_id != lease_id or not orphans:
        raise Conflict("this node does not hold the tournament's lease",
                       {"holder": lease.holder_at(service.clock()), "lease_id": lease.lease_id},
                       code="lease_not_held")

    def work(uow: Any) -> Any:
        from ..service import Reply
        uow.decide(LEASE, tid, ReportOrphans(lease_id, node_id, [
            {k: r.get(k) for k in transfer.FIELDS} for r in orphans], uow.now,
            [{"name": str(t.get("name")), "member": t["member"]} for t in tally_members
             if streams.tournament_of(str(t.get("name"))) == tid
             and isinstance(t.get("member"), int)]))
        return Reply(200, None)
    service.run(work, meta={"actor": actor.ref()})
    return {"tournament_id": tid, "accepted": 0, "duplicates": 0, "acknowledged": {},
            "reclaimed": True, "reported": len(orphans)}
