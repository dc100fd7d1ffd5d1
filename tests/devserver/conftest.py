"""moto in-process with the template's tables: the events table's stream is real enough
(one shard) to poll; runtimes on it project from the stream only."""
from __future__ import annotations

import os
from dataclasses import dataclass

import boto3
import pytest

from chalicelib.config import Config
from chalicelib.runtime import build_runtime, set_runtime
from chalicelib.store.dynamo_tables import create_tables
from tests.conftest import ADMIN_KEY

TABLES = ("ev", "idem", "views")


@dataclass
class Aws:
    dynamodb: object
    streams: object
    stream_arn: str


@pytest.fixture
def aws(fake_aws):
    from moto import mock_aws
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        create_tables(client, *TABLES, env={})
        arn = client.describe_table(TableName=TABLES[0])["Table"]["LatestStreamArn"]
        yield Aws(client, boto3.client("dynamodbstreams", region_name="us-east-1"), arn)


@pytest.fixture
def stream_rt(aws):
    """The service on moto with stream projection: nothing projects inline."""
    runtime = build_runtime(Config(
        store="dynamodb", admin_key=ADMIN_KEY, token_secret="s" * 64, events_table=TABLES[0],
        idempotency_table=TABLES[1], views_table=TABLES[2], projection="stream",
        check_purity=True))
    set_runtime(runtime)
    yield runtime
    set_runtime(None)


def data_dir(tmp_path, name: str = "data") -> str:
    path = tmp_path / name
    os.makedirs(path, exist_ok=True)
    return str(path)
