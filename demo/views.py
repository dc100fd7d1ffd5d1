"""The local DynamoDB server's views table, read directly (boto3 against its endpoint):
every view item but the projector's checkpoints and the store's bookkeeping items, to
compare the views the stream built with those of a full rebuild."""
from __future__ import annotations

from typing import Any

from chalicelib.store import codec
from chalicelib.store.dynamo_views import (
    CHECKPOINT,
    META,
    DynamoViewStore,
    generation_prefix,
)
from chalicelib.store.ports import BOOKKEEPING_KIND


def dump_views(endpoint: str, table: str) -> dict[str, dict[str, Any]]:
    import boto3
    client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                          aws_access_key_id="testing", aws_secret_access_key="testing")
    out: dict[str, dict[str, Any]] = {}
    kwargs: dict[str, Any] = {"TableName": table, "ConsistentRead": True}
    current = DynamoViewStore(client, table)      # the current generation's items only
    prefix = generation_prefix(current.generation)
    while True:
        page = client.scan(**kwargs)
        for item in page.get("Items", []):
            view_id = item["view_id"]["S"]
            if view_id.startswith((CHECKPOINT, META)) or not current.owns_item(view_id) \
                    or item.get("kind", {}).get("S", "") == prefix + BOOKKEEPING_KIND:
                continue
            doc = item["doc"]
            out[view_id[len(prefix):]] = {
                "kind": item.get("kind", {}).get("S", "")[len(prefix):],
                "sort": item.get("sort", {}).get("S"),
                "owner": item.get("owner", {}).get("S"),
                "doc": codec.unpack(item["enc"]["S"], doc.get("B", doc.get("S")))}
        if "LastEvaluatedKey" not in page:
            return out
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def differences(before: dict[str, Any], after: dict[str, Any], limit: int = 5) -> list[str]:
    def why(key: str) -> str:
        if key not in after:
            return "missing after the rebuild"
        return "only after the rebuild" if key not in before else "differs"
    keys = sorted(set(before) | set(after))
    return [f"{k}: {why(k)}" for k in keys if before.get(k) != after.get(k)][:limit]
