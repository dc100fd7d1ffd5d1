"""The size rule's constants are DynamoDB's, and its count of an item agrees with what
DynamoDB (here moto, which enforces the same 400 KB limit) accepts and refuses."""
from __future__ import annotations

import os

import boto3
import pytest
from botocore.exceptions import ClientError

from chalicelib.store import item_size
from chalicelib.store.item_size import attribute_size


def test_the_limit_is_dynamodbs_less_a_named_margin():
    assert item_size.DYNAMODB_ITEM_LIMIT == 400 * 1024
    assert 0 < item_size.ITEM_SAFETY_MARGIN <= 16 * 1024
    assert item_size.MAX_ITEM_BYTES == 400 * 1024 - item_size.ITEM_SAFETY_MARGIN


def test_sizes_are_counted_as_dynamodb_counts_them():
    assert item_size.item_size({"ab": {"S": "héllo"}}) == 2 + 6       # UTF-8 bytes
    assert item_size.item_size({"b": {"B": b"\x00" * 10}}) == 1 + 10
    assert attribute_size({"N": "12345"}) == 4 and attribute_size({"N": "0"}) == 2
    assert attribute_size({"N": "-1200"}) == 2                          # zeros trimmed
    assert attribute_size({"M": {"k": {"S": "v"}}}) == 3 + 2 + 1                 # +1 per element
    with pytest.raises(ValueError):
        attribute_size({"X": "?"})


def test_moto_refuses_what_the_count_puts_over_dynamodbs_limit():
    from moto import mock_aws
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        client.create_table(TableName="t", BillingMode="PAY_PER_REQUEST",
                            KeySchema=[{"AttributeName": "k", "KeyType": "HASH"}],
                            AttributeDefinitions=[{"AttributeName": "k", "AttributeType": "S"}])
        # strings: moto counts a binary value by its base64 text, DynamoDB by its bytes
        blob = os.urandom(item_size.DYNAMODB_ITEM_LIMIT).hex()
        fits = {"k": {"S": "a"}, "data": {"S": blob[:item_size.MAX_ITEM_BYTES - 6]}}
        over = {"k": {"S": "b"}, "data": {"S": blob[:item_size.DYNAMODB_ITEM_LIMIT]}}
        assert item_size.item_size(fits) == item_size.MAX_ITEM_BYTES
        assert item_size.item_size(over) > item_size.DYNAMODB_ITEM_LIMIT
        client.put_item(TableName="t", Item=fits)
        with pytest.raises(ClientError) as refused:
            client.put_item(TableName="t", Item=over)
        assert refused.value.response["Error"]["Code"] == "ValidationException"
