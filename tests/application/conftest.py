"""Use cases without HTTP: a runtime on the in-memory store (``world``, see world.py)
given a recorded history (seeds.py), then the use cases called with a principal in a unit
of work from the command service; the test asserts on the result and the appended events."""
from __future__ import annotations

import pytest

from chalicelib.auth import Principal
from chalicelib.runtime import set_runtime
from tests.application.world import World, memory_runtime


@pytest.fixture
def world(tmp_path):
    """A runtime on the in-memory store, current for the test, to give events to
    (``world.given(seeds.ready(...))``) and run use cases in (``world.run``)."""
    runtime = memory_runtime(str(tmp_path / "data"))
    set_runtime(runtime)
    yield World(runtime)
    set_runtime(None)


def organizer(event) -> Principal:
    return Principal("organizer", event["tournament"]["organizer_id"])


def player(event, pid: str) -> Principal:
    return Principal("player", pid, tournament_id=event["tid"], player_id=pid)
