"""A booster draft's start commits only ``DraftStarted``; the ``open-draft-pods``
reaction opens each pod in a commit of its own, on every store adapter (a DynamoDB
transaction holds 100 items: a start of more than 100 pods could not commit them at
once). Opening is idempotent (a re-delivered start or a second run opens nothing
twice), reproduces the packs the seed collates (the one-commit start's), and while a
pod is opening its commands answer 409 ``pod_opening`` and the summary says so."""
from __future__ import annotations

import os
from itertools import groupby

import boto3
import pytest

from chalicelib.application import draft, draft_opening, draft_pods, player_pool
from chalicelib.application.reads import Reads
from chalicelib.config import Config
from chalicelib.domain import streams
from chalicelib.domain.draft.aggregate import POD
from chalicelib.domain.draft.setup import start_commands
from chalicelib.domain.errors import Conflict, NotFound
from chalicelib.domain.tournament import TOURNAMENT
from chalicelib.reactions.registry import by_name
from chalicelib.reactions.runner import Context
from chalicelib.runtime import build_runtime
from chalicelib.service import Reply
from chalicelib.store.dynamo_tables import create_tables
from chalicelib.store.ports import NewEvent, StreamWrite
from tests.application import seeds
from tests.application.conftest import organizer, player
from tests.application.world import TOKEN_SECRET
from tests.conftest import FAKE_AWS

PODS = 101                   # more than one DynamoDB transaction's 100 items
SETTINGS = {"draft": {"pod_min": 2, "pod_max": 2, "pod_preferred": 2, "packs": 1}}
CHUNK = 90                   # events per write when a history is given to a store


@pytest.fixture(params=["memory", "sqlite", "dynamodb"])
def rt(request, tmp_path):
    if request.param != "dynamodb":
        yield build_runtime(Config(store=request.param, data_dir=str(tmp_path),
                                   admin_key="pdm_admin_unused", token_secret=TOKEN_SECRET,
                                   sqlite_synchronous="OFF"))
        return
    os.environ.update(FAKE_AWS)
    from moto import mock_aws
    with mock_aws():
        create_tables(boto3.client("dynamodb"), "ev", "idem", "views")
        yield build_runtime(Config(store="dynamodb", admin_key="pdm_admin_unused",
                                   token_secret=TOKEN_SECRET, events_table="ev",
                                   idempotency_table="idem", views_table="views",
                                   projection="inline"))


def given(rt, history) -> dict:
    """The history's tournament stream (its players' tokens are not needed here: moto
    copies every table in each transaction) appended in writes every store takes (at
    most ``CHUNK`` events), and projected."""
    stored = []
    tournament = streams.tournament(history.facts["tid"])
    for stream_id, run in groupby(history.events, key=lambda e: e[0]):
        if stream_id != tournament:
            continue
        run = list(run)
        for i in range(0, len(run), CHUNK):
            new = tuple(NewEvent(t, data, meta) for _, t, data, meta in run[i:i + CHUNK])
            stored += rt.events.append_batch([StreamWrite(stream_id,
                                                          rt.events.version(stream_id), new)])
    rt.projector.project_all(stored)
    return dict(history.facts)


def commits(rt) -> list[list]:
    """Every commit from now on, as the events it stored."""
    seen: list[list] = []
    rt.service.after_commit.insert(0, seen.append)
    return seen


def start(rt, event):
    return rt.service.run(lambda uow: Reply(200, draft.start(
        uow, organizer(event), event["tid"], None, None, None))).body


