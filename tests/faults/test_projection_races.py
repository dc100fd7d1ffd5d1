"""Two projector runs in parallel, one per stream, each reading and writing the views in
its own transaction (what inline projection in concurrent requests, or two Lambda shards,
do). A view document must belong to one stream, or concurrent updates are lost."""
from __future__ import annotations

from chalicelib.domain.draft.aggregate import POD
from chalicelib.projections.registry import ViewTx
from chalicelib.store.ports import StoredEvent
from demo.scenarios.booster import pick_body


def interleave(rt, first: StoredEvent, second: StoredEvent) -> None:
    """Both read the views, then both commit: the projector's per-stream checkpoints do
    not see the two transactions touching the same document."""
    txs = []
    for event in (first, second):
        tx = ViewTx(rt.views)
        handlers = rt.projector.handlers_for(event.stream_id)
        for handler in (*handlers.get(event.event.type, ()), *handlers.get("*", ())):
            handler(event, tx)                       # as Projector._project does
        txs.append((event, tx))
    for event, tx in txs:
        checkpoint = rt.views.checkpoint(event.stream_id)
        assert rt.views.commit(event.stream_id, checkpoint, event.version, tx.puts, tx.deletes)


def _finish_two_pods(api, rt):
    setup = api.started("mtg", "booster-draft", players=8, settings={
        "product": {"boosters": [{"set": "sample-mtg", "count": 1}]}})
    tid, org = setup["tid"], setup["organizer"]
    ids = [p["player_id"] for p in setup["players"]]
    assert api.post(f"/v1/tournaments/{tid}/draft", {"pods": [ids[:4], ids[4:]]},
                    token=org).status == 201
    # project nothing inline from here: the test plays the two projectors itself
    hooks = list(rt.service.after_commit)
    rt.service.after_commit.clear()
    token = {p["player_id"]: p["token"] for p in setup["players"]}
    for _ in range(100):                             # bounded: 15 picks per seat
        if all(rt.service.read(POD, (tid, n))[0].finished for n in (1, 2)):
            break
        for pid, tok in token.items():
            n = 1 if pid in ids[:4] else 2
            view = api.get(f"/v1/tournaments/{tid}/draft/pods/{n}/me", token=tok).body
            if view.get("pack"):
                api.post(f"/v1/tournaments/{tid}/draft/pods/{n}/picks", pick_body(view),
                         token=tok)
    rt.service.after_commit.extend(hooks)
    return tid


def test_two_pods_finishing_at_once_both_show_finished(api, rt):
    """Regression (found by make load): the DraftFinished handler of each pod stream once
    read-modify-wrote the shared draft:<tid> and draft-active:<tid> documents."""
    tid = _finish_two_pods(api, rt)
    # every stream but the last event of each pod projected in order
    finals = []
    for n in (1, 2):
        stream = f"pod-{tid}-{n}"
        events = rt.events.read(stream)
        rt.projector.catch_up(stream, events[:-1])
        finals.append(events[-1])
        assert finals[-1].type == "DraftFinished"
    interleave(rt, *finals)
    pods = api.get(f"/v1/tournaments/{tid}/draft").body["pods"]
    assert [p["status"] for p in pods] == ["finished", "finished"]


def test_two_new_streams_projected_at_once_are_both_in_the_event_log(api, rt):
    """Regression (found by make load): the stream index tournament:<tid>:streams was once
    one document read-modify-written by the first event of every stream."""
    setup = api.started("mtg", "booster-draft", players=8)
    tid, org = setup["tid"], setup["organizer"]
    ids = [p["player_id"] for p in setup["players"]]
    rt.service.after_commit.clear()                  # the test plays the projectors
    assert api.post(f"/v1/tournaments/{tid}/draft", {"pods": [ids[:4], ids[4:]]},
                    token=org).status == 201
    rt.projector.catch_up(f"draft-{tid}")
    first = [rt.events.read(f"pod-{tid}-{n}")[0] for n in (1, 2)]
    interleave(rt, *first)
    for n in (1, 2):
        rt.projector.catch_up(f"pod-{tid}-{n}")
    log = api.event_log(tid, org)
    assert {f"pod-{tid}-1", f"pod-{tid}-2"} <= {e["stream_id"] for e in log}
