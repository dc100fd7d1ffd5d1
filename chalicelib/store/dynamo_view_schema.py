"""The DynamoDB view store's bookkeeping items: the schema version its views were built
by (recorded lazily, so a cold start that writes no view makes no round trip for it) and
``MetaSlot``, one JSON document in one item (the generation pointer, stream-scan cursors)."""
from __future__ import annotations

import json
import logging
from typing import Any

from botocore.exceptions import ClientError

log = logging.getLogger(__name__)
META = "meta#"          # bookkeeping items that are not views (see dynamo_health)
SCHEMA_KEY = META + "schema"


class ViewSchema:
    """Mixed into ``DynamoViewStore``: it provides ``client``, ``table``, ``_p`` (its
    generation's prefix) and ``_unrecorded`` (a version still to record)."""

    client: Any
    table: str
    _unrecorded: int | None

    @property
    def _p(self) -> str:
        raise NotImplementedError

    def condition(self, schema_version: int, deep: bool = True) -> str | None:
        """As the SQLite store's, without a corruption check (the table is DynamoDB's)."""
        self._record_schema()
        item = self.client.get_item(TableName=self.table,
                                    Key={"view_id": {"S": SCHEMA_KEY + self._p}},
                                    ConsistentRead=True).get("Item")
        if item is None:
            return "unversioned (no schema version recorded)"
        built = int(item["version"]["N"])
        if built != schema_version:
            return f"incompatible (built by schema {built}, this version reads {schema_version})"
        return None

    def ensure_schema(self, schema_version: int) -> None:
        """Record ``schema_version`` on a table that records none yet (a fresh stack:
        its views are built by these projections from the first event on)."""
        try:
            self.client.put_item(TableName=self.table, Item={
                "view_id": {"S": SCHEMA_KEY + self._p}, "version": {"N": str(schema_version)}},
                ConditionExpression="attribute_not_exists(view_id)")
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "ConditionalCheckFailedException":
                raise

    def record_schema_first(self, schema_version: int) -> None:
        """``ensure_schema`` before this store first commits views or reads its condition,
        not now: a cold start that writes no view (an API command, when the stream
        projects) makes no round trip for it."""
        self._unrecorded = schema_version

    def _record_schema(self) -> None:
        version = self._unrecorded
        if version is None:
            return
        try:
            self.ensure_schema(version)
        except Exception:  # noqa: BLE001 - the store answers later (health says why)
            log.warning("could not record the views' schema version", exc_info=True)
            return
        self._unrecorded = None

    def mark_schema(self, schema_version: int) -> None:
        self.client.put_item(TableName=self.table, Item={
            "view_id": {"S": SCHEMA_KEY + self._p}, "version": {"N": str(schema_version)}})


class MetaSlot:
    """One bookkeeping item holding a JSON document, read consistently."""

    def __init__(self, client, table: str, key: str):
        self.client, self.table, self.key = client, table, key

    def read(self) -> dict[str, Any] | None:
        item = self.client.get_item(TableName=self.table, Key={"view_id": {"S": self.key}},
                                    ConsistentRead=True).get("Item")
        return None if item is None else json.loads(item["doc"]["S"])

    def write(self, doc: dict[str, Any]) -> None:
        self.client.put_item(TableName=self.table, Item={
            "view_id": {"S": self.key}, "doc": {"S": json.dumps(doc, sort_keys=True)}})
