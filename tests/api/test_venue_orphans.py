"""Events a reclaimed node wrote, decided by the staff: listed, then replayed (each
command that still applies on top of the deployment's log appended, with its round
tally; one whose stream moved on refused with the reason) or discarded, once per report,
recorded on the lease stream."""
from __future__ import annotations

from chalicelib.domain.streams import swiss_round_tally
from tests.api.test_venue import _report, _tokens, venue  # noqa: F401 - the fixture


def _orphaned(api, link, node):
    """A node that reported two matches of round 1 after its lease was reclaimed, while
    the deployment, meanwhile, entered the first of them itself."""
    event = api.ready("munchkin", "booster-draft", players=4)
    tid, org, tokens = event["tid"], event["organizer"], _tokens(event)
    matches = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).body["matches"]
    node.take_over("http://deployment", org, tid)
    link.up = False
    link.on(node.rt, lambda: _report(api, tid, matches, tokens))
    assert api.post(f"/v1/tournaments/{tid}/venue/reclaim", token=org).status == 200
    _report(api, tid, matches[:1], tokens)               # the deployment goes on
    link.up = True
    node.push()
    return tid, org, tokens, matches


def test_the_staff_replay_what_still_applies_and_the_rest_is_refused(api, rt, venue):  # noqa: F811
    link, node = venue
    tid, org, tokens, matches = _orphaned(api, link, node)
    base = f"/v1/tournaments/{tid}/venue/orphans"
    listed = api.get(base, token=org).body["reports"]
    assert [r["report"] for r in listed] == [1] and listed[0]["decision"] is None
    assert {e["stream_id"] for e in listed[0]["events"]} >= {
        f"match-{tid}-{m['match_id'].lower()}" for m in matches}
    assert api.get(f"/v1/tournaments/{tid}/venue", token=org).body[
        "orphan_reports_undecided"] == [1]
    # only the organizer decides; a report that does not exist is a 404
    player = tokens[matches[0]["a"]]
    assert api.post(f"{base}/1", {"decision": "replay"}, token=player).status == 403
    assert api.post(f"{base}/2", {"decision": "replay"}, token=org).body["error"] == \
        "orphan_report_not_found"
    assert api.post(f"{base}/1", {"decision": "keep"}, token=org).status == 422
    pairing = api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org)
    assert pairing.status == 409                        # round 1 is not complete upstream

    done = api.post(f"{base}/1", {"decision": "replay"}, token=org)
    assert done.status == 200, done.body
    first, second = (f"match-{tid}-{m['match_id'].lower()}" for m in matches)
    # the second match's report and confirmation, and the round's close that came with it
    assert {e["stream_id"] for e in done.body["replayed"]} == {second, f"swiss-{tid}"}
    assert {e["stream_id"] for e in done.body["refused"]} == {first}
    assert all("written since the reclaim" in e["why"] or "follows a refused" in e["why"]
               for e in done.body["refused"])
    assert done.body["orphan_reports_undecided"] == []
    replayed = [e.type for e in rt.events.read(second)]
    assert replayed == [e["type"] for e in done.body["replayed"] if e["stream_id"] == second]
    # the replayed result counts in its round: round 2 can be paired now
    assert rt.events.tally(swiss_round_tally(tid, 1)) == 2
    assert api.post(f"/v1/tournaments/{tid}/swiss/rounds", token=org).status == 201
    again = api.post(f"{base}/1", {"decision": "discard"}, token=org)
    assert (again.status, again.body["error"]) == (409, "orphans_decided")
    decided = api.get(base, token=org).body["reports"][0]["decision"]
    assert decided["decision"] == "replay" and decided["by"]["id"]
    assert [e.type for e in rt.events.read(f"lease-{tid}")][-1] == "OrphansReplayed"


def test_a_discarded_report_applies_nothing(api, rt, venue):  # noqa: F811
    link, node = venue
    tid, org, _, matches = _orphaned(api, link, node)
    second = f"match-{tid}-{matches[1]['match_id'].lower()}"
    done = api.post(f"/v1/tournaments/{tid}/venue/orphans/1", {"decision": "discard"},
                    token=org)
    assert done.status == 200 and done.body["replayed"] == [] and done.body["refused"] == []
    assert rt.events.read(second) == []
    assert api.get(f"/v1/tournaments/{tid}/venue/orphans", token=org).body["reports"][0][
        "decision"]["decision"] == "discard"
