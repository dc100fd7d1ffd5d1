"""A venue node against a deployment, in one process (each a runtime of its own; the
node reaches the deployment through the spec-checking client): the lease refuses every
write to the deployment and names the node while reads go on, the node takes over with
the same tokens, pushes upward in order and idempotently after an outage, a transfer
that does not extend the chain is refused, the lease comes back only once everything
is upstream, and a reclaimed node's later events are reported, not applied."""
from __future__ import annotations

import urllib.parse

import pytest

from chalicelib.application.venue_streams import record
from chalicelib.domain.venue import transfer
from chalicelib.runtime import build_runtime, runtime, set_runtime
from chalicelib.venue import node as node_module
from chalicelib.venue.node import Node
from chalicelib.venue.upstream import Refused, Unreachable, Upstream
from tests.conftest import make_config


class Link:
    """The deployment as the node reaches it, through ``api`` on the deployment's runtime;
    ``up = False`` cuts it."""

    def __init__(self, api, deployment):
        self.api, self.deployment, self.up = api, deployment, True
        self.calls_left: int | None = None
        link = self

        class InProcess(Upstream):
            def call(self, method, path, body=None, query=None):
                if not link.up or link.calls_left == 0:
                    raise Unreachable("the link is cut")
                if link.calls_left is not None:
                    link.calls_left -= 1
                url = "/v1" + path + ("?" + urllib.parse.urlencode(query) if query else "")
                reply = link.on(link.deployment, lambda: link.api.post(url, body, token=self.key)
                                if method == "POST" else link.api.get(url, token=self.key))
                if reply.status >= 400:
                    raise Refused(reply.status, reply.body)
                return reply.body
        self.upstream = InProcess

    @staticmethod
    def on(rt, call):
        before = runtime()
        set_runtime(rt)
        try:
            return call()
        finally:
            set_runtime(before)


@pytest.fixture
def venue(api, rt, tmp_path, monkeypatch):
    monkeypatch.setenv("PODIUM_VENUE_NODE_ID", "laptop")
    node_rt = build_runtime(make_config(tmp_path / "node"))
    monkeypatch.delenv("PODIUM_VENUE_NODE_ID")
    set_runtime(rt)
    link = Link(api, rt)
    node = Node(node_rt, "laptop")
    node.upstream_class = link.upstream
    return link, node


def _tokens(event):
    return {p["player_id"]: p["token"] for p in event["players"]}


def _report(api, tid, matches, tokens):
    for m in matches:
        r = api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/result",
                     {"a": 1, "b": 0}, token=tokens[m["a"]])
        assert r.status == 200, r.body
        r = api.post(f"/v1/tournaments/{tid}/swiss/matches/{m['match_id']}/confirm",
                     token=tokens[m["b"]])
        assert r.status == 200 and r.body["status"] == "final", r.body


def _log(rt, tid):
    """Every event of the tournament's streams and tokens as stored, by stream."""
    out = {}
    for e in rt.events.all_events():
        if e.stream_id.startswith("lease-"):
            continue
        out.setdefault(e.stream_id, []).append(record(e))
    return {sid: recs for sid, recs in out.items()
            if tid in sid or sid.startswith(("token-", "keys-j"))}


