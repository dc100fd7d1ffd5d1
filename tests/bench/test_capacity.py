"""The cost bench counts units as DynamoDB bills them: known item sizes give known units,
and each kind of call through the counting client charges what the rules say."""
from __future__ import annotations

import boto3
import pytest

from bench.capacity import Ledger, item_size, read_units, write_units
from bench.counting import CountingClient
from chalicelib.store.item_size import attribute_size as value_size


def test_item_sizes_follow_dynamodbs_rules():
    assert item_size({"k": {"S": "abc"}}) == 1 + 3
    assert item_size({"név": {"S": "é"}}) == 4 + 2                   # UTF-8 bytes
    assert item_size({"b": {"B": b"\x00" * 10}}) == 11
    assert value_size({"N": "12345"}) == 4 and value_size({"N": "-1.5"}) == 2
    assert value_size({"N": "100"}) == 2                           # trailing zeros
    assert value_size({"BOOL": True}) == 1 and value_size({"NULL": True}) == 1
    assert value_size({"L": [{"S": "ab"}, {"N": "1"}]}) == 3 + (2 + 1) + (2 + 1)
    assert value_size({"M": {"x": {"S": "ab"}}}) == 3 + 1 + 2 + 1
    assert item_size(None) == 0


@pytest.mark.parametrize(("size", "units"), [(0, 1), (1, 1), (1024, 1), (1025, 2),
                                              (3000, 3), (400 * 1024, 400)])
def test_one_write_unit_per_started_kb_and_double_in_a_transaction(size, units):
    assert write_units(size) == units
    assert write_units(size, transactional=True) == 2 * units


@pytest.mark.parametrize(("size", "strong"), [(0, 1), (4096, 1), (4097, 2), (10_000, 3)])
def test_read_units_per_started_4_kb(size, strong):
    assert read_units(size, consistent=True) == strong
    assert read_units(size, consistent=False) == strong / 2
    assert read_units(size, consistent=True, transactional=True) == 2 * strong


@pytest.fixture
def counted(monkeypatch):
    for key, value in {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
                       "AWS_DEFAULT_REGION": "us-east-1"}.items():
        monkeypatch.setenv(key, value)
    from moto import mock_aws
    with mock_aws():
        raw = boto3.client("dynamodb", region_name="us-east-1")
        raw.create_table(
            TableName="t", BillingMode="PAY_PER_REQUEST",
            KeySchema=[{"AttributeName": "k", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": a, "AttributeType": "S"}
                                  for a in ("k", "kind", "sort")],
            GlobalSecondaryIndexes=[{"IndexName": "by_kind", "Projection": {
                "ProjectionType": "ALL"}, "KeySchema": [
                {"AttributeName": "kind", "KeyType": "HASH"},
                {"AttributeName": "sort", "KeyType": "RANGE"}]}])
        yield CountingClient(raw, Ledger())


def _item(key: str, payload: int, **extra) -> dict:
    return {"k": {"S": key}, "p": {"S": "x" * payload}, **extra}


def test_the_counting_client_charges_each_call_by_the_rules(counted):
    ledger = counted.ledger
    big = _item("a", 2500)                          # 1 + 1 + 1 + 2500 bytes: 3 KB started
    assert item_size(big) == 2503
    counted.put_item(TableName="t", Item=big)
    assert ledger.writes == 3
    counted.put_item(TableName="t", Item=_item("a", 10))        # the larger of before, after
    assert ledger.writes == 3 + 3
    with pytest.raises(counted.exceptions.ConditionalCheckFailedException):
        counted.put_item(TableName="t", Item=_item("a", 10),
                         ConditionExpression="attribute_not_exists(k)")
    assert ledger.writes == 6 + 1                               # refused: still charged
    counted.transact_write_items(TransactItems=[
        {"Put": {"TableName": "t", "Item": _item("b", 1500)}},   # 2 KB, doubled
        {"ConditionCheck": {"TableName": "t", "Key": {"k": {"S": "a"}},
                            "ConditionExpression": "attribute_exists(k)"}}])
    assert ledger.writes == 7 + 4 + 2
    counted.put_item(TableName="t", Item=_item("c", 100, kind={"S": "v"}, sort={"S": "1"}))
    assert ledger.writes == 13 + 1 + 1                          # the table and its index
    assert ledger.reads == 0
    counted.get_item(TableName="t", Key={"k": {"S": "a"}}, ConsistentRead=True)
    counted.get_item(TableName="t", Key={"k": {"S": "missing"}})
    assert ledger.reads == 1 + 0.5
    counted.query(TableName="t", IndexName="by_kind", KeyConditionExpression="kind = :k",
                  ExpressionAttributeValues={":k": {"S": "v"}}, Select="COUNT")
    assert ledger.reads == 1.5 + 0.5                            # an index: eventually
    counted.batch_get_item(RequestItems={"t": {"Keys": [{"k": {"S": "a"}}, {"k": {"S": "b"}}],
                                               "ConsistentRead": True}})
    assert ledger.reads == 2 + 1 + 1
    counted.delete_item(TableName="t", Key={"k": {"S": "b"}})
    assert ledger.writes == 15 + 2
    operations = {op for _, op, *_ in ledger.by_cost()}
    assert {"PutItem", "PutItem (its index)", "TransactWriteItems:Put",
            "TransactWriteItems:ConditionCheck", "GetItem", "Query:by_kind", "BatchGetItem",
            "DeleteItem"} <= operations
    assert ledger.dollars() == pytest.approx((ledger.reads * 0.125
                                              + ledger.writes * 0.625) / 1e6)
