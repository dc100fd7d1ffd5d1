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


def test_an_event_of_too_much_json_is_a_422_naming_it_and_writes_nothing(event_store):
    """An event that compresses under the item limit but is more JSON than a page of one
    event may carry (4 MB): the command is refused whole with the event, bytes and limit."""
    from chalicelib.store.item_size import MAX_EVENT_JSON_BYTES
    service = CommandService(event_store)

    def wide(uow) -> Reply:
        uow.record(ACCOUNT, "o00000000wide", [AccountCreated(
            account_id="o00000000wide", role="organizer", name="x" * MAX_EVENT_JSON_BYTES,
            created_at=NOW)])
        return Reply(201, {})

    with pytest.raises(Invalid) as refused:
        service.run(wide)
    assert refused.value.code == "commit_too_large" and "JSON" in str(refused.value)
    assert refused.value.details["event_type"] == "AccountCreated"
    assert refused.value.details["bytes"] > refused.value.details["limit"] == MAX_EVENT_JSON_BYTES
    assert event_store.version("account-o00000000wide") == 0
