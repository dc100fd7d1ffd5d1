"""Every event class of the catalog: one class per name, stored and read back unchanged,
older versions lifted by an upcaster each; only typed events are written; an unknown name
still loads."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from chalicelib.domain import streams
from chalicelib.domain.decider import FunctionDecider
from chalicelib.domain.events import (
    Event,
    UnknownEvent,
    UntypedEvent,
    decode,
    event,
    registered,
    upcasters,
)
from chalicelib.service import CommandService, Reply
from chalicelib.store.ports import NewEvent, StreamWrite
from chalicelib.store.sqlite_events import SqliteEventStore
from tests.events.samples import sample

CATALOG = registered()
DOMAIN = Path(__file__).resolve().parents[2] / "chalicelib" / "domain"


def test_one_class_per_name_and_every_aggregate_declares_its_events():
    assert all(cls.type == name and cls.__name__ == name for name, cls in CATALOG.items())
    modules = {cls.__module__.split(".")[2] for cls in CATALOG.values()}
    assert modules == {"accounts", "allegations", "announcements", "calls", "checkin",
                       "clock", "decks", "draft", "ffa", "judging", "leagues", "ledger",
                       "mixed_draft", "product", "push", "reports",
                       "sealed", "swiss", "table_draft", "tables", "tournament", "trade",
                       "venue", "webhooks"}
    with pytest.raises(TypeError, match="registered twice"):
        event(type("RoundPaired", (Event,), {"__annotations__": {"round": "int"}}))


def test_every_version_below_the_current_one_has_an_upcaster():
    for name, cls in CATALOG.items():
        for version in range(1, cls.schema_version):
            assert (name, version) in upcasters(), f"{name} v{version}"


@pytest.mark.parametrize("name", sorted(CATALOG))
def test_every_class_round_trips_through_the_store(name, tmp_path):
    original = sample(CATALOG[name])
    store = SqliteEventStore(str(tmp_path / "events.db"), synchronous="OFF")
    store.append_batch([StreamWrite(f"{_kind(name)}-t0123456789ab", 0,
                                    (NewEvent.of(original, {"actor": "a"}),))])
    (stored,) = store.read(f"{_kind(name)}-t0123456789ab")
    assert (stored.type, stored.meta["v"]) == (name, CATALOG[name].schema_version)
    assert stored.event == original and type(stored.event) is CATALOG[name]
    assert stored.data == original.data
    assert decode(stored.type, stored.data, stored.meta["v"]) == original


@pytest.mark.parametrize("name", sorted(n for n, c in CATALOG.items() if c.schema_version > 1))
def test_upcasters_leave_a_payload_of_todays_shape_as_it_is(name):
    """So a payload without its version (an audit log's) decodes as version 1."""
    current = sample(CATALOG[name])
    assert decode(name, current.data, 1, f"{_kind(name)}-t0123456789ab") == current


def _kind(name: str) -> str:
    # a Swiss drop stored under its old name is read as one on swiss streams only
    return "swiss" if name.startswith("Swiss") else "any"


def test_an_unknown_name_loads_as_an_unknown_event():
    loaded = decode("SomethingNewer", {"x": 1}, 1, "tournament-t0123456789ab")
    assert loaded == UnknownEvent("SomethingNewer", {"x": 1})
    assert (loaded.type, loaded.data) == ("SomethingNewer", {"x": 1})


def test_an_untyped_event_is_never_written(tmp_path):
    untyped = FunctionDecider("tournament", dict, lambda cmd, state: [Event("Thing", {})],
                              lambda state, e: state, stream=streams.tournament)
    service = CommandService(SqliteEventStore(str(tmp_path / "events.db")))
    with pytest.raises(UntypedEvent):
        service.run(lambda uow: (uow.decide(untyped, "t00000000000a", None), Reply(200, {}))[1])
    with pytest.raises(UntypedEvent):      # a registered name, but not its class
        NewEvent.of(UnknownEvent("RoundOpened", {"round": 1, "at": 0}))


def test_no_decider_builds_an_event_from_a_name_and_a_dict():
    """``Event(name, data)`` makes an untyped event: deciders build their classes."""
    found = []
    for path in DOMAIN.rglob("*.py"):
        if path == DOMAIN / "events.py":     # decode: a stored name no class claims
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in ("Event", "UnknownEvent"):
                found.append(f"{path.relative_to(DOMAIN)}:{node.lineno}")
    assert found == []