def test_a_node_takes_over_syncs_through_an_outage_and_gives_back(api, rt, venue,
                                                                  monkeypatch):
    link, node = venue
    event = api.ready("munchkin", "booster-draft", players=6)
    tid, org, tokens = event["tid"], event["organizer"], _tokens(event)
    first = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    assert api.get(f"/v1/tournaments/{tid}/venue", token=org).body["holder"] == "deployment"

    taken = node.take_over("http://deployment", org, tid)
    assert taken["lease"]["holder"] == "laptop" and taken["events"] > 20
    lease = api.get(f"/v1/tournaments/{tid}/venue", token=org).body
    assert lease["holder"] == "laptop" and lease["expires_at"]
    node.renew(tid, seconds=24 * 3600)           # recorded upstream, pulled to the node
    renewed = api.get(f"/v1/tournaments/{tid}/venue", token=org).body
    assert renewed["expires_at"] > lease["expires_at"]
    assert [e.type for e in node.rt.events.read(f"lease-{tid}")] == [
        "LeaseGranted", "LeaseRenewed"]
    refused = api.post(f"/v1/tournaments/{tid}/swiss/matches/{first['matches'][0]['match_id']}"
                       "/result", {"a": 1, "b": 0}, token=tokens[first["matches"][0]["a"]])
    assert refused.status == 409 and refused.body["error"] == "tournament_held_by_venue"
    assert refused.body["details"]["holder"] == "laptop" and "laptop" in refused.body["message"]
    assert api.post(f"/v1/tournaments/{tid}/players", {"name": "Late"},
                    token=org).status == 409
    assert api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").status == 200     # reads go on
    assert node.pending() == 0

    # the node serves the same API with the same tokens; the link is cut meanwhile
    link.up = False
    link.on(node.rt, lambda: _report(api, tid, first["matches"], tokens))
    second = link.on(node.rt, lambda: api.post(f"/v1/tournaments/{tid}/swiss/rounds",
                                               token=org))
    assert second.status == 201, second.body
    judge = link.on(node.rt, lambda: api.post(f"/v1/tournaments/{tid}/judges", {"name": "Jo"},
                                              token=org))
    assert judge.status == 201, judge.body      # a token and a key record issued here
    waiting = node.pending()
    assert waiting > 6
    with pytest.raises(Unreachable):
        node.push()
    assert node.pending() == waiting             # nothing acknowledged, nothing lost
    link.up = True
    monkeypatch.setattr(node_module, "BATCH", 5)
    link.calls_left = 1                          # one batch goes up, then the link fails
    with pytest.raises(Unreachable):
        node.push()
    restarted = Node(node.rt, "laptop")          # the node restarts: it resumes from the
    restarted.upstream_class = link.upstream     # position acknowledged (venue.json)
    assert restarted.pending() == waiting - 5
    link.calls_left = None
    assert restarted.push() == waiting - 5
    node = restarted
    assert node.pending() == 0
    round1 = api.get(f"/v1/tournaments/{tid}/swiss/rounds/1").body
    assert round1["closed"]                      # the deployment's views follow the node
    assert api.get(f"/v1/tournaments/{tid}/swiss/rounds/2").status == 200

    # pushed again from the start: acknowledged as duplicates, nothing added
    before = sum(len(v) for v in _log(rt, tid).values())
    node.settings.cursor = 0
    node.push()
    assert sum(len(v) for v in _log(rt, tid).values()) == before

    # a batch that does not extend the deployment's chain is refused whole
    link.on(node.rt, lambda: _report(api, tid, second.body["matches"][:1], tokens))
    sid = f"match-{tid}-{second.body['matches'][0]['match_id'].lower()}"
    recs = [record(e) for e in node.rt.events.read(sid)]
    chained = transfer.chained(recs)
    forged = [dict(r) for r in chained]
    forged[0]["data"] = {**forged[0]["data"], "result": {"a": 0, "b": 1}}  # its chain kept
    body = {"node_id": "laptop", "lease_id": taken["lease"]["lease_id"],
            "events": forged, "previous": {sid: transfer.GENESIS}}
    broken = api.post(f"/v1/tournaments/{tid}/venue/events", body, token=org)
    assert broken.status == 409 and broken.body["error"] == "venue_chain_broken"
    assert broken.body["details"]["breaks"][0]["version"] == 1
    wrong_base = api.post(f"/v1/tournaments/{tid}/venue/events", {
        **body, "events": chained[1:], "previous": {sid: chained[0]["chain"][::-1]}}, token=org)
    assert wrong_base.status == 409 and wrong_base.body["error"] == "venue_chain_broken"
    bad_shape = [dict(r) for r in recs]
    bad_shape[0]["data"] = {"nonsense": 1}
    unreadable = api.post(f"/v1/tournaments/{tid}/venue/events", {
        **body, "events": transfer.chained(bad_shape)}, token=org)
    assert unreadable.status == 422 and unreadable.body["error"] == "venue_event_invalid"
    assert rt.events.version(sid) == 0
    foreign = api.post(f"/v1/tournaments/{tid}/venue/events", {
        **body, "events": [], "previous": {}}, token=tokens[first["matches"][0]["a"]])
    assert foreign.status == 403

    # the lease comes back only once the deployment holds every event
    link.up = False
    with pytest.raises(Unreachable):
        node.give_back(tid)
    early = api.post(f"/v1/tournaments/{tid}/venue/release", {
        "node_id": "laptop", "lease_id": taken["lease"]["lease_id"],
        "heads": {sid: [len(recs), transfer.head(recs)]}}, token=org)
    assert early.status == 409 and early.body["error"] == "venue_not_synced"
    link.up = True
    assert node.give_back(tid)["holder"] == "deployment"
    assert _log(rt, tid) == _log(node.rt, tid)       # one log, event for event
    assert any(sid.startswith("keys-j") for sid in _log(rt, tid))
    assert api.get(f"/v1/tournaments/{tid}", token=judge.body["token"]).status == 200
    assert [e.event_id for e in rt.events.read(f"lease-{tid}")] == \
        [e.event_id for e in node.rt.events.read(f"lease-{tid}")]
    held = link.on(node.rt, lambda: api.post(f"/v1/tournaments/{tid}/players",
                                             {"name": "Late"}, token=org))
    assert held.status == 409 and held.body["details"]["holder"] == "deployment"
    assert api.post(f"/v1/tournaments/{tid}/players", {"name": "Late"}, token=org).status == 201


