"""A table or mixed draft's start commits only its roster (``LimitedPodsFormed``: pods,
seed, chosen product); the ``open-roster-pods`` reaction opens each pod in a commit of
its own, on every store adapter (a DynamoDB transaction holds 100 items: a start of more
than 100 pods could not commit them at once). Opening is idempotent, gives every pod the
product the one-commit start planned (the seed's), the pods' own streams (of the
roster's kinds) trigger no reaction, and while a pod is opening its commands answer 409
``pod_opening`` and the summary says so."""
from __future__ import annotations

import pytest

from chalicelib.application import mixed_draft, player_pool, roster_drafts, roster_opening
from chalicelib.application import table_draft as table_app
from chalicelib.application.reads import Reads
from chalicelib.domain import streams
from chalicelib.domain.errors import Conflict, NotFound
from chalicelib.domain.mixed_draft import MIXED_DRAFT
from chalicelib.domain.mixed_draft.setup import mixed_draft_commands
from chalicelib.domain.table_draft import TABLE_DRAFT
from chalicelib.domain.table_draft.setup import table_draft_commands
from chalicelib.domain.tournament import TOURNAMENT
from chalicelib.reactions.registry import by_name
from chalicelib.reactions.runner import Context
from chalicelib.service import Reply
from tests.application import seeds
from tests.application import test_draft_opening as booster
from tests.application.conftest import organizer, player
from tests.application.test_draft_opening import _sets, commits, given

rt = booster.rt               # the runtime fixture, on each store adapter
PODS = 101                   # more than one DynamoDB transaction's 100 items
PRODUCT = {"boosters": [{"set": "sample-vtes", "count": 1}],
           "starters": [{"set": "sample-vtes", "count": 1}]}
SETTINGS = {"product": PRODUCT,
            "draft": {"pod_min": 2, "pod_max": 2, "pod_preferred": 2, "packs": 1}}
FORMATS = {"table-draft": (TABLE_DRAFT, "tdraft"), "mixed-draft": (MIXED_DRAFT, "mixed")}


def start(rt, fmt, event):
    tid, actor = event["tid"], organizer(event)
    if fmt == "table-draft":
        work = lambda uow: table_app.start(uow, actor, tid, None, None, None, None, None, None)  # noqa: E731
    else:
        work = lambda uow: mixed_draft.start(uow, actor, tid, None, None, None, 3, None, None,  # noqa: E731
                                             None, None)
    return rt.service.run(lambda uow: Reply(200, work(uow))).body


def planned(rt, fmt, tid, pods):
    """Each pod's start as the one-commit start planned it (from the seed)."""
    t = rt.service.read(TOURNAMENT, tid)[0]
    common = dict(seed=t.seed, players=[p.id for p in t.active_players()],
                  product=t.section("product"), draft=t.section("draft"), sets=_sets(rt, t),
                  explicit_pods=pods)
    roster = _roster(rt, fmt, tid)
    s = roster.settings
    if fmt == "table-draft":
        return table_draft_commands(**common, now=roster.formed_at,
                                    pick_seconds=s["pick_seconds"],
                                    review_seconds=s["review_seconds"])[1]
    return mixed_draft_commands(**common, now=roster.formed_at,
                                pile_size=s["pile_size"], pick_seconds=s["pick_seconds"],
                                review_seconds=s["review_seconds"],
                                library_pick_seconds=s["library_pick_seconds"])[1]


