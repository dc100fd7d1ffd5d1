"""Use cases without HTTP: the runtime on a fresh SQLite data dir (tests/conftest.py),
events set up through the API helpers, then the use cases called with a principal and a
unit of work from the command service."""
from __future__ import annotations

import pytest

from chalicelib.auth import Principal
from chalicelib.service import Reply


class UseCases:
    def __init__(self, rt):
        self.rt = rt

    def run(self, use_case, *args, **kwargs):
        """Run ``use_case(uow, *args)`` in one committed unit of work; its result."""
        return self.rt.service.run(lambda uow: Reply(200, use_case(uow, *args, **kwargs))).body


@pytest.fixture
def cases(rt) -> UseCases:
    return UseCases(rt)


def organizer(event) -> Principal:
    return Principal("organizer", event["tournament"]["organizer_id"])


def player(event, pid: str) -> Principal:
    return Principal("player", pid, tournament_id=event["tid"], player_id=pid)


@pytest.fixture
def world(tmp_path):
    """A runtime on the in-memory store (tests/application/world.py), current for the
    test, to seed with events (``world.given(seeds.ready(...))``) and run use cases in."""
    from chalicelib.runtime import set_runtime
    from tests.application.world import World, memory_runtime
    runtime = memory_runtime(str(tmp_path / "data"))
    set_runtime(runtime)
    yield World(runtime)
    set_runtime(None)
