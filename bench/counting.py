"""A boto3 DynamoDB client that records, in a :class:`~bench.capacity.Ledger`, the units
each call would consume on DynamoDB (``capacity.py`` has the rules). It looks at items
before and after each write (and re-reads a query's full items when the call asked for a
count or a projection) through the wrapped client, uncounted."""
from __future__ import annotations

from collections import Counter
from typing import Any

from botocore.exceptions import ClientError

from .capacity import Ledger, item_size, read_units, write_units

WRITES = ("Put", "Update", "Delete", "ConditionCheck")


class CountingClient:
    def __init__(self, client, ledger: Ledger | None = None):
        self._client = client
        self.ledger = ledger or Ledger()
        self._schemas: dict[str, tuple[list[str], list[tuple[str, ...]]]] = {}
        self.kinds: Counter = Counter()     # write units (table and index) per view kind

    def __getattr__(self, name):          # describe_table, create_table, waiters: free
        return getattr(self._client, name)

    # -- what a table looks like ---------------------------------------------------------
    def _schema(self, table: str) -> tuple[list[str], list[tuple[str, ...]]]:
        if table not in self._schemas:
            described = self._client.describe_table(TableName=table)["Table"]
            keys = [k["AttributeName"] for k in described["KeySchema"]]
            indexes = [tuple(k["AttributeName"] for k in index["KeySchema"])
                       for index in described.get("GlobalSecondaryIndexes", [])]
            self._schemas[table] = (keys, indexes)
        return self._schemas[table]

    def _key(self, table: str, item: dict[str, Any]) -> dict[str, Any]:
        return {k: item[k] for k in self._schema(table)[0]}

    def _peek(self, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
        return self._client.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")

    def _charge_write(self, operation: str, table: str, old, new,
                      transactional: bool = False) -> None:
        units = write_units(max(item_size(old), item_size(new)), transactional)
        self.ledger.add(table, operation, writes=units)
        index_units = 0
        for index in self._schema(table)[1]:
            old_in = bool(old) and all(a in old for a in index)
            new_in = bool(new) and all(a in new for a in index)
            if new_in:
                index_units += write_units(item_size(new))
            if old_in and (not new_in or any(old[a] != new[a] for a in index)):
                index_units += write_units(item_size(old))
        if index_units:                      # index writes are never transactional
            self.ledger.add(table, f"{operation} (its index)", writes=index_units)
        kind = (new or old or {}).get("kind", {}).get("S")
        if kind:                             # "players:<tid>" -> "players"
            self.kinds[kind.split(":", 1)[0]] += units + index_units

    # -- writes --------------------------------------------------------------------------
    def put_item(self, **kwargs):
        table, item = kwargs["TableName"], kwargs["Item"]
        old = self._peek(table, self._key(table, item))
        try:
            reply = self._client.put_item(**kwargs)
        except ClientError:
            self._charge_write("PutItem", table, old, None)
            raise
        self._charge_write("PutItem", table, old, item)
        return reply

    def update_item(self, **kwargs):
        table, key = kwargs["TableName"], kwargs["Key"]
        old = self._peek(table, key)
        try:
            reply = self._client.update_item(**kwargs)
        except ClientError:
            self._charge_write("UpdateItem", table, old, None)
            raise
        self._charge_write("UpdateItem", table, old, self._peek(table, key))
        return reply

    def delete_item(self, **kwargs):
        table = kwargs["TableName"]
        old = self._peek(table, kwargs["Key"])
        try:
            return self._client.delete_item(**kwargs)
        finally:
            self._charge_write("DeleteItem", table, old, None)

    def batch_write_item(self, **kwargs):
        for table, requests in kwargs["RequestItems"].items():
            for request in requests:
                if "PutRequest" in request:
                    item = request["PutRequest"]["Item"]
                    self._charge_write("BatchWriteItem", table,
                                       self._peek(table, self._key(table, item)), item)
                else:
                    key = request["DeleteRequest"]["Key"]
                    self._charge_write("BatchWriteItem", table, self._peek(table, key), None)
        return self._client.batch_write_item(**kwargs)

    def transact_write_items(self, **kwargs):
        actions = []
        for entry in kwargs["TransactItems"]:
            (kind, action), = ((k, entry[k]) for k in WRITES if k in entry)
            table = action["TableName"]
            key = action.get("Key") or self._key(table, action["Item"])
            actions.append((kind, table, key, action, self._peek(table, key)))
        committed = False
        try:
            reply = self._client.transact_write_items(**kwargs)
            committed = True
            return reply
        finally:
            for kind, table, key, action, old in actions:
                new = (action["Item"] if kind == "Put" else
                       self._peek(table, key) if kind == "Update" and committed else
                       old if kind == "ConditionCheck" else None)
                label = f"TransactWriteItems:{kind}"
                if kind == "ConditionCheck":
                    self.ledger.add(table, label, writes=write_units(item_size(old), True))
                else:
                    self._charge_write(label, table, old, new, transactional=True)

    # -- reads ---------------------------------------------------------------------------
    def get_item(self, **kwargs):
        reply = self._client.get_item(**kwargs)
        item = reply.get("Item")
        if item is not None and "ProjectionExpression" in kwargs:
            item = self._peek(kwargs["TableName"], kwargs["Key"])
        self.ledger.add(kwargs["TableName"], "GetItem",
                        reads=read_units(item_size(item), bool(kwargs.get("ConsistentRead"))))
        return reply

    def batch_get_item(self, **kwargs):
        reply = self._client.batch_get_item(**kwargs)
        for table, request in kwargs["RequestItems"].items():
            unprocessed = reply.get("UnprocessedKeys", {}).get(table, {}).get("Keys", [])
            consistent = bool(request.get("ConsistentRead"))
            for key in request["Keys"]:
                if key in unprocessed:
                    continue
                self.ledger.add(table, "BatchGetItem", reads=read_units(
                    item_size(self._peek(table, key)), consistent))
        return reply

    def _paged_read(self, operation: str, kwargs: dict[str, Any]):
        reply = getattr(self._client, operation)(**kwargs)
        items = reply.get("Items")
        if items is None or "ProjectionExpression" in kwargs or kwargs.get("Select"):
            full = {k: v for k, v in kwargs.items() if k not in ("Select", "ProjectionExpression")}
            if "ProjectionExpression" in kwargs and "ExpressionAttributeNames" in kwargs:
                used = kwargs.get("KeyConditionExpression", "") + kwargs.get("FilterExpression", "")
                names = {k: v for k, v in kwargs["ExpressionAttributeNames"].items() if k in used}
                full.pop("ExpressionAttributeNames")
                if names:
                    full["ExpressionAttributeNames"] = names
            items = getattr(self._client, operation)(**full).get("Items", [])
        consistent = bool(kwargs.get("ConsistentRead")) and "IndexName" not in kwargs
        label = f"{'Query' if operation == 'query' else 'Scan'}" + (
            f":{kwargs['IndexName']}" if "IndexName" in kwargs else "")
        self.ledger.add(kwargs["TableName"], label,
                        reads=read_units(sum(item_size(i) for i in items), consistent))
        return reply

    def query(self, **kwargs):
        return self._paged_read("query", kwargs)

    def scan(self, **kwargs):
        return self._paged_read("scan", kwargs)
