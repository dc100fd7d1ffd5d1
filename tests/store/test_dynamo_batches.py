"""DynamoDB's batch calls: what a call leaves unprocessed is asked again (with backoff)
until done, and a store that never takes it is StoreUnavailable, never a silent loss."""
import pytest

import chalicelib.store.dynamo_batches as batches
from chalicelib.store.ports import StoreUnavailable


class Throttled:
    """A client leaving the last request of each call unprocessed ``times`` times."""

    def __init__(self, times: int):
        self.times = times
        self.calls = 0
        self.written: list = []
        self.items = {f"k{i}": {"key": {"S": f"k{i}"}} for i in range(250)}

    def batch_write_item(self, RequestItems):
        self.calls += 1
        (table, requests), = RequestItems.items()
        assert len(requests) <= 25
        if self.times:
            self.times -= 1
            self.written += requests[:-1]
            return {"UnprocessedItems": {table: requests[-1:]}}
        self.written += requests
        return {"UnprocessedItems": {}}

    def batch_get_item(self, RequestItems):
        self.calls += 1
        (table, request), = RequestItems.items()
        assert len(request["Keys"]) <= 100 and request["ConsistentRead"]
        keys = request["Keys"]
        if self.times:
            self.times -= 1
            served, left = keys[:-1], keys[-1:]
        else:
            served, left = keys, []
        found = [self.items[k["key"]["S"]] for k in served if k["key"]["S"] in self.items]
        return {"Responses": {table: found},
                "UnprocessedKeys": {table: {**request, "Keys": left}} if left else {}}


@pytest.fixture(autouse=True)
def no_sleep(monkeypatch):
    slept: list[float] = []
    monkeypatch.setattr(batches.time, "sleep", slept.append)
    return slept


def test_writes_go_in_batches_of_25_and_unprocessed_items_are_written_again(no_sleep):
    client = Throttled(times=3)
    requests = [{"PutRequest": {"Item": {"key": {"S": f"c{i}"}}}} for i in range(60)]
    batches.batch_write(client, "idem", requests, "chunks")
    assert sorted(r["PutRequest"]["Item"]["key"]["S"] for r in client.written) == \
        sorted(f"c{i}" for i in range(60))
    assert client.calls == 3 + 3 and no_sleep == [0.01, 0.02, 0.04]


def test_reads_return_every_item_once_across_unprocessed_keys(no_sleep):
    client = Throttled(times=2)
    keys = [{"key": {"S": f"k{i}"}} for i in range(230)] + [{"key": {"S": "absent"}}]
    got = list(batches.batch_get(client, "idem", keys, "chunks"))
    assert sorted(g["key"]["S"] for g in got) == sorted(f"k{i}" for i in range(230))
    assert client.calls == 3 + 2


def test_a_store_that_never_takes_the_batch_is_unavailable(no_sleep):
    with pytest.raises(StoreUnavailable, match="chunks"):
        batches.batch_write(Throttled(times=10 ** 6), "idem",
                            [{"PutRequest": {"Item": {"key": {"S": "c"}}}}], "chunks")
    with pytest.raises(StoreUnavailable, match="views"):
        list(batches.batch_get(Throttled(times=10 ** 6), "views",
                               [{"key": {"S": "k1"}}], "views"))
    assert len(no_sleep) == 2 * batches.ROUNDS
