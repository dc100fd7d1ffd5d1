"""A command whose one atomic commit holds more than the store can (DynamoDB: 100 items in
one transaction; a booster draft of ~98 pods starts in one) is refused whole with a 422
``commit_too_large``, never a 500 and never half-written; a store without that limit
commits it."""
from __future__ import annotations

import pytest

from chalicelib.domain.accounts.aggregate import ACCOUNT
from chalicelib.domain.accounts.events import AccountCreated
from chalicelib.domain.errors import Invalid
from chalicelib.service import Reply
from chalicelib.service.command_service import CommandService

NOW = "2026-11-28T01:00:00+00:00"
LIMITED = {"moto", "moto_server"}     # DynamoDB's transactions


def _many(uow, n: int) -> Reply:
    for k in range(n):
        uow.record(ACCOUNT, f"o{k:012x}", [AccountCreated(
            account_id=f"o{k:012x}", role="organizer", name=f"Store {k}", created_at=NOW)])
    return Reply(201, {"accounts": n})


def test_a_commit_over_the_stores_limit_is_refused_whole(event_store, request):
    service = CommandService(event_store)
    adapter = request.node.callspec.params["stores"]
    if adapter in LIMITED:
        with pytest.raises(Invalid) as refused:
            service.run(lambda uow: _many(uow, 101))
        assert refused.value.code == "commit_too_large"
        assert refused.value.details == {"items": 101, "limit": 100}
        assert [event_store.version(f"account-o{k:012x}") for k in range(101)] == [0] * 101
    else:
        assert service.run(lambda uow: _many(uow, 101)).status == 201
        assert event_store.version("account-o000000000064") == 1
    assert service.run(lambda uow: _many(uow, 99)).status == 201     # one under: whole