def test_a_draft_of_more_than_100_pods_starts_and_opens_every_pod_in_its_own_commit(rt):
    event = given(rt, seeds.started("mtg", "booster-draft", players=2 * PODS,
                                    settings=SETTINGS))
    tid = event["tid"]
    seen = commits(rt)
    summary = start(rt, event)
    assert len(summary["pods"]) == PODS
    # the start's own commit holds the draft's start alone (seed and pods recorded)
    assert [(e.stream_id, e.type) for e in seen[0]] == [(f"draft-{tid}", "DraftStarted")]
    assert seen[0][0].data["seed"] == rt.service.read(TOURNAMENT, tid)[0].seed
    # then one commit per pod, by the reaction, each writing only its pod's stream
    opened = [c for c in seen[1:] if any(e.type == "PodOpened" for e in c)]
    assert len(opened) == PODS
    assert all({e.stream_id for e in c} == {c[0].stream_id} for c in opened)
    assert all(c[0].meta["reaction"] == "open-draft-pods" for c in opened)
    pods = [rt.service.read(POD, (tid, n))[0] for n in range(1, PODS + 1)]
    assert all(p.opened for p in pods)
    # the packs are the seed's, as the start once collated them in one commit
    t = rt.service.read(TOURNAMENT, tid)[0]
    _, opens = start_commands(
        tournament=tid, seed=t.seed, players=[p.id for p in t.active_players()],
        product=t.section("product"), draft=t.section("draft"),
        sets=_sets(rt, t), now=0, by="x",
        explicit_pods=[list(p.seats) for p in pods])
    recorded = [rt.events.read(streams.draft_pod(tid, n))[0] for n in range(1, PODS + 1)]
    assert [e.data["packs"] for e in recorded] == [o.packs for o in opens]
    assert {e.data["seed"] for e in recorded} == {t.seed}
    view = draft.summary(Reads(rt.service, rt.views), tid)
    assert view["status"] == "drafting" and {p["status"] for p in view["pods"]} == {"drafting"}
    # re-delivered: the start's records again (the stream's delivery), the reaction run
    # again by name (a retry), a pod opened again: nothing is written
    seen.clear()
    records = rt.events.read(streams.draft(tid))
    rt.projector.apply(records)
    by_name()["open-draft-pods"].run(Context(rt.service, "open-draft-pods"), records)
    again = rt.service.run(lambda uow: Reply(200, draft_opening.open_pod(uow, tid, PODS)))
    assert seen == [] and again.body == {"pod": PODS, "opened": False}
    # replayed: the views rebuilt from the log equal the ones built as it was written (not
    # on moto, which copies the whole table in each of the rebuild's transactions: 20 s)
    if rt.config.store == "dynamodb":
        return
    before = rt.views.dump()
    rt.projector.rebuild()
    assert rt.views.dump() == before


def _sets(rt, t):
    from chalicelib.application.sets import product_sets
    return product_sets(Reads(rt.service, rt.views), t.section("product"))


def test_while_its_pods_open_their_commands_answer_409_and_the_summary_shows_them(tmp_path):
    rt = build_runtime(Config(store="memory", data_dir=str(tmp_path),
                              admin_key="pdm_admin_unused", token_secret=TOKEN_SECRET))
    event = given(rt, seeds.started("mtg", "booster-draft", players=6, settings=SETTINGS))
    tid = event["tid"]
    reads = Reads(rt.service, rt.views)
    reactor, rt.projector.reactor = rt.projector.reactor, None   # the start not yet reacted to
    start(rt, event)
    rt.projector.reactor = reactor
    seated = rt.service.read(POD, (tid, 1))[0]
    assert not seated.opened
    first = draft.summary(reads, tid)["pods"][0]["seats"][0]["player_id"]
    me = player(event, first)
    with pytest.raises(Conflict) as refused:
        rt.service.run(lambda uow: Reply(200, draft.pick(uow, me, tid, 1, "x", 1, 1, None)))
    assert refused.value.code == "pod_opening" and refused.value.details["pod"] == 1
    with pytest.raises(Conflict, match="still opening"):
        draft.seat(reads, me, tid, 1)
    with pytest.raises(Conflict, match="still opening"):
        player_pool.pool(reads, me, tid, first)
    with pytest.raises(NotFound):
        draft.seat(reads, me, tid, 4)                  # no such pod at all
    summary = draft.summary(reads, tid)
    assert summary["status"] == "opening"
    assert [p["status"] for p in summary["pods"]] == ["opening"] * 3
    assert draft_pods.sweep(reads, tid) == [
        {"pod": n, "auto_picks": 0, "status": "opening"} for n in (1, 2, 3)]
    # one pod opened (by a worker that got there first), then the start's reaction runs:
    # it opens the two others and leaves that one as it is
    rt.service.run(lambda uow: Reply(200, draft_opening.open_pod(uow, tid, 2)))
    seen = commits(rt)
    rt.projector.catch_up(streams.draft(tid))
    assert sorted(c[0].stream_id for c in seen) == [streams.draft_pod(tid, 1),
                                                     streams.draft_pod(tid, 3)]
    assert draft.seat(reads, me, tid, 1)["player"] == first
    assert draft.summary(reads, tid)["status"] == "drafting"
