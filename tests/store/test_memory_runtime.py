"""The in-memory store as a store choice (``PODIUM_STORE=memory``): projected inline,
healthy, and nothing kept between runtimes (never the default)."""
from __future__ import annotations

from chalicelib.config import Config
from chalicelib.runtime import build_runtime
from chalicelib.store.memory_events import MemoryEventStore
from chalicelib.store.memory_views import MemoryViewStore
from chalicelib.store.ports import NewEvent, append


def test_memory_is_a_store_choice_projected_inline_and_never_the_default(tmp_path):
    assert Config.from_env({}).store == "sqlite"
    config = Config.from_env({"PODIUM_STORE": "memory", "PODIUM_DATA_DIR": str(tmp_path)})
    assert (config.store, config.projection) == ("memory", "inline")
    rt = build_runtime(config)
    assert isinstance(rt.events, MemoryEventStore)
    assert isinstance(rt.projector.views, MemoryViewStore)
    assert [p.ok for p in rt.health.probe()] == [True, True]
    assert rt.health.backlog().oldest_at is None
    # the unit of work commits to it and the projector follows inline
    append(rt.events, "nothing-projects-this", 0, [NewEvent("Happened", {"n": 1})])
    assert rt.health.backlog().oldest_at is not None       # appended around the service
    assert build_runtime(config).events.version("nothing-projects-this") == 0


def test_stored_payloads_are_copies(tmp_path):
    store = MemoryEventStore()
    data = {"players": ["a"]}
    (stored,) = append(store, "s", 0, [NewEvent("Happened", data)])
    data["players"].append("b")
    stored.data["players"].append("c")
    assert store.read("s")[0].data == {"players": ["a"]}


def test_what_a_test_reads_off_the_memory_store_to_copy_or_watch_it():
    from chalicelib.store.ports import StreamWrite, Tally
    store = MemoryEventStore()
    append(store, "a", 0, [NewEvent("Happened", {"n": 1})])
    mark = store.position()
    store.append_batch([StreamWrite("b", 0, (NewEvent("Happened", {"n": 2}),)),
                        StreamWrite("a", 1, (NewEvent("Happened", {"n": 3}),))],
                       tallies=[Tally("t", 2), Tally("t", 1), Tally("t", 2)])
    assert [(e.stream_id, e.data["n"]) for e in store.since(mark)] == [("b", 2), ("a", 3)]
    assert store.since(store.position()) == []
    assert store.tally_members() == [Tally("t", 1), Tally("t", 2)]


def test_the_memory_views_build_a_generation_beside_the_current_one():
    from chalicelib.store.ports import ViewDoc
    views = MemoryViewStore()
    assert views.commit("s", 0, 1, {"old": ViewDoc("old", "k", "", {"v": 1})}, set())
    built = views.next_generation("g2")
    assert built.get("old") is None and views.resume_generation("g2") is built
    assert built.commit("s", 0, 1, {"new": ViewDoc("new", "k", "", {"v": 2})}, set())
    built.mark_schema(7)
    views.slot("job").write({"state": "running"})
    assert built.slot("job").read() == {"state": "running"}    # one slot for all generations
    views.switch_to(built)
    assert views.get("old") is None and views.get("new") == {"v": 2}
    assert views.condition(7) is None and views.checkpoint("s") == 1


def test_the_api_runs_on_the_memory_store_and_its_views_rebuild_alike(tmp_path, chalice_app):
    from chalicelib.runtime import set_runtime
    from tests.conftest import ADMIN_KEY
    from tests.support.client import ApiClient
    rt = build_runtime(Config(store="memory", data_dir=str(tmp_path), admin_key=ADMIN_KEY,
                              token_secret="test-secret-" + "0" * 52, check_purity=True))
    set_runtime(rt)
    try:
        api = ApiClient(chalice_app, ADMIN_KEY)
        event = api.ready("vtes", "sealed", players=5)
        seated = api.post(f"/v1/tournaments/{event['tid']}/tables/rounds",
                          token=event["organizer"])
        assert seated.status == 201, seated.body
        before = rt.views.dump()
        assert api.rebuild_views()["state"] == "succeeded"
        assert rt.views.dump() == before
        assert api.get("/v1/health").body["status"] == "ok"
    finally:
        set_runtime(None)
