"""Table definitions, shared by tests, local tooling and ``infra/`` (kept in step there)."""
from __future__ import annotations

EVENTS = {
    "KeySchema": [{"AttributeName": "stream_id", "KeyType": "HASH"},
                  {"AttributeName": "version", "KeyType": "RANGE"}],
    "AttributeDefinitions": [{"AttributeName": "stream_id", "AttributeType": "S"},
                             {"AttributeName": "version", "AttributeType": "N"}],
    "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"},
}
IDEMPOTENCY = {
    "KeySchema": [{"AttributeName": "key", "KeyType": "HASH"}],
    "AttributeDefinitions": [{"AttributeName": "key", "AttributeType": "S"}],
}
VIEWS = {
    "KeySchema": [{"AttributeName": "view_id", "KeyType": "HASH"}],
    "AttributeDefinitions": [{"AttributeName": "view_id", "AttributeType": "S"},
                             {"AttributeName": "kind", "AttributeType": "S"},
                             {"AttributeName": "sort", "AttributeType": "S"}],
    "GlobalSecondaryIndexes": [{
        "IndexName": "by_kind",
        "KeySchema": [{"AttributeName": "kind", "KeyType": "HASH"},
                      {"AttributeName": "sort", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "ALL"}}],
}


def create_tables(client, events: str, idempotency: str, views: str) -> None:
    """Create the three tables (on-demand billing) if missing; used with moto and locally."""
    existing = set(client.list_tables().get("TableNames", []))
    for name, spec in ((events, EVENTS), (idempotency, IDEMPOTENCY), (views, VIEWS)):
        if name not in existing:
            client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST", **spec)
