"""DynamoDB view store: one item per view (pk view_id), a sparse GSI ``by_kind``
(kind, sort) for listings, and checkpoint items moved in the same transaction as the
views they cover."""
from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from . import codec
from .dynamo_events import MAX_TRANSACTION_ITEMS, TransactionTooLarge, _Client
from .ports import ViewDoc, ViewOwnershipError

CHECKPOINT = "checkpoint#"


def _doc(item: dict[str, Any]) -> dict[str, Any]:
    attr = item["doc"]
    return codec.unpack(item["enc"]["S"], attr["B"] if "B" in attr else attr["S"])


class DynamoViewStore:
    def __init__(self, client, table: str):
        self.client = _Client(client)
        self.table = table

    def get(self, view_id: str) -> dict[str, Any] | None:
        item = self.client.get_item(TableName=self.table, Key={"view_id": {"S": view_id}},
                                    ConsistentRead=True).get("Item")
        return None if item is None else _doc(item)

    def list(self, kind: str, after: str | None = None, limit: int = 100) -> list[ViewDoc]:
        views: list[ViewDoc] = []
        kwargs: dict[str, Any] = dict(
            TableName=self.table, IndexName="by_kind",
            KeyConditionExpression="kind = :k AND #s > :a",
            ExpressionAttributeNames={"#s": "sort"},
            ExpressionAttributeValues={":k": {"S": kind}, ":a": {"S": after or " "}})
        while len(views) < limit:
            response = self.client.query(**kwargs)
            for item in response.get("Items", []):
                views.append(ViewDoc(item["view_id"]["S"], kind, item["sort"]["S"], _doc(item)))
            if "LastEvaluatedKey" not in response:
                break
            kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]
        views.sort(key=lambda v: (v.sort, v.view_id))
        return views[:limit]

    def checkpoint(self, stream_id: str) -> int:
        item = self.client.get_item(TableName=self.table,
                                    Key={"view_id": {"S": CHECKPOINT + stream_id}},
                                    ConsistentRead=True).get("Item")
        return 0 if item is None else int(item["version"]["N"])

    def commit(self, stream_id: str, expected_checkpoint: int, new_checkpoint: int,
               puts: dict[str, ViewDoc], deletes: set[str],
               shared: frozenset[str] = frozenset()) -> bool:
        items: list[dict[str, Any]] = [{"Put": {
            "TableName": self.table,
            "Item": {"view_id": {"S": CHECKPOINT + stream_id},
                     "version": {"N": str(new_checkpoint)}},
            "ConditionExpression": "attribute_not_exists(view_id) OR version = :old"
            if expected_checkpoint == 0 else "version = :old",
            "ExpressionAttributeValues": {":old": {"N": str(expected_checkpoint)}}}}]
        owned = {"ConditionExpression": "attribute_not_exists(view_id) OR #owner = :stream",
                 "ExpressionAttributeNames": {"#owner": "owner"},
                 "ExpressionAttributeValues": {":stream": {"S": stream_id}}}
        for view in puts.values():
            encoding, payload = codec.pack(view.doc)
            is_shared = view.view_id in shared
            items.append({"Put": {"TableName": self.table, "Item": {
                "view_id": {"S": view.view_id}, "kind": {"S": view.kind},
                "sort": {"S": view.sort or " "}, "enc": {"S": encoding},
                "owner": {"S": "" if is_shared else stream_id},
                "doc": {"B": payload} if isinstance(payload, bytes) else {"S": payload}},
                **({} if is_shared else owned)}})
        for view_id in deletes - set(puts):
            items.append({"Delete": {"TableName": self.table, "Key": {"view_id": {"S": view_id}},
                                     **({} if view_id in shared else owned)}})
        if len(items) > MAX_TRANSACTION_ITEMS:
            raise TransactionTooLarge(f"{len(items)} view writes in one commit")
        try:
            self.client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "TransactionCanceledException":
                raise
            reasons = exc.response.get("CancellationReasons") or []
            for item, reason in zip(items[1:], reasons[1:], strict=False):
                if reason.get("Code") == "ConditionalCheckFailed":
                    target = item.get("Put", {}).get("Item") or item["Delete"]["Key"]
                    raise ViewOwnershipError(f"{stream_id} may not write "
                                             f"{target['view_id']['S']}") from None
            return False
        return True

    def clear(self) -> None:
        kwargs: dict[str, Any] = {"TableName": self.table, "ProjectionExpression": "view_id"}
        while True:
            response = self.client.scan(**kwargs)
            keys = [{"view_id": item["view_id"]} for item in response.get("Items", [])]
            for start in range(0, len(keys), 25):
                self.client.batch_write_item(RequestItems={self.table: [
                    {"DeleteRequest": {"Key": key}} for key in keys[start:start + 25]]})
            if "LastEvaluatedKey" not in response:
                return
            kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]

    def dump(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        kwargs: dict[str, Any] = {"TableName": self.table, "ConsistentRead": True}
        while True:
            response = self.client.scan(**kwargs)
            for item in response.get("Items", []):
                if not item["view_id"]["S"].startswith(CHECKPOINT):
                    out[item["view_id"]["S"]] = _doc(item)
            if "LastEvaluatedKey" not in response:
                return out
            kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]
