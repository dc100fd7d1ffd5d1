"""Local tables come from the CloudFormation template (infra/resources.json): what
create_tables makes on moto must be what the template defines, for every table in it."""
from __future__ import annotations

import json

import boto3
import pytest

from chalicelib.store.dynamo_tables import TEMPLATE, create_tables

NAMES = {"EventsTable": "ev", "IdempotencyTable": "idem", "ViewsTable": "views"}


@pytest.fixture
def client():
    from moto import mock_aws
    with mock_aws():
        yield boto3.client("dynamodb", region_name="us-east-1")


def template_tables(path=TEMPLATE) -> dict:
    """Read independently of the code under test."""
    resources = json.loads(path.read_text())["Resources"]
    return {k: r["Properties"] for k, r in resources.items()
            if r.get("Type") == "AWS::DynamoDB::Table"}


def assert_table_matches(client, name: str, props: dict) -> None:
    table = client.describe_table(TableName=name)["Table"]
    assert table["TableStatus"] == "ACTIVE"
    assert table["KeySchema"] == props["KeySchema"]
    assert sorted(table["AttributeDefinitions"], key=lambda a: a["AttributeName"]) == \
        sorted(props["AttributeDefinitions"], key=lambda a: a["AttributeName"])
    assert table["BillingModeSummary"]["BillingMode"] == props["BillingMode"]
    created = {i["IndexName"]: {"KeySchema": i["KeySchema"], "Projection": i["Projection"]}
               for i in table.get("GlobalSecondaryIndexes", [])}
    assert created == {i["IndexName"]: {"KeySchema": i["KeySchema"],
                                        "Projection": i["Projection"]}
                       for i in props.get("GlobalSecondaryIndexes", [])}
    if "StreamSpecification" in props:
        assert table["StreamSpecification"] == {
            "StreamEnabled": True,
            "StreamViewType": props["StreamSpecification"]["StreamViewType"]}
        assert table["LatestStreamArn"]
    else:
        assert not table.get("StreamSpecification", {}).get("StreamEnabled")
    ttl = client.describe_time_to_live(TableName=name)["TimeToLiveDescription"]
    if props.get("TimeToLiveSpecification", {}).get("Enabled"):
        assert ttl["TimeToLiveStatus"] == "ENABLED"
        assert ttl["AttributeName"] == props["TimeToLiveSpecification"]["AttributeName"]
    else:
        assert ttl["TimeToLiveStatus"] == "DISABLED"


def test_created_tables_equal_the_template_definitions(client):
    tables = template_tables()
    assert {"EventsTable", "IdempotencyTable", "ViewsTable"} <= set(tables)
    created = create_tables(client, "ev", "idem", "views")
    expected = {logical: NAMES.get(logical, props["TableName"])
                for logical, props in tables.items()}
    assert sorted(created) == sorted(expected.values())
    assert sorted(client.list_tables()["TableNames"]) == sorted(expected.values())
    for logical, name in expected.items():
        assert_table_matches(client, name, tables[logical])


def test_creating_again_changes_nothing(client):
    create_tables(client, "ev", "idem", "views")
    before = {n: client.describe_table(TableName=n)["Table"]["LatestStreamArn"]
              if "LatestStreamArn" in client.describe_table(TableName=n)["Table"] else None
              for n in client.list_tables()["TableNames"]}
    assert create_tables(client, "ev", "idem", "views") == []
    after = {n: client.describe_table(TableName=n)["Table"].get("LatestStreamArn")
             for n in client.list_tables()["TableNames"]}
    assert after == before                    # same tables, same streams: nothing recreated


def test_a_table_added_to_the_template_is_created_too(client, tmp_path):
    document = json.loads(TEMPLATE.read_text())
    document["Resources"]["LocksTable"] = {"Type": "AWS::DynamoDB::Table", "Properties": {
        "TableName": "podium-locks", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "lock", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "lock", "KeyType": "HASH"}],
        "TimeToLiveSpecification": {"AttributeName": "until", "Enabled": True}}}
    document["Globals"]["Function"]["Environment"]["Variables"]["PODIUM_LOCKS_TABLE"] = {
        "Ref": "LocksTable"}
    path = tmp_path / "resources.json"
    path.write_text(json.dumps(document))
    # the function's environment variable names it, as the stack's Globals would
    created = create_tables(client, "ev", "idem", "views", template=path,
                            env={"PODIUM_LOCKS_TABLE": "locks-local"})
    assert "locks-local" in created
    assert_table_matches(client, "locks-local", template_tables(path)["LocksTable"])
    assert create_tables(client, template=path, names={**NAMES, "LocksTable": "locks-2"},
                         env={}) == ["locks-2"]


def test_a_table_without_a_usable_name_is_refused(client, tmp_path):
    document = json.loads(TEMPLATE.read_text())
    document["Resources"]["ViewsTable"]["Properties"]["TableName"] = {
        "Fn::Sub": "${AWS::StackName}-views"}
    path = tmp_path / "resources.json"
    path.write_text(json.dumps(document))
    with pytest.raises(ValueError, match="ViewsTable"):
        create_tables(client, "ev", "idem", template=path, env={})
    assert create_tables(client, "ev", "idem", "views", template=path, env={})
