"""Every decider is bound to the kinds of stream it folds, and the unit of work refuses
any other stream (``uow.load(MATCH, streams.swiss(tid))`` cannot run)."""
from __future__ import annotations

import importlib
import pkgutil

import pytest

import chalicelib.domain as domain
from chalicelib.domain import streams
from chalicelib.domain.decider import FunctionDecider
from chalicelib.domain.swiss import SWISS
from chalicelib.domain.swiss.match import MATCH
from chalicelib.service import UnitOfWork


def all_deciders() -> dict[str, FunctionDecider]:
    found = {}
    for info in pkgutil.walk_packages(domain.__path__, "chalicelib.domain."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, FunctionDecider):
                found[value.name] = value
    return found


def test_every_decider_is_bound_to_its_streams():
    unbound = sorted(set(all_deciders()) - set(streams.DECIDER_STREAMS))
    assert not unbound, f"bind these deciders in domain/streams.py DECIDER_STREAMS: {unbound}"
    assert not set(streams.DECIDER_STREAMS) - set(all_deciders())     # no stale entry


def test_a_decider_given_another_aggregates_stream_cannot_run():
    uow = UnitOfWork(lambda decider, sid: (decider.initial(), 0), now=None, meta={})
    tid = "t0123456789ab"
    uow.load(SWISS, streams.swiss(tid))
    with pytest.raises(streams.StreamMismatch):
        uow.load(MATCH, streams.swiss(tid))
    with pytest.raises(streams.StreamMismatch):
        uow.peek_many(MATCH, [streams.swiss_match(tid, "R1-1"), streams.tables(tid)])
