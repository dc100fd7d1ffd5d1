"""Every decider is bound to the builder of its streams (and so to their kind), and the
unit of work derives the stream from the decider and a key: a decider cannot be given
another aggregate's stream (``uow.load(MATCH, streams.swiss(tid))`` cannot run)."""
from __future__ import annotations

import importlib
import pkgutil

import pytest

import chalicelib.domain as domain
from chalicelib.domain import streams
from chalicelib.domain.decider import FunctionDecider
from chalicelib.domain.errors import Invalid
from chalicelib.domain.swiss import SWISS
from chalicelib.domain.swiss.aggregate import MATCH
from chalicelib.domain.table_draft import TABLE_DRAFT
from chalicelib.service import UnitOfWork

TID = "t0123456789ab"


def all_deciders() -> dict[str, FunctionDecider]:
    found: dict[str, FunctionDecider] = {}
    for info in pkgutil.walk_packages(domain.__path__, "chalicelib.domain."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, FunctionDecider):
                assert found.setdefault(value.name, value) is value, \
                    f"two deciders are named {value.name!r}"
    return found


def test_every_decider_is_bound_to_a_stream_builder_of_its_kind():
    deciders = all_deciders()
    assert len(deciders) >= 34
    for name, decider in deciders.items():
        assert getattr(decider.stream, "kind", None) == decider.kind, name
        assert any(decider.stream is builder for builder in vars(streams).values()), \
            f"{name}: bind it to a builder of domain/streams.py"


def test_every_aggregate_is_declared_in_its_packages_aggregate_module():
    declared = {}
    for info in pkgutil.walk_packages(domain.__path__, "chalicelib.domain."):
        if info.name.endswith(".aggregate"):
            module = importlib.import_module(info.name)
            declared.update({v.name: info.name for v in vars(module).values()
                             if isinstance(v, FunctionDecider)})
    assert sorted(set(all_deciders()) - set(declared)) == [], \
        "declare each aggregate in domain/<package>/aggregate.py"


def test_an_unbound_decider_cannot_be_built():
    with pytest.raises(streams.StreamMismatch):
        FunctionDecider("loose", dict, lambda c, s: [], lambda s, e: s,
                        stream=lambda tid: f"loose-{tid}")


def test_the_unit_of_work_derives_the_stream_from_the_key():
    uow = UnitOfWork(lambda decider, sid: (decider.initial(), 0), now=None, meta={})
    uow.load(SWISS, TID)
    uow.load(TABLE_DRAFT, (TID, 2))
    uow.load(MATCH, (TID, "R1-1"))
    assert set(uow._streams) == {f"swiss-{TID}", f"tdraft-{TID}-2", f"match-{TID}-r1-1"}


def test_a_decider_given_a_stream_id_instead_of_a_key_cannot_run():
    """Its own stream's id or another aggregate's: callers name keys, never stream ids."""
    uow = UnitOfWork(lambda decider, sid: (decider.initial(), 0), now=None, meta={})
    for decider, stream_id in ((SWISS, streams.swiss(TID)), (MATCH, streams.swiss(TID)),
                               (TABLE_DRAFT, streams.table_draft_pod(TID, 2))):
        with pytest.raises(streams.StreamMismatch, match="stream id"):
            uow.load(decider, stream_id)
    with pytest.raises(streams.StreamMismatch):
        uow.peek_many(MATCH, [streams.swiss_match(TID, "R1-1"), streams.tables(TID)])
    assert uow._streams == {}


def test_the_service_reads_only_its_own_aggregates_streams():
    assert SWISS.checked(streams.swiss(TID)) == f"swiss-{TID}"
    with pytest.raises(streams.StreamMismatch):
        MATCH.checked(streams.swiss(TID))


class _Unknown:
    """A command no decider knows."""


@pytest.mark.parametrize("name", sorted(all_deciders()))
def test_every_decider_refuses_an_unknown_command_with_a_422(name):
    decider = all_deciders()[name]
    with pytest.raises(Invalid) as refused:
        decider.decide(_Unknown(), decider.initial())
    assert refused.value.status == 422 and "_Unknown" in str(refused.value)
