"""A restricted trade's pods form in one small commit (``TradePodsFormed``) and the
``open-trade-pods`` reaction opens each in a commit of its own, on every store adapter
(a DynamoDB transaction holds 100 items); opening is idempotent, the pods' own streams
(of the set-up's kind) trigger no reaction, and a pod still opening answers 409
``pod_opening``."""
from __future__ import annotations

import pytest

from chalicelib.application import sealed, trade, trade_opening
from chalicelib.application.reads import Reads
from chalicelib.config import Config
from chalicelib.domain.errors import Conflict
from chalicelib.domain.sealed import SEALED
from chalicelib.domain.trade import TRADE_POD
from chalicelib.reactions.registry import by_name
from chalicelib.reactions.runner import Context
from chalicelib.runtime import build_runtime
from chalicelib.service import Reply
from chalicelib.store.ports import NewEvent, StreamWrite
from tests.api.test_limited import split_pool
from tests.application import seeds
from tests.application import test_draft_opening as booster
from tests.application.conftest import organizer, player
from tests.application.test_draft_opening import CHUNK, commits, given
from tests.application.world import TOKEN_SECRET

rt = booster.rt               # the runtime fixture, on each store adapter
PRODUCT = {"boosters": [{"set": "sample-vtes", "count": 1}],
           "starters": [{"set": "sample-vtes", "count": 2}]}


def run(rt, work):
    return rt.service.run(lambda uow: Reply(200, work(uow))).body


def set_up(rt, players: int) -> tuple[dict, list[list[str]]]:
    """A restricted trade whose sealed product is open and every player's trade deck set
    up; the pods of four it will form. On moto (a table copied in each transaction) the
    set-ups are written on the memory store, then appended in writes of ``CHUNK``."""
    if rt.config.store != "dynamodb":
        return _set_up(rt, players)
    scratch = build_runtime(Config(store="memory", admin_key="pdm_admin_unused",
                                   token_secret=TOKEN_SECRET))
    event, planned = _set_up(scratch, players)
    given(rt, seeds.started("vtes", "restricted-trade", players=players,
                            settings={"product": PRODUCT}))
    stored = []
    for stream_id in (f"sealed-{event['tid']}", f"trade-{event['tid']}"):
        history = scratch.events.read(stream_id)
        for i in range(0, len(history), CHUNK):
            new = tuple(NewEvent(e.type, e.data, e.meta) for e in history[i:i + CHUNK])
            stored += rt.events.append_batch([StreamWrite(stream_id, rt.events.version(
                stream_id), new)])
    rt.projector.project_all(stored)
    return event, planned


def _set_up(rt, players: int) -> tuple[dict, list[list[str]]]:
    event = given(rt, seeds.started("vtes", "restricted-trade", players=players,
                                    settings={"product": PRODUCT}))
    tid, org = event["tid"], organizer(event)
    run(rt, lambda uow: sealed.start(uow, org, tid, None, None, None, None))
    run(rt, lambda uow: sealed.open_product(uow, org, tid))
    pools = rt.service.read(SEALED, tid)[0].pools
    ids = [p["player_id"] for p in event["players"]]
    for pid in ids:
        split = split_pool(list(pools[pid]))
        run(rt, lambda uow, pid=pid, s=split: trade.set_deck(
            uow, player(event, pid), tid, s["library"], s["stock"], s["crypt"], s["sideboard"]))
    return event, [ids[i:i + 4] for i in range(0, len(ids), 4)]


def test_a_trade_of_more_than_100_pods_forms_and_opens_every_pod_in_its_own_commit(rt):
    pods = 101
    event, planned = set_up(rt, 4 * pods)
    tid = event["tid"]
    seen = commits(rt)
    formed = run(rt, lambda uow: trade.form_pods(uow, organizer(event), tid, planned, None))
    assert len(formed["pods"]) == pods
    assert [(e.stream_id, e.type) for e in seen[0]] == [(f"trade-{tid}", "TradePodsFormed")]
    opened = seen[1:]
    assert sorted(c[0].stream_id for c in opened) == sorted(
        f"trade-{tid}-{n}" for n in range(1, pods + 1))
    assert all({e.stream_id for e in c} == {c[0].stream_id} for c in opened)
    assert all(c[0].meta["reaction"] == "open-trade-pods" for c in opened)
    states = [rt.service.read(TRADE_POD, (tid, n))[0] for n in range(1, pods + 1)]
    assert [list(s.players) for s in states] == planned
    assert {s.status for s in states} == {"trading"}
    summary = trade.summary(Reads(rt.service, rt.views), tid)
    assert "opening" not in {p["status"] for p in summary["pods"]}
    seen.clear()
    records = rt.events.read(f"trade-{tid}")
    rt.projector.apply(records)
    by_name()["open-trade-pods"].run(Context(rt.service, "open-trade-pods"), records)
    assert run(rt, lambda uow: trade_opening.open_pod(uow, tid, pods)) == \
        {"pod": pods, "opened": False}
    assert seen == []
    assert not rt.projector.reactor.durable(f"trade-{tid}-1")


def test_a_pod_still_opening_answers_409_and_shows_as_opening(tmp_path):
    rt = build_runtime(Config(store="memory", data_dir=str(tmp_path),
                              admin_key="pdm_admin_unused", token_secret=TOKEN_SECRET))
    event, planned = set_up(rt, 8)
    tid = event["tid"]
    reactor, rt.projector.reactor = rt.projector.reactor, None   # not yet reacted to
    run(rt, lambda uow: trade.form_pods(uow, organizer(event), tid, planned, None))
    rt.projector.reactor = reactor
    reads = Reads(rt.service, rt.views)
    me = player(event, planned[0][0])
    with pytest.raises(Conflict) as refused:
        run(rt, lambda uow: trade.decline(uow, me, tid, 1))
    assert refused.value.code == "pod_opening"
    with pytest.raises(Conflict, match="still opening"):
        trade.pod_view(reads, me, tid, 2)
    assert [p["status"] for p in trade.summary(reads, tid)["pods"]] == ["opening"] * 2
    rt.projector.catch_up(f"trade-{tid}")
    assert [p["status"] for p in trade.summary(reads, tid)["pods"]] == ["trading"] * 2
    assert trade.pod_view(reads, me, tid, 1)["players"] == planned[0]
