"""Issue 17: every reply that lists cards names them, here for two events the demo
scenarios do not play (a table draft read from its seats, a plain sealed event); each
scenario's event is checked by the whole-event test (tests/e2e/test_whole_events.py)."""
from __future__ import annotations

import pytest

from demo.client import Api, start_event
from tests.e2e.card_facts_checks import Recording, card_facts_hold
from tests.e2e.transport import MovableClock


def table_draft_seats(api: Api):
    """A V:TES table draft (7.7) of one pack in a pod of four, every pick by its player
    after reading their seat; each player's feed."""
    ev = start_event(api, "Rochester Hall", "vtes", "table-draft", 4,
                     settings={"draft": {"packs": 1}})
    base = f"{ev.base}/table-draft"
    api.post(base, {"review_seconds": 0}, token=ev.org)
    pod = f"{base}/pods/1"
    for _ in range(200):                                   # bounded: 44 picks
        view = api.get(pod)
        if view["status"] != "drafting":
            break
        picker = view["picker"]
        api.get(pod + "/me", token=ev.token[picker])
        api.post(pod + "/picks", {"card": view["table"][0]["card"]}, token=ev.token[picker])
    for player in ev.token:
        api.get(f"{pod}/events", token=ev.token[player])
    api.get(f"{pod}/events")
    api.get(f"{pod}/log", token=ev.org)
    return ev


def sealed_event(api: Api):
    """A V:TES sealed event: product handed out and opened, each player's view."""
    ev = start_event(api, "Sealed Corner", "vtes", "sealed", 4)
    base = f"{ev.base}/sealed"
    api.post(base, {}, token=ev.org)
    api.post(base + "/open", token=ev.org)
    api.get(base)
    for player in ev.token:
        api.get(base, token=ev.token[player])
        api.get(base + "/events", token=ev.token[player])
    api.get(base, token=ev.org)
    api.get(base + "/log", token=ev.org)
    return ev


EXTRA = {"vtes-table-draft-seats": table_draft_seats, "vtes-sealed": sealed_event}


@pytest.mark.parametrize("name", sorted(EXTRA))
def test_every_card_listed_has_its_facts(name, api, rt):
    clock = MovableClock()
    rt.service.clock = clock
    transport = Recording(api, clock)
    demo = Api(transport, api.admin_key)
    ev = EXTRA[name](demo)
    card_facts_hold(demo, transport, name, ev.tid, ev.org)