def _roster(rt, fmt, tid):
    return rt.service.read(roster_opening.FORMATS[fmt].roster_decider, tid)[0]


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_draft_of_more_than_100_pods_starts_and_opens_every_pod_in_its_own_commit(rt, fmt):
    decider, kind = FORMATS[fmt]
    event = given(rt, seeds.started("vtes", fmt, players=2 * PODS, settings=SETTINGS))
    tid = event["tid"]
    seen = commits(rt)
    summary = start(rt, fmt, event)
    assert len(summary["pods"]) == PODS
    # the start's own commit holds the roster alone, which records the seed
    assert [(e.stream_id, e.type) for e in seen[0]] == [(f"{kind}-{tid}", "LimitedPodsFormed")]
    assert seen[0][0].data["seed"] == rt.service.read(TOURNAMENT, tid)[0].seed
    # then one commit per pod, by the reaction, each writing only its pod's stream
    opened = seen[1:]
    assert len(opened) == PODS
    assert sorted(c[0].stream_id for c in opened) == sorted(
        f"{kind}-{tid}-{n}" for n in range(1, PODS + 1))
    assert all({e.stream_id for e in c} == {c[0].stream_id} for c in opened)
    assert all(c[0].meta["reaction"] == "open-roster-pods" for c in opened)
    # every pod got what the one-commit start planned from the seed
    pods = [list(p) for p in _roster(rt, fmt, tid).pods]
    for n, command in enumerate(planned(rt, fmt, tid, pods), start=1):
        expected = decider.decide(command, decider.initial())
        got = rt.events.read(f"{kind}-{tid}-{n}")
        assert [(e.type, e.data) for e in got[:len(expected)]] == \
            [(e.type, e.data) for e in expected]
    view = roster_drafts.summary(Reads(rt.service, rt.views), roster_opening.FORMATS[fmt], tid)
    assert "opening" not in {p["status"] for p in view["pods"]}
    # re-delivered: the roster's records again, the reaction run again by name (a
    # retry), a pod opened again: nothing is written
    seen.clear()
    records = rt.events.read(f"{kind}-{tid}")
    rt.projector.apply(records)
    by_name()["open-roster-pods"].run(Context(rt.service, "open-roster-pods"), records)
    again = rt.service.run(lambda uow: Reply(200, roster_opening.open_pod(uow, fmt, tid, PODS)))
    assert seen == [] and again.body == {"pod": PODS, "opened": False}
    if rt.config.store == "dynamodb":     # moto copies the table in each rebuild commit
        return
    before = rt.views.dump()
    rt.projector.rebuild()
    assert rt.views.dump() == before


def test_only_roster_streams_have_the_reaction(rt):
    reactor = rt.projector.reactor
    tid = "t0123456789ab"
    for kind in ("tdraft", "mixed"):
        assert reactor.durable(f"{kind}-{tid}")
        assert not reactor.durable(f"{kind}-{tid}-3")     # a pick adds no reaction commit
    assert reactor.durable(streams.draft(tid)) and not reactor.durable(f"pod-{tid}-1")


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_while_its_pods_open_their_commands_answer_409_and_the_summary_shows_them(tmp_path, fmt):
    from chalicelib.config import Config
    from chalicelib.runtime import build_runtime
    from tests.application.world import TOKEN_SECRET
    rt = build_runtime(Config(store="memory", data_dir=str(tmp_path),
                              admin_key="pdm_admin_unused", token_secret=TOKEN_SECRET))
    event = given(rt, seeds.started("vtes", fmt, players=6, settings=SETTINGS))
    tid = event["tid"]
    f = roster_opening.FORMATS[fmt]
    reads = Reads(rt.service, rt.views)
    reactor, rt.projector.reactor = rt.projector.reactor, None   # the start not yet reacted to
    start(rt, fmt, event)
    rt.projector.reactor = reactor
    first = _roster(rt, fmt, tid).pods[0][0]
    me = player(event, first)
    with pytest.raises(Conflict) as refused:
        rt.service.run(lambda uow: Reply(200, roster_drafts.pick(
            uow, me, f, tid, 1, lambda uow, p: None)))
    assert refused.value.code == "pod_opening" and refused.value.details["pod"] == 1
    with pytest.raises(Conflict, match="still opening"):
        roster_drafts.seat(reads, me, f, tid, 1)
    with pytest.raises(Conflict, match="still opening"):
        player_pool.pool(reads, me, tid, first)
    with pytest.raises(NotFound):
        roster_drafts.seat(reads, me, f, tid, 4)            # no such pod at all
    assert [p["status"] for p in roster_drafts.summary(reads, f, tid)["pods"]] == \
        ["opening"] * 3
    # one pod opened (by a worker that got there first), then the roster's reaction runs:
    # it opens the two others and leaves that one as it is
    rt.service.run(lambda uow: Reply(200, roster_opening.open_pod(uow, fmt, tid, 2)))
    seen = commits(rt)
    rt.projector.catch_up(f"{FORMATS[fmt][1]}-{tid}")
    assert sorted(c[0].stream_id for c in seen) == [f.pod_stream(tid, 1), f.pod_stream(tid, 3)]
    assert roster_drafts.seat(reads, me, f, tid, 1)
    assert "opening" not in {p["status"] for p in roster_drafts.summary(reads, f, tid)["pods"]}
