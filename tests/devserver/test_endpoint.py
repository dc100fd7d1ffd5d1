"""The local endpoint: moto's server on loopback with the template's tables, and memory
that stays flat however many writes it serves (moto keeps a record of every model object
it ever made, until told to forget)."""
from __future__ import annotations

import http.client
import json
import os
import time

import boto3
from moto.dynamodb.models.dynamo_type import Item

from chalicelib.config import Config
from devserver.endpoint import LocalEndpoint, ensure_tables


def test_the_endpoint_serves_the_tables_from_a_process_of_its_own(monkeypatch):
    for key, value in {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
                       "AWS_DEFAULT_REGION": "us-east-1"}.items():
        monkeypatch.setenv(key, value)
    local = LocalEndpoint().start()
    try:
        assert local.local and not local.durable and local.url.startswith("http://127.0.0.1:")
        assert local.server.pid != os.getpid()
        config = Config(store="dynamodb", dynamodb_endpoint=local.url, events_table="e",
                        idempotency_table="i", views_table="v")
        assert ensure_tables(config).startswith("arn:aws:dynamodb:")
        assert ensure_tables(config)                       # again: nothing to create
        client = boto3.client("dynamodb", endpoint_url=local.url)
        for n in range(40):
            client.transact_write_items(TransactItems=[{"Put": {"TableName": "e", "Item": {
                "stream_id": {"S": f"s{n}"}, "version": {"N": "1"}}}}])
        assert client.scan(TableName="e", Select="COUNT")["Count"] == 40
        assert_kept_alive(local.url)
    finally:
        local.stop()
    assert local.server is None


def assert_kept_alive(url: str) -> None:
    """One connection serves request after request (as DynamoDB's endpoints do), a
    refused one and one with a body included: no reply closes it."""
    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    headers = {"Content-Type": "application/x-amz-json-1.0", "Authorization":
               "AWS4-HMAC-SHA256 Credential=testing/20000101/us-east-1/dynamodb/aws4_request, "
               "SignedHeaders=host, Signature=0"}
    try:
        sockets = []
        for target, body in (("ListTables", "{}"), ("DescribeTable", '{"TableName": "nope"}'),
                             ("Scan", '{"TableName": "e", "Select": "COUNT"}')):
            connection.request("POST", "/", body=body,
                               headers={**headers, "X-Amz-Target": f"DynamoDB_20120810.{target}"})
            reply = connection.getresponse()
            answer = json.loads(reply.read())
            assert reply.getheader("Connection") != "close"
            sockets.append(connection.sock)
        assert reply.status == 200 and answer["Count"] == 40
        assert sockets[0] is not None and sockets == [sockets[0]] * 3
    finally:
        connection.close()


def test_the_janitor_makes_moto_forget_its_records_but_not_the_tables():
    import threading

    from moto import mock_aws

    from devserver.moto_process import janitor
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        client.create_table(TableName="j", BillingMode="PAY_PER_REQUEST",
                            KeySchema=[{"AttributeName": "k", "KeyType": "HASH"}],
                            AttributeDefinitions=[{"AttributeName": "k", "AttributeType": "S"}])
        for n in range(40):
            client.put_item(TableName="j", Item={"k": {"S": f"k{n}"}})
        stop = threading.Event()
        thread = threading.Thread(target=janitor, args=(stop, 0.05), daemon=True)
        thread.start()
        deadline = time.monotonic() + 5
        while Item.instances_tracked and time.monotonic() < deadline:
            time.sleep(0.05)
        stop.set()
        assert Item.instances_tracked == []            # forgotten by moto ...
        assert client.scan(TableName="j", Select="COUNT")["Count"] == 40   # ... not the table


def test_schedules_call_each_scheduled_function_like_lambda(monkeypatch):
    import app
    from devserver.schedules import Schedules
    seen = []
    monkeypatch.setattr(app, "sweep_drafts", lambda event, context: seen.append(event))
    monkeypatch.setattr(app, "sweep_limited_drafts",
                        lambda event, context: (_ for _ in ()).throw(RuntimeError("boom")))
    schedules = Schedules(("sweep_limited_drafts", "sweep_drafts"))
    schedules.run_once()                    # a failing function does not stop the others
    assert len(seen) == 1 and seen[0]["detail-type"] == "Scheduled Event"
    assert schedules.runs == 1
