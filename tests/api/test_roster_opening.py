"""Through HTTP, a table or mixed draft whose pods are still opening (the start
committed its roster, the ``open-roster-pods`` reaction not run yet, as when the events
table's stream has not delivered it): the summary shows each pod ``opening``, a pod, a
seat, its feed and log and a pick answer 409 ``pod_opening``; once the reaction runs,
every pod opens."""
from __future__ import annotations

import pytest

from tests.api.test_limited import roster

START = {"table-draft": {}, "mixed-draft": {"pile_size": 3}}
PICKS = {"table-draft": "picks", "mixed-draft": "crypt-picks"}


@pytest.mark.parametrize("fmt", sorted(START))
def test_a_pod_still_opening_answers_409_and_shows_as_opening(api, rt, fmt):
    tid, org, ids, tokens = roster(api, 8, fmt, draft={"packs": 1, "pod_min": 4,
                                                       "pod_max": 4, "pod_preferred": 4})
    base = f"/v1/tournaments/{tid}/{fmt}"
    reactor, rt.projector.reactor = rt.projector.reactor, None
    try:
        started = api.post(base, START[fmt], token=org)
        assert started.status == 201, started.body
        assert [p["status"] for p in api.get(base).body["pods"]] == ["opening", "opening"]
        first = started.body["pods"][0]["players"][0]
        for refused in (api.get(f"{base}/pods/1"),
                        api.get(f"{base}/pods/1/me", token=tokens[first]),
                        api.get(f"{base}/pods/1/events", token=tokens[first]),
                        api.get(f"{base}/pods/1/log", token=org),
                        api.post(f"{base}/pods/1/{PICKS[fmt]}", {"card": "x"},
                                 token=tokens[first])):
            assert refused.status == 409 and refused.body["error"] == "pod_opening"
            assert refused.body["details"] == {"tournament_id": tid, "pod": 1}
            assert {k.lower(): v for k, v in refused.headers.items()}["retry-after"] == "1"
        assert api.get(f"{base}/pods/3").status == 404
    finally:
        rt.projector.reactor = reactor
    kind = "tdraft" if fmt == "table-draft" else "mixed"
    rt.projector.catch_up(f"{kind}-{tid}")          # the stream delivers the roster
    me = api.get(f"{base}/pods/1/me", token=tokens[first])
    assert me.status == 200, me.body
    assert "opening" not in {p["status"] for p in api.get(base).body["pods"]}
