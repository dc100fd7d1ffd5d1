"""A client that sends back ``X-Podium-Position`` reads its own writes, even when no
projector runs at all (the read projects what it waits for); without the header, a read
under a tournament never answers a false "not found" or "not started"."""
from __future__ import annotations

import pytest

from chalicelib.service import positions

POS = positions.HEADER


class Session:
    """What the generated clients do: keep the last position a reply gave, send it."""

    def __init__(self, api):
        self.api = api
        self.position: str | None = None

    def call(self, method, path, body=None, token=None):
        headers = {POS: self.position} if self.position else {}
        reply = self.api.request(method, path, body, token=token, headers=headers)
        found = {k.lower(): v for k, v in reply.headers.items()}.get(POS.lower())
        if found:
            self.position = found
        return reply


def test_eighty_reads_right_after_their_writes_see_them(lagging):
    api, rt = lagging
    session = Session(api)
    org = api.organizer()
    for i in range(40):         # 80 reads, each right after its own write
        created = session.call("POST", "/v1/tournaments",
                               {"name": f"Cup {i}", "game": "mtg", "format": "booster-draft"},
                               token=org)
        assert created.status == 201 and POS in created.headers
        tid = created.body["tournament_id"]
        read = session.call("GET", f"/v1/tournaments/{tid}")
        assert read.status == 200 and read.body["tournament_id"] == tid, read.body
        session.call("POST", f"/v1/tournaments/{tid}/players", {"name": f"Ann {i}"})
        players = session.call("GET", f"/v1/tournaments/{tid}/players")
        assert [p["name"] for p in players.body["players"]] == [f"Ann {i}"]


def test_a_position_carries_earlier_writes_of_other_streams(lagging):
    """The reply to a write merges the request's own position: the last value a client
    kept covers every write it made."""
    api, rt = lagging
    org = api.organizer()
    session = Session(api)
    first = session.call("POST", "/v1/tournaments",
                         {"name": "A", "game": "mtg", "format": "booster-draft"},
                         token=org).body["tournament_id"]
    second = session.call("POST", "/v1/tournaments",
                          {"name": "B", "game": "mtg", "format": "booster-draft"},
                          token=org).body["tournament_id"]
    carried = positions.decode(session.position)
    assert carried == {f"tournament-{second}": 1, f"tournament-{first}": 1}
    listed = session.call("GET", "/v1/tournaments?limit=100").body["items"]
    assert {first, second} <= {t["tournament_id"] for t in listed}


def test_the_standings_right_after_a_rounds_last_result(lagging):
    """The last result's reply names the match stream; the round is closed by a reaction
    the read waits for (it runs when the read projects the match), so the standings of
    the closed round are there."""
    api, rt = lagging
    rt.service.after_commit.append(rt.projector.after_commit)     # set up inline
    event = api.ready("munchkin", "booster-draft", players=4)
    rt.service.after_commit.remove(rt.projector.after_commit)     # then the projector stops
    tid, org = event["tid"], event["organizer"]
    session = Session(api)
    paired = session.call("POST", f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert paired.status == 201, paired.body
    for match in paired.body["matches"]:
        reply = session.call("POST", f"/v1/tournaments/{tid}/swiss/matches/"
                             f"{match['match_id']}/result", {"a": 1, "b": 0}, token=org)
        assert reply.status == 200, reply.body
    assert api.get(f"/v1/tournaments/{tid}/swiss/standings").status == 200   # no false 404
    standings = session.call("GET", f"/v1/tournaments/{tid}/swiss/standings")
    assert standings.status == 200 and standings.body["round"] == 1, standings.body
    assert len(standings.body["rows"]) == 4


def test_without_a_position_a_new_tournament_is_no_false_404(lagging):
    api, rt = lagging
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    api.register(tid, "Ann")
    assert rt.projector.views.checkpoint(f"tournament-{tid}") == 0    # nothing projected
    summary = api.get(f"/v1/tournaments/{tid}")
    assert summary.status == 200 and summary.body["players"]["registered"] == 1


READS = ["", "/players", "/swiss", "/swiss/standings", "/swiss/rounds/1", "/tables",
         "/tables/standings", "/draft", "/sealed", "/decks", "/live",
         "/judging/officials", "/product"]


@pytest.mark.parametrize("tail", READS)
def test_an_unknown_tournament_is_tournament_not_found_on_every_read(lagging, tail):
    api, _ = lagging
    for tid in ("t0123456789ab", "nonsense"):
        reply = api.get(f"/v1/tournaments/{tid}{tail}")
        assert (reply.status, reply.body["error"]) == (404, "tournament_not_found"), \
            (tail, reply.body)


def test_a_malformed_or_unwritten_position_is_a_400(lagging):
    api, _ = lagging
    org = api.organizer()
    tid = api.tournament(org, "mtg", "booster-draft")["tournament_id"]
    bad = api.get(f"/v1/tournaments/{tid}", headers={POS: "not a position"})
    assert (bad.status, bad.body["error"]) == (400, "invalid_position")
    ahead = api.get(f"/v1/tournaments/{tid}", headers={POS: f"tournament-{tid}:99"})
    assert (ahead.status, ahead.body["error"]) == (400, "invalid_position")
    assert ahead.body["details"] == {"stream_id": f"tournament-{tid}", "version": 99}


def test_a_read_that_cannot_catch_up_answers_projection_behind(lagging, monkeypatch):
    api, rt = lagging
    org = api.organizer()
    created = api.post("/v1/tournaments", {"name": "A", "game": "mtg",
                                           "format": "booster-draft"}, token=org)
    monkeypatch.setattr(rt.projector, "catch_up", lambda *a, **k: 0)   # a projector stuck
    reply = api.get(f"/v1/tournaments/{created.body['tournament_id']}",
                    headers={POS: created.headers[POS]})
    assert (reply.status, reply.body["error"]) == (503, "projection_behind")
    assert reply.headers["Retry-After"] == "1"
    assert reply.body["details"]["streams"] == [f"tournament-{created.body['tournament_id']}"]
