"""The lease decider: one writer at a time, expiring; renew, give back and reclaim only
of the lease that holds; orphans reported only after a reclaim; and the transfer chain
refuses what does not extend it."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.domain.audit_chain import GENESIS
from chalicelib.domain.decider import fold
from chalicelib.domain.errors import Conflict, Invalid
from chalicelib.domain.venue import (
    DEPLOYMENT,
    LEASE,
    Grant,
    LeaseReclaimed,
    Reclaim,
    Release,
    Renew,
    ReportOrphans,
    transfer,
)

NOW = datetime(2026, 11, 27, 18, 0, tzinfo=UTC)
BY = {"role": "organizer", "id": "o1"}


def run(state, command):
    return fold(LEASE, state, LEASE.decide(command, state))


def granted(seconds=3600):
    return run(LEASE.initial(), Grant("l1", "laptop", "http://10.0.0.2:8000", seconds, BY, NOW))


def test_a_grant_gives_the_node_the_pen_until_it_expires():
    state = granted()
    assert state.holder_at(NOW) == "laptop"
    assert state.holder_at(NOW + timedelta(seconds=3599)) == "laptop"
    assert state.holder_at(NOW + timedelta(seconds=3600)) == DEPLOYMENT
    with pytest.raises(Conflict) as held:
        LEASE.decide(Grant("l2", "other", "", 3600, BY, NOW), state)
    assert held.value.code == "lease_held" and held.value.details["holder"] == "laptop"
    later = LEASE.decide(Grant("l2", "other", "", 3600, BY, NOW + timedelta(hours=2)), state)
    assert later[0].node_id == "other"


@pytest.mark.parametrize("command", [
    Grant("l1", "laptop", "", 10, BY, NOW), Grant("l1", DEPLOYMENT, "", 3600, BY, NOW)])
def test_a_grant_needs_a_node_and_a_sane_duration(command):
    with pytest.raises(Invalid) as bad:
        LEASE.decide(command, LEASE.initial())
    assert bad.value.code == "invalid_lease"


def test_renew_and_release_belong_to_the_holding_lease():
    state = granted()
    renewed = run(state, Renew("l1", "laptop", 7200, NOW + timedelta(minutes=50)))
    assert renewed.holder_at(NOW + timedelta(minutes=100)) == "laptop"
    for wrong in (Renew("lX", "laptop", 7200, NOW), Renew("l1", "other", 7200, NOW),
                  Release("l1", "laptop", {}, NOW + timedelta(hours=2))):
        with pytest.raises(Conflict) as refused:
            LEASE.decide(wrong, state)
        assert refused.value.code == "lease_not_held"
    released = run(renewed, Release("l1", "laptop", {"swiss-t1": 3}, NOW))
    assert released.holder_at(NOW) == DEPLOYMENT and released.leases == 1


def test_reclaim_then_orphans_are_reported_never_before():
    state = granted()
    with pytest.raises(Conflict):
        LEASE.decide(ReportOrphans("l1", "laptop", [{"x": 1}], NOW), state)
    events = LEASE.decide(Reclaim({"swiss-t1": 2}, BY, NOW), state)
    assert isinstance(events[0], LeaseReclaimed) and events[0].node_id == "laptop"
    reclaimed = fold(LEASE, state, events)
    assert reclaimed.holder_at(NOW) == DEPLOYMENT
    with pytest.raises(Conflict):
        LEASE.decide(Reclaim({}, BY, NOW), reclaimed)
    reported = run(reclaimed, ReportOrphans("l1", "laptop", [{"x": 1}, {"x": 2}], NOW))
    assert reported.orphan_events == 2 and reported.public(NOW)["orphans_reported"] == 2


def _records(n, stream="swiss-t0123456789ab"):
    return [{"stream_id": stream, "version": v, "type": "E", "data": {"n": v}, "meta": {},
             "event_id": f"e{v}", "recorded_at": "2026-11-27T18:00:00+00:00"}
            for v in range(1, n + 1)]


def test_the_transfer_chain_refuses_what_does_not_extend_it():
    records = transfer.chained(_records(4))
    assert transfer.breaks(records, GENESIS, 1) == []
    assert transfer.head(_records(4)) == records[-1]["chain"]
    tail = records[2:]
    assert transfer.breaks(tail, records[1]["chain"], 3) == []
    assert transfer.breaks(tail, records[0]["chain"], 3)[0]["version"] == 3   # wrong base
    changed = [dict(r) for r in records]
    changed[1]["data"] = {"n": 99}
    assert transfer.breaks(changed, GENESIS, 1)[0]["version"] == 2
    assert transfer.breaks(records[:1] + records[2:], GENESIS, 1)[0]["why"].startswith(
        "expected version 2")


def _reported():
    from chalicelib.domain.venue import ReportOrphans as Report
    state = run(granted(), Reclaim({"swiss-t1": 1}, BY, NOW))
    return run(state, Report("l1", "laptop", [{"stream_id": "swiss-t1", "version": 2}],
                             NOW, [{"name": "x", "member": 1}]))


def test_orphans_are_decided_once_per_report_while_the_deployment_holds_them():
    from chalicelib.domain.errors import NotFound
    from chalicelib.domain.venue import DecideOrphans
    state = _reported()
    assert state.public(NOW)["orphan_reports_undecided"] == [1]
    with pytest.raises(NotFound):
        run(state, DecideOrphans(2, "discard", 0, [], [], BY, NOW))
    with pytest.raises(Invalid):
        run(state, DecideOrphans(1, "keep", 1, [], [], BY, NOW))
    done = run(state, DecideOrphans(1, "discard", 1, [], [], BY, NOW))
    assert done.public(NOW)["orphan_reports_undecided"] == []
    with pytest.raises(Conflict, match="decided already"):
        run(done, DecideOrphans(1, "replay", 1, [], [], BY, NOW))
    again = run(state, Grant("l2", "other", "", 3600, BY, NOW))
    with pytest.raises(Conflict, match="held by venue node other"):
        run(again, DecideOrphans(1, "replay", 1, [], [], BY, NOW))
