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
