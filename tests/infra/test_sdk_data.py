"""The DynamoDB client's SDK data cut (``tools/sdk_data.py``, read by
``chalicelib/store/dynamo_client.py``) makes the client botocore's own data makes: the
same operations and shapes, the same endpoint in every partition and variant, the same
bytes on the wire, and it works against DynamoDB (moto) end to end. It is read only by the
botocore it was cut from."""
from __future__ import annotations

import json

import botocore
import pytest
from botocore.session import get_session

from chalicelib.store import dynamo_client
from tools import sdk_data

REGIONS = ("us-east-1", "eu-west-1", "ap-southeast-2", "cn-north-1", "us-gov-west-1",
           "us-iso-east-1", "eusc-de-east-1")
VARIANTS = ({}, {"use_fips_endpoint": True}, {"use_dualstack_endpoint": True},
            {"use_fips_endpoint": True, "use_dualstack_endpoint": True})


class Sent(Exception):
    def __init__(self, request):
        super().__init__("sent")
        self.request = request


@pytest.fixture(scope="module")
def cut(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sdk_data")
    sdk_data.write(folder)
    return folder


def _client(data_dir, region="us-east-1", **config):
    session = get_session()
    if data_dir is not None:
        session.register_component("data_loader", dynamo_client.cut_loader(data_dir))
    return session.create_client("dynamodb", region_name=region,
                                 aws_access_key_id="AKIDEXAMPLE",
                                 aws_secret_access_key="secret",
                                 config=dynamo_client.client_config(**config))


def _wire(client, operation, **params):
    """What the client would send for one call: method, URL, headers and body (the
    signature and its time aside)."""
    def stop(request, **_):
        raise Sent(request)
    client.meta.events.register_first("before-send.dynamodb.*", stop)
    with pytest.raises(Sent) as sent:
        getattr(client, operation)(**params)
    request = sent.value.request
    headers = {k: v for k, v in request.headers.items()
               if k.lower() not in ("authorization", "x-amz-date", "amz-sdk-invocation-id")}
    return request.method, request.url, headers, request.body


def test_the_cut_is_small_and_names_its_botocore(cut):
    assert (cut / "VERSION").read_text() == botocore.__version__
    sizes = {p.relative_to(cut).as_posix(): p.stat().st_size for p in cut.rglob("*.json")}
    assert sizes["endpoints.json"] < 50_000                   # of 1.25 MB
    model = next(name for name in sizes if name.endswith("service-2.json"))
    assert sizes[model] < 200_000
    assert "documentation" not in (cut / model).read_text()


@pytest.mark.parametrize("region", REGIONS)
def test_every_partition_and_variant_resolves_to_the_same_endpoint(cut, region):
    for variant in VARIANTS:
        try:
            expected = _client(None, region, **variant).meta.endpoint_url
        except Exception as exc:                                # noqa: BLE001
            with pytest.raises(type(exc)):
                _client(cut, region, **variant)
            continue
        assert _client(cut, region, **variant).meta.endpoint_url == expected, variant


def test_the_same_operations_shapes_paginators_and_waiters(cut):
    ours, theirs = _client(cut), _client(None)
    assert ours.meta.service_model.operation_names == theirs.meta.service_model.operation_names
    for name in theirs.meta.service_model.operation_names:
        mine, other = (c.meta.service_model.operation_model(name) for c in (ours, theirs))
        for side in ("input_shape", "output_shape"):
            a, b = getattr(mine, side), getattr(other, side)
            assert (a is None) == (b is None)
            if a is not None:
                assert _shape(a) == _shape(b), (name, side)
        assert [e.name for e in mine.error_shapes] == [e.name for e in other.error_shapes]
    for op in ("query", "scan", "list_tables"):
        assert ours.can_paginate(op) == theirs.can_paginate(op)
    assert ours.waiter_names == theirs.waiter_names


def _shape(shape, depth=0):
    if depth > 6:
        return shape.name
    out = {"type": shape.type_name, "required": sorted(getattr(shape, "required_members", [])),
           "serialization": shape.serialization}
    if shape.type_name == "structure":
        out["members"] = {k: _shape(v, depth + 1) for k, v in shape.members.items()}
    elif shape.type_name == "list":
        out["member"] = _shape(shape.member, depth + 1)
    elif shape.type_name == "map":
        out["value"] = _shape(shape.value, depth + 1)
    return out


@pytest.mark.parametrize("operation,params", [
    ("put_item", {"TableName": "t", "Item": {"pk": {"S": "a"}, "n": {"N": "1"}},
                  "ConditionExpression": "attribute_not_exists(pk)"}),
    ("query", {"TableName": "t", "KeyConditionExpression": "pk = :p",
               "ExpressionAttributeValues": {":p": {"S": "a"}}, "ConsistentRead": True}),
    ("transact_write_items", {"TransactItems": [
        {"Put": {"TableName": "t", "Item": {"pk": {"S": "b"}}}},
        {"Update": {"TableName": "t", "Key": {"pk": {"S": "c"}},
                    "UpdateExpression": "SET v = :v",
                    "ExpressionAttributeValues": {":v": {"B": b"\x00\x01"}}}}],
        "ClientRequestToken": "t-1"}),
    ("batch_get_item", {"RequestItems": {"t": {"Keys": [{"pk": {"S": "a"}}]}}}),
])
def test_the_same_bytes_on_the_wire(cut, operation, params):
    assert _wire(_client(cut), operation, **params) == _wire(_client(None), operation, **params)


def test_the_cut_client_talks_to_dynamodb(cut, fake_aws, monkeypatch):
    from moto import mock_aws
    with mock_aws():
        client = dynamo_client.dynamodb_client(data_dir=cut)
        client.create_table(TableName="t", BillingMode="PAY_PER_REQUEST",
                            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                            AttributeDefinitions=[{"AttributeName": "pk",
                                                   "AttributeType": "S"}])
        client.get_waiter("table_exists").wait(TableName="t")
        client.put_item(TableName="t", Item={"pk": {"S": "a"}, "v": {"N": "1"}})
        with pytest.raises(client.exceptions.ConditionalCheckFailedException):
            client.put_item(TableName="t", Item={"pk": {"S": "a"}},
                            ConditionExpression="attribute_not_exists(pk)")
        pages = client.get_paginator("scan").paginate(TableName="t")
        assert [item["v"]["N"] for page in pages for item in page["Items"]] == ["1"]


def test_the_client_reads_the_cut_and_only_its_own_botocores(cut, tmp_path):
    crippled = tmp_path / "crippled"
    for name, data in sdk_data.cut().items():
        if name.endswith("service-2.json"):
            model = json.loads(data)
            del model["operations"]["PutItem"]
            data = json.dumps(model).encode()
        (crippled / name).parent.mkdir(parents=True, exist_ok=True)
        (crippled / name).write_bytes(data)
    assert not hasattr(dynamo_client.dynamodb_client(data_dir=crippled), "put_item")
    (crippled / "VERSION").write_text("0.0.1")           # cut from another botocore
    assert dynamo_client.cut_loader(crippled) is None
    assert hasattr(dynamo_client.dynamodb_client(data_dir=crippled), "put_item")
    assert dynamo_client.cut_loader(tmp_path / "absent") is None
