"""The judges' records' views: applied once per event whatever the delivery, and a
rebuild gives the incremental result."""
from __future__ import annotations

import random

from chalicelib.domain.decider import fold
from chalicelib.domain.judging import (
    JUDGING,
    DecideAppeal,
    FileAppeal,
    GivePenalty,
    NameOfficials,
)
from chalicelib.projections import judging
from chalicelib.projections.projector import Projector
from chalicelib.projections.queries import judging as views
from chalicelib.store.ports import NewEvent, append

TID = "t0000000000a1"
STREAM = f"judging-{TID}"
JUDGE, HEAD = {"role": "judge", "id": "j1"}, {"role": "judge", "id": "hj"}
T = "2026-11-22T18:{:02d}:00+00:00"


def _events():
    commands = [
        NameOfficials("hj", (), False, frozenset({"hj", "j1", "org"}), frozenset({"p1", "p2"}),
                      {"role": "organizer", "id": "org"}, T.format(0)),
        GivePenalty("pen1", "p1", "warning", "slow play", JUDGE, T.format(1)),
        GivePenalty("pen2", "p2", "disqualification", "cheating", HEAD, T.format(2),
                    "cheating", by_head_judge=True),
        GivePenalty("pen3", "p1", "game_loss", "extra cards", JUDGE, T.format(3), round=1,
                    table=1),
        FileAppeal("a1", "pen3", "p1", "a replacement card", T.format(4)),
        DecideAppeal("pen3", "overturned", "it was", HEAD, True, T.format(5)),
    ]
    state, out = JUDGING.initial(), []
    for command in commands:
        events = JUDGING.decide(command, state)
        state = fold(JUDGING, state, events)
        out += events
    return out


def test_views_once_per_event_and_rebuild_equals_incremental(stores):
    events, store = stores
    append(events, STREAM, 0, [NewEvent(e.type, e.data) for e in _events()])
    projector = Projector(events, store, [judging.projection])
    stored = events.read(STREAM)
    shuffled = list(stored)
    random.Random(3).shuffle(shuffled)
    for e in shuffled:
        projector.apply([e])
    projector.apply(stored + stored)                 # redelivered: nothing changes
    incremental = store.dump()
    summary = store.get(views.summary_id(TID))
    assert summary == {"tournament_id": TID, "head_judge": "hj", "panel": [], "warnings": 1,
                       "penalties": 1, "overturned": 1, "disqualified": ["p2"]}
    assert [v.doc["penalty_id"] for v in store.list(views.penalties_kind(TID))] == [
        "pen1", "pen2", "pen3"]
    mine = [v.doc for v in store.list(views.penalties_kind(TID, "p1"))]
    assert [(d["penalty_id"], d["status"]) for d in mine] == [("pen1", "standing"),
                                                             ("pen3", "overturned")]
    assert mine[1]["appeal"]["decision"] == "overturned"
    assert projector.rebuild() == len(stored)
    assert store.dump() == incremental
