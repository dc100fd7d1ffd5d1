"""Creates the DynamoDB tables locally (moto, DynamoDB Local, tests) from the one place that
defines them: the ``AWS::DynamoDB::Table`` resources of ``infra/resources.json``, the
CloudFormation template merged into the deployed stack. Local tooling only: the Lambda
bundle carries ``chalicelib/`` but not ``infra/``, and the deployed functions never call it.

What is translated (CloudFormation property -> CreateTable argument): ``KeySchema``,
``AttributeDefinitions``, ``GlobalSecondaryIndexes`` and ``LocalSecondaryIndexes``,
``StreamSpecification`` (the template names only the view type; a stream is on when it is
present), ``BillingMode`` (with ``ProvisionedThroughput`` when provisioned), and
``TimeToLiveSpecification`` (set by UpdateTimeToLive after creation). Encryption,
point-in-time recovery, tags and deletion policies are deployment concerns and ignored."""
from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

TEMPLATE = Path(__file__).resolve().parents[2] / "infra" / "resources.json"
TABLE_TYPE = "AWS::DynamoDB::Table"
# the tables the store adapters use, by logical id (the positional names of create_tables)
EVENTS_ID, IDEMPOTENCY_ID, VIEWS_ID = "EventsTable", "IdempotencyTable", "ViewsTable"


def load_template(template: str | Path | None = None) -> dict[str, Any]:
    with open(template or TEMPLATE, encoding="utf-8") as handle:
        return json.load(handle)


def table_definitions(template: str | Path | None = None) -> dict[str, dict[str, Any]]:
    """Every ``AWS::DynamoDB::Table`` resource's properties, by logical id."""
    resources = load_template(template).get("Resources", {})
    return {logical: resource.get("Properties", {})
            for logical, resource in resources.items() if resource.get("Type") == TABLE_TYPE}


def default_names(template: str | Path | None = None,
                  env: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each table's name: its environment variable when set (the template's ``Globals``
    pass ``PODIUM_..._TABLE: {"Ref": logical id}`` to every function), else the template's
    ``TableName``."""
    document = load_template(template)
    names = {logical: props["TableName"] for logical, props in table_definitions(template).items()
             if isinstance(props.get("TableName"), str)}
    variables = (document.get("Globals", {}).get("Function", {}).get("Environment", {})
                 .get("Variables", {}))
    for variable, value in variables.items():
        logical = value.get("Ref") if isinstance(value, dict) else None
        if logical in names and env and env.get(variable):
            names[logical] = env[variable]
    return names


def create_table_request(name: str, props: Mapping[str, Any]) -> dict[str, Any]:
    """The CreateTable arguments for one template table."""
    request: dict[str, Any] = {"TableName": name, "KeySchema": props["KeySchema"],
                               "AttributeDefinitions": props["AttributeDefinitions"]}
    billing = props.get("BillingMode", "PROVISIONED")
    request["BillingMode"] = billing
    if billing == "PROVISIONED":
        request["ProvisionedThroughput"] = props["ProvisionedThroughput"]
    for key in ("GlobalSecondaryIndexes", "LocalSecondaryIndexes"):
        if props.get(key):
            request[key] = [dict(index) for index in props[key]]
    stream = props.get("StreamSpecification")
    if stream:
        request["StreamSpecification"] = {"StreamEnabled": True,
                                          "StreamViewType": stream["StreamViewType"]}
    return request


def create_tables(client, events: str | None = None, idempotency: str | None = None,
                  views: str | None = None, *, names: Mapping[str, str] | None = None,
                  template: str | Path | None = None, env: Mapping[str, str] | None = None,
                  wait_seconds: float = 60.0) -> list[str]:
    """Create every table of the template that is missing (idempotent): ``events``,
    ``idempotency`` and ``views`` name the store's three tables, ``names`` any table by
    logical id; the others keep their default name (see ``default_names``; ``env`` defaults
    to the process environment). Waits until
    each table is ACTIVE and its time to live is on. Returns the names created."""
    chosen = {**default_names(template, os.environ if env is None else env), **(names or {})}
    for logical, name in ((EVENTS_ID, events), (IDEMPOTENCY_ID, idempotency), (VIEWS_ID, views)):
        if name:
            chosen[logical] = name
    definitions = table_definitions(template)
    missing_names = sorted(set(definitions) - set(chosen))
    if missing_names:
        raise ValueError(f"no table name for {missing_names} (pass names={{logical id: name}})")
    existing = _table_names(client)
    created = []
    for logical, props in definitions.items():
        name = chosen[logical]
        if name not in existing:
            client.create_table(**create_table_request(name, props))
            created.append(name)
    for logical, props in definitions.items():
        name = chosen[logical]
        client.get_waiter("table_exists").wait(
            TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": max(1, int(wait_seconds))})
        ttl = props.get("TimeToLiveSpecification")
        if ttl and ttl.get("Enabled"):
            _enable_ttl(client, name, ttl["AttributeName"])
    return created


def _table_names(client) -> set[str]:
    names: set[str] = set()
    kwargs: dict[str, Any] = {}
    while True:
        page = client.list_tables(**kwargs)
        names.update(page.get("TableNames", []))
        if not page.get("LastEvaluatedTableName"):
            return names
        kwargs["ExclusiveStartTableName"] = page["LastEvaluatedTableName"]


def _enable_ttl(client, name: str, attribute: str) -> None:
    current = client.describe_time_to_live(TableName=name).get("TimeToLiveDescription", {})
    if current.get("TimeToLiveStatus") in ("ENABLED", "ENABLING"):
        return
    client.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "AttributeName": attribute, "Enabled": True})