def test_a_lost_node_is_reclaimed_and_its_later_events_reported(api, rt, venue):
    link, node = venue
    event = api.ready("munchkin", "booster-draft", players=4)
    tid, org, tokens = event["tid"], event["organizer"], _tokens(event)
    first = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    taken = node.take_over("http://deployment", org, tid)
    again = api.post(f"/v1/tournaments/{tid}/venue/lease", {"node_id": "other"}, token=org)
    assert again.status == 409 and again.body["error"] == "lease_held"
    link.up = False
    link.on(node.rt, lambda: _report(api, tid, first["matches"][:1], tokens))
    written = node.pending()
    assert written > 0

    player = tokens[first["matches"][0]["a"]]
    assert api.post(f"/v1/tournaments/{tid}/venue/reclaim", token=player).status == 403
    back = api.post(f"/v1/tournaments/{tid}/venue/reclaim", token=org)
    assert back.status == 200 and back.body["holder"] == "deployment"
    assert back.body["heads"][f"swiss-{tid}"] >= 1
    _report(api, tid, first["matches"][:1], tokens)       # the deployment continues

    link.up = True
    node.push()
    assert node.settings.tournaments[tid].reclaimed
    lease = api.get(f"/v1/tournaments/{tid}/venue", token=org).body
    assert lease["orphans_reported"] == written
    reported = [e for e in rt.events.read(f"lease-{tid}") if e.type == "OrphansReported"]
    assert {r["event_id"] for r in reported[0].data["events"]} == {
        e.event_id for _, e in __import__("chalicelib.store.venue_transfer", fromlist=["x"])
        .events_after(node.rt.events, 0, 10_000)
        if e.stream_id.startswith("match-") and e.event_id not in
        {x.event_id for x in rt.events.read(e.stream_id)}}
    stale = api.post(f"/v1/tournaments/{tid}/venue/renew", {
        "node_id": "laptop", "lease_id": taken["lease"]["lease_id"]}, token=org)
    assert stale.status == 409 and stale.body["error"] == "lease_not_held"
    refused = link.on(node.rt, lambda: api.post(f"/v1/tournaments/{tid}/players",
                                                {"name": "X"}, token=org))
    assert refused.status == 409 and refused.body["error"] == "tournament_held_by_venue"


def test_a_deployment_is_not_a_node(api):
    r = api.get("/v1/venue")
    assert r.status == 404 and r.body["error"] == "not_a_venue_node"


def test_a_write_racing_a_grant_runs_again_and_is_refused(api, rt):
    from chalicelib.domain import streams
    from chalicelib.domain.announcements import ANNOUNCEMENTS, Announce
    from chalicelib.service import Reply
    from chalicelib.service.venue_lease import HeldElsewhere

    event = api.started("munchkin", "booster-draft", players=2)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/venue/lease", {"node_id": "first"},
                    token=org).status == 201
    assert api.post(f"/v1/tournaments/{tid}/venue/reclaim", token=org).status == 200
    attempts, granted = [], []

    def work(uow):
        attempts.append(1)
        uow.decide(ANNOUNCEMENTS, tid,
                   Announce(f"a{len(attempts)}", "Round 1 soon", {"role": "organizer"},
                            uow.now.isoformat()))
        return Reply(200, {})

    def grant_meanwhile(uow, refused=False):   # after the lease check, before the commit
        if len(attempts) == 1 and not refused and not granted:
            granted.append(1)
            assert api.post(f"/v1/tournaments/{tid}/venue/lease", {"node_id": "laptop"},
                            token=org).status == 201

    rt.service.before_commit.append(grant_meanwhile)
    with pytest.raises(HeldElsewhere) as held:
        rt.service.run(work)
    assert len(attempts) == 2 and held.value.details["holder"] == "laptop"
    assert rt.events.version(streams.announcements(tid)) == 0


def test_a_lease_that_expired_offline_still_takes_what_the_node_wrote_before(api, rt, venue):
    from datetime import UTC, datetime, timedelta

    link, node = venue
    event = api.ready("munchkin", "booster-draft", players=4)
    tid, org, tokens = event["tid"], event["organizer"], _tokens(event)
    first = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body
    node.take_over("http://deployment", org, tid, seconds=600)
    link.up = False
    link.on(node.rt, lambda: _report(api, tid, first["matches"][:1], tokens))
    later = datetime.now(UTC) + timedelta(hours=1)
    rt.service.clock = lambda: later                 # the lease ran out at the deployment
    node.rt.service.clock = lambda: later            # and at the node, which stops writing
    expired = link.on(node.rt, lambda: api.post(f"/v1/tournaments/{tid}/players",
                                                {"name": "X"}, token=org))
    assert expired.status == 409 and expired.body["details"]["holder"] == "deployment"
    assert api.get(f"/v1/tournaments/{tid}/venue", token=org).body["holder"] == "deployment"
    link.up = True
    assert node.push() == 2 and node.pending() == 0   # what it wrote in time goes up
    sid = f"match-{tid}-{first['matches'][0]['match_id'].lower()}"
    assert [e.event_id for e in rt.events.read(sid)] == \
        [e.event_id for e in node.rt.events.read(sid)]
