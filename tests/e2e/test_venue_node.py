"""Whole events on a venue node (``docs/venue.md``), over real HTTP: the deployment runs
in its deployed shape (``python -m devserver``: moto's DynamoDB, stream projection), the
node on the embedded store (``PODIUM_VENUE_NODE_ID``), between them a loopback link the
test cuts; the three processes serve both events. Each event (``venue_events.py``: a
Munchkin booster draft, Swiss rounds and a top cut; a V:TES sealed swap, a round of
tables and the final) is created on the deployment with its registration code, then the
node takes it over and every request under the tournament goes to the node with the same
tokens: players self-register there with the code. The link is cut mid-draft (or
mid-product phase) and mid-round and restored; the deployment is restarted once (its
data dir kept). Meanwhile half of the writes are also sent to the deployment, which
refuses every one. At the end the node gives the lease back, and the two logs are equal
event for event, the verifier passes on both, and every write the node acknowledged is
on the deployment."""
from __future__ import annotations

import re
import shutil
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from chalicelib.application.audit import AUDITED_KINDS
from chalicelib.service import positions
from chalicelib.verify.engine import verify
from chalicelib.verify.source import load
from demo.client import Api
from demo.server import LocalServer
from demo.transport import UrlTransport
from tests.e2e import venue_events
from tests.e2e.venue_link import Link

ROUND_WRITE = re.compile(r"/swiss/matches/|/tables/rounds/[0-9]+/tables/")
CODE = "VENUE-2026"


class Venue:
    """The venue's phones: requests of the held tournament go to the node."""

    def __init__(self, deployment: LocalServer, node: LocalServer, link: Link):
        self.deployment, self.node, self.link = deployment, node, link
        self.restarted = False

    def play(self, cut: tuple[int, int], restart: bool) -> None:
        self.cut, self.restart = cut, restart    # the first cut's first and last request
        self.tid: str | None = None
        self.requests = 0
        self.probes: list[tuple[int, str]] = []    # the deployment's answers while held
        self.acknowledged: list[dict[str, int]] = []
        self.script: dict[str, int] = {}
        self.taken: dict = {}

    def dep(self) -> UrlTransport:
        return UrlTransport(self.deployment.url)

    def request(self, method, path, body=None, token=None, headers=None):
        if self.tid is None or not path.startswith(f"/v1/tournaments/{self.tid}"):
            return self.dep().request(method, path, body, token, headers)
        self.requests += 1
        self._events(path)
        if method == "POST" and self.requests % 2 == 0 and self.link.up:
            r = self.dep().request(method, path, body, token, headers)
            self.probes.append((r.status, (r.body or {}).get("error", "")))
        r = UrlTransport(self.node.url).request(method, path, body, token, headers)
        if method == "POST" and r.status < 300 and positions.HEADER in r.headers:
            self.acknowledged.append(positions.decode(r.headers[positions.HEADER]))
        return r

    def hold(self, tid: str, key: str) -> None:
        """The node takes the tournament over (before anyone registers)."""
        r = UrlTransport(self.node.url).request("POST", "/v1/venue/tournaments", {
            "upstream": self.link.url, "key": key, "tournament_id": tid},
            token=self.node.admin_key)
        assert r.status == 201, r.body
        assert r.body["lease"]["holder"] == "laptop" and r.body["events"] >= 1
        self.tid, self.taken = tid, r.body
        # the registration code is checked on the node as on the deployment
        wrong = {"name": "Guesser", "registration_code": "WRONG-CODE"}
        for server in (self.node, self.deployment):
            r = UrlTransport(server.url).request("POST", f"/v1/tournaments/{tid}/players", wrong)
            assert (r.status, r.body["error"]) == ((403, "invalid_registration_code")
                                                   if server is self.node else
                                                   (409, "tournament_held_by_venue")), r.body

    def _events(self, path: str) -> None:
        """Cut the link ``cut[0]`` requests in (mid-draft, mid-product phase), restart the
        deployment while it is cut (once), restore it at ``cut[1]``; cut it again at the
        first result of a round (a Swiss match, a table) and restore it 12 requests on."""
        n = self.requests
        if n == self.cut[0]:
            self.link.cut()
            self.script["draft_cut"] = n
            if self.restart:
                self._restart_deployment()
        elif n == self.cut[1]:
            self.link.restore(self.deployment.port)
            self.script["draft_restored"] = n
        elif ROUND_WRITE.search(path) and n > self.cut[1] and "round_cut" not in self.script:
            self.link.cut()
            self.script["round_cut"] = n
        elif "round_cut" in self.script and n == self.script["round_cut"] + 12:
            self.link.restore()
            self.script["round_restored"] = n

    def _restart_deployment(self) -> None:
        self.deployment.stop()
        again = LocalServer(data_dir=self.deployment.data_dir, store="dynamodb")
        again.admin_key = self.deployment.admin_key
        self.deployment = again.start()
        self.script["deployment_restarted"] = self.requests
        self.restarted = True


def _streams(url: str, tid: str, org: str) -> dict[str, list[dict]]:
    """Every stream of the tournament as stored there, record by record."""
    t = UrlTransport(url)
    listing = t.request("GET", f"/v1/tournaments/{tid}/venue/streams", token=org)
    assert listing.status == 200, listing.body
    out = {}
    for entry in listing.body["streams"]:
        records, after = [], 0
        while after < entry["version"]:
            page = t.request("GET", f"/v1/tournaments/{tid}/venue/streams/"
                             f"{entry['stream_id']}?after={after}", token=org).body
            records += page["events"]
            after = records[-1]["version"]
        out[entry["stream_id"]] = records
    return out


def _wait_synced(node: LocalServer, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        status = UrlTransport(node.url).request("GET", "/v1/venue").body
        if status["pending"] == 0 or time.monotonic() > deadline:
            return status
        time.sleep(0.1)


@pytest.fixture(scope="module")
def venue():
    """The deployment (moto), the link and the node, shared by both events (the two
    servers start and stop side by side)."""
    data = tempfile.mkdtemp(prefix="podium-deployment-")
    deployment = LocalServer(data_dir=data, store="dynamodb")
    link = Link(deployment.port)
    node = LocalServer(env={"PODIUM_VENUE_NODE_ID": "laptop",
                            "PODIUM_VENUE_RETRY_SECONDS": "0.1"})
    node.extra_env["PODIUM_VENUE_ADDRESS"] = node.url
    out = Venue(deployment, node, link)
    try:
        with ThreadPoolExecutor(2) as pool:
            for started in [pool.submit(deployment.start), pool.submit(node.start)]:
                started.result()
        assert "Venue node:  laptop" in node.log() and node.url + "/v1" in node.log()
        qr = UrlTransport(node.url).request("GET", "/v1/venue/qr.svg")
        assert qr.status == 200 and "<svg" in qr.body
        yield out
    finally:
        link.close()
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(LocalServer.stop, (node, out.deployment)))
        shutil.rmtree(data, ignore_errors=True)


@pytest.mark.parametrize(("name", "cut", "restart"), [("munchkin", (12, 30), True),
                                                      ("vtes", (10, 20), False)])
def test_a_whole_event_on_a_venue_node_through_cuts_and_a_restart(venue, name, cut, restart):
    started = time.perf_counter()
    venue.play(cut, restart)
    tid, org, facts = getattr(venue_events, name)(Api(venue, venue.deployment.admin_key),
                                                  venue.hold, code=CODE)
    node = venue.node
    assert venue.tid == tid and set(venue.script) == {
        "draft_cut", "draft_restored", "round_cut", "round_restored"} | (
        {"deployment_restarted"} if restart else set()), venue.script
    status = _wait_synced(node)
    assert status["pending"] == 0, status

    # every write the deployment received while the node held the lease: refused
    assert len(venue.probes) > 3
    # (a token issued on the node, a player's, is unknown upstream until pushed: 401)
    assert set(venue.probes) <= {(409, "tournament_held_by_venue"), (401, "unauthorized")}, \
        set(venue.probes)
    assert venue.probes.count((409, "tournament_held_by_venue")) > 2

    back = UrlTransport(node.url).request(
        "POST", f"/v1/venue/tournaments/{tid}/release", token=node.admin_key)
    assert back.status == 200 and back.body["holder"] == "deployment", back.body
    deployment = venue.deployment
    ours, theirs = _streams(deployment.url, tid, org), _streams(node.url, tid, org)
    assert ours == theirs                    # one log, event for event
    total = sum(len(v) for v in ours.values())
    assert total > 30 and status["pushed"] > 25
    for acked in venue.acknowledged:         # no acknowledged write lost
        for stream_id, version in acked.items():
            assert len(ours.get(stream_id, [])) >= version, (stream_id, version)
    # the players registered on the node with the event's code: their tokens work upstream
    registered = [e for e in ours[f"tournament-{tid}"] if e["type"] == "PlayerRegistered"]
    assert len(registered) >= 4 and all(not e["data"].get("by_staff") for e in registered)

    logs = [load(f"{server.url}/v1/tournaments/{tid}/audit") for server in
            (deployment, node)]
    for log, server in zip(logs, (deployment, node), strict=True):
        keys = UrlTransport(server.url).request("GET", "/v1/.well-known/podium-keys").body
        checked = verify(log, keys=keys)
        assert checked.ok and checked.differences == [], \
            [d.line() for d in checked.differences][:5]
        assert checked.checked > 10 and checked.events == sum(
            len(v) for sid, v in ours.items() if sid.split("-")[0] in AUDITED_KINDS)
    # the same events; only the commitments of withheld fields differ (each side
    # salts them with its own token secret), and with them the audit log's chain
    shown = [[{k: v for k, v in e.items() if k not in ("withheld", "chain")}
              for e in log["events"]] for log in logs]
    assert shown[0] == shown[1] and len(shown[0]) == checked.events
    assert [sorted(e.get("withheld", {})) for e in logs[0]["events"]] == \
        [sorted(e.get("withheld", {})) for e in logs[1]["events"]]
    heads = [{s: (h["version"], h["events"]) for s, h in log["manifest"]["streams"].items()}
             for log in logs]
    assert heads[0] == heads[1]
    assert UrlTransport(deployment.url).request(
        "GET", f"/v1/tournaments/{tid}/venue", token=org).body["holder"] == "deployment"
    print(f"venue e2e {name}: {total} events, {len(venue.probes)} writes refused by the "
          f"deployment, {facts}, script {venue.script}, {time.perf_counter() - started:.1f} s")
