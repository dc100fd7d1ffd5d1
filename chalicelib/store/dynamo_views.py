"""DynamoDB view store: one item per view (pk view_id), a sparse GSI ``by_kind``
(kind, sort) for listings, and checkpoint items moved in the same transaction as the
views they cover."""
from __future__ import annotations

import builtins
import logging
import time
from collections.abc import Iterable
from typing import Any

from . import codec
from .dynamo_batches import batch_get, batch_write
from .dynamo_events import MAX_TRANSACTION_ITEMS, TransactionTooLarge, _Client
from .dynamo_transactions import write_transaction
from .dynamo_view_schema import META, SCHEMA_KEY, MetaSlot, ViewSchema
from .ports import BOOKKEEPING_KIND, ViewDoc, ViewOwnershipError

CHECKPOINT = "checkpoint#"
GENERATION_KEY = META + "generation"    # which generation of the views is current
SCAN_KEY = META + "stream-scan"         # dynamo_health's stream cursors (of the views)
GENERATION_MARK = "~"   # a generation's items: ``~<name>~<view id>`` (the first: no prefix)
FOLLOW_SECONDS = 10.0   # how stale a process's idea of the current generation may be
log = logging.getLogger(__name__)


def _doc(item: dict[str, Any]) -> dict[str, Any]:
    attr = item["doc"]
    return codec.unpack(item["enc"]["S"], attr["B"] if "B" in attr else attr["S"])


def view_to_item(stream_id: str, view: ViewDoc, shared: bool) -> dict[str, Any]:
    """The item of a view document written by ``stream_id``'s projection (owned by it
    unless ``shared``)."""
    encoding, payload = codec.pack(view.doc)
    return {"view_id": {"S": view.view_id}, "kind": {"S": view.kind},
            "sort": {"S": view.sort or " "}, "enc": {"S": encoding},
            "owner": {"S": "" if shared else stream_id},
            "doc": {"B": payload} if isinstance(payload, bytes) else {"S": payload}}


def generation_prefix(name: str) -> str:
    return f"{GENERATION_MARK}{name}{GENERATION_MARK}" if name else ""


class DynamoViewStore(ViewSchema):
    """``generation``: None follows the table's current generation (what the API and the
    projector use); a name pins one (a rebuild builds the next generation beside the
    current one, then switches the pointer in one write)."""

    def __init__(self, client, table: str, generation: str | None = None):
        self.client = _Client(client)
        self.table = table
        self._pinned = generation
        self.follow_seconds = FOLLOW_SECONDS
        self._followed: tuple[str, float] = ("", -FOLLOW_SECONDS)
        self._unrecorded: int | None = None     # see record_schema_first

    # -- generations -----------------------------------------------------------------
    @property
    def generation(self) -> str:
        if self._pinned is not None:
            return self._pinned
        name, at = self._followed
        now = time.monotonic()
        if now - at >= FOLLOW_SECONDS:
            item = self.client.get_item(TableName=self.table,
                                        Key={"view_id": {"S": GENERATION_KEY}},
                                        ConsistentRead=True).get("Item")
            name = item["name"]["S"] if item else ""
            self._followed = (name, now)
        return name

    @property
    def _p(self) -> str:
        return generation_prefix(self.generation)

    def next_generation(self, name: str) -> DynamoViewStore:
        built = DynamoViewStore(self.client, self.table, generation=name)
        built.clear()
        return built

    def resume_generation(self, name: str) -> DynamoViewStore:
        return DynamoViewStore(self.client, self.table, generation=name)

    def switch_to(self, built: DynamoViewStore) -> None:
        """Make ``built`` the current generation (one write; every process follows within
        FOLLOW_SECONDS). The previous generation's items are dropped by ``drop``."""
        self.client.put_item(TableName=self.table, Item={
            "view_id": {"S": GENERATION_KEY}, "name": {"S": built.generation}})
        self._followed = (built.generation, time.monotonic())

    def slot(self, name: str) -> MetaSlot:
        """A small JSON document of no generation (e.g. the rebuild job's status)."""
        return MetaSlot(self.client, self.table, META + name)

    def _key(self, view_id: str) -> dict[str, Any]:
        return {"view_id": {"S": self._p + view_id}}

    def get(self, view_id: str) -> dict[str, Any] | None:
        item = self.client.get_item(TableName=self.table, Key=self._key(view_id),
                                    ConsistentRead=True).get("Item")
        return None if item is None else _doc(item)

    def entry(self, view_id: str) -> ViewDoc | None:
        item = self.client.get_item(TableName=self.table, Key=self._key(view_id),
                                    ConsistentRead=True).get("Item")
        if item is None:
            return None
        sort = item.get("sort", {}).get("S", "")
        kind = item.get("kind", {}).get("S", "")[len(self._p):]
        return ViewDoc(view_id, kind, "" if sort == " " else sort,
                       _doc(item), item.get("owner", {}).get("S", ""))

    def get_many(self, view_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """BatchGetItem (consistent), 100 keys a call, unprocessed keys asked again."""
        ids = list(dict.fromkeys(view_ids))
        found: dict[str, dict[str, Any]] = {}
        prefix = self._p
        keys = [{"view_id": {"S": prefix + v}} for v in ids]
        for item in batch_get(self.client, self.table, keys, "views"):
            found[item["view_id"]["S"][len(prefix):]] = _doc(item)
        return found

    def list(self, kind: str, after: str | None = None, limit: int = 100) -> list[ViewDoc]:
        views: list[ViewDoc] = []
        prefix = self._p
        kwargs: dict[str, Any] = dict(
            TableName=self.table, IndexName="by_kind",
            KeyConditionExpression="kind = :k AND #s > :a",
            ExpressionAttributeNames={"#s": "sort"},
            ExpressionAttributeValues={":k": {"S": prefix + kind}, ":a": {"S": after or " "}})
        while len(views) < limit:
            response = self.client.query(**kwargs)
            for item in response.get("Items", []):
                views.append(ViewDoc(item["view_id"]["S"][len(prefix):], kind,
                                     item["sort"]["S"], _doc(item),
                                     item.get("owner", {}).get("S", "")))
            if "LastEvaluatedKey" not in response:
                break
            kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]
        views.sort(key=lambda v: (v.sort, v.view_id))
        return views[:limit]

    def checkpoint(self, stream_id: str) -> int:
        item = self.client.get_item(TableName=self.table,
                                    Key={"view_id": {"S": CHECKPOINT + self._p + stream_id}},
                                    ConsistentRead=True).get("Item")
        return 0 if item is None else int(item["version"]["N"])

    def checkpoints(self, stream_ids: Iterable[str]) -> dict[str, int]:
        ids = sorted(set(stream_ids))
        found: dict[str, int] = {}
        mark = CHECKPOINT + self._p
        keys = [{"view_id": {"S": mark + s}} for s in ids]
        for item in batch_get(self.client, self.table, keys, "checkpoints",
                              ProjectionExpression="view_id, version"):
            found[item["view_id"]["S"][len(mark):]] = int(item["version"]["N"])
        return {stream_id: found.get(stream_id, 0) for stream_id in ids}

    def commit(self, stream_id: str, expected_checkpoint: int, new_checkpoint: int,
               puts: dict[str, ViewDoc], deletes: set[str],
               shared: frozenset[str] = frozenset(),
               blind: frozenset[str] = frozenset()) -> bool:
        """One transaction when it fits (100 items). A larger commit first writes the
        ``blind`` puts (documents this commit never read, so a retry recomputes them
        identically) in transactions that each check the checkpoint is still
        ``expected_checkpoint``; the last one moves the checkpoint with every other write."""
        self._record_schema()
        old = {":old": {"N": str(expected_checkpoint)}}
        still = ("attribute_not_exists(view_id) OR version = :old" if expected_checkpoint == 0
                 else "version = :old")
        prefix = self._p
        checkpoint_key = {"view_id": {"S": CHECKPOINT + prefix + stream_id}}
        writes = [self._put(stream_id, view, view.view_id in shared, prefix)
                  for view in puts.values()]
        writes += [self._delete(stream_id, view_id, view_id in shared, prefix)
                   for view_id in deletes - set(puts)]
        ahead: list[dict[str, Any]] = []
        if len(writes) + 1 > MAX_TRANSACTION_ITEMS:
            ahead = [w for w in writes if "Put" in w and
                     w["Put"]["Item"]["view_id"]["S"][len(prefix):] in blind]
            writes = [w for w in writes if w not in ahead]
        if len(writes) + 1 > MAX_TRANSACTION_ITEMS:
            raise TransactionTooLarge(len(writes) + 1, MAX_TRANSACTION_ITEMS)
        room = MAX_TRANSACTION_ITEMS - 1
        for start in range(0, len(ahead), room):
            check = {"ConditionCheck": {"TableName": self.table, "Key": checkpoint_key,
                                        "ConditionExpression": still,
                                        "ExpressionAttributeValues": old}}
            if not self._transact(stream_id, [check, *ahead[start:start + room]]):
                return False
        final = {"Put": {"TableName": self.table,
                         "Item": {**checkpoint_key, "version": {"N": str(new_checkpoint)}},
                         "ConditionExpression": still, "ExpressionAttributeValues": old}}
        return self._transact(stream_id, [final, *writes])

    @staticmethod
    def _owned(stream_id: str) -> dict[str, Any]:
        return {"ConditionExpression": "attribute_not_exists(view_id) OR #owner = :stream",
                "ExpressionAttributeNames": {"#owner": "owner"},
                "ExpressionAttributeValues": {":stream": {"S": stream_id}}}

    def _put(self, stream_id: str, view: ViewDoc, shared: bool, prefix: str) -> dict[str, Any]:
        item = view_to_item(stream_id, view, shared)
        if prefix:
            item["view_id"] = {"S": prefix + view.view_id}
            item["kind"] = {"S": prefix + view.kind}
        return {"Put": {"TableName": self.table, "Item": item,
                        **({} if shared else self._owned(stream_id))}}

    def _delete(self, stream_id: str, view_id: str, shared: bool,
                prefix: str) -> dict[str, Any]:
        return {"Delete": {"TableName": self.table, "Key": {"view_id": {"S": prefix + view_id}},
                           **({} if shared else self._owned(stream_id))}}

    def _transact(self, stream_id: str, items: builtins.list[dict[str, Any]]) -> bool:
        """False when the checkpoint (the first item) moved; ViewOwnershipError when a
        document belongs to another stream."""
        failed = write_transaction(self.client, items)
        if failed is None:
            return True
        for item in (items[i] for i in failed if 0 < i < len(items)):
            target = item.get("Put", {}).get("Item") or item["Delete"]["Key"]
            raise ViewOwnershipError(f"{stream_id} may not write {target['view_id']['S']}")
        return False

    def owns_item(self, view_id: str) -> bool:
        return self._mine(view_id)

    def _mine(self, view_id: str) -> bool:
        """Whether an item of the table belongs to this generation (bookkeeping that
        belongs to none, such as the generation pointer and stream-scan cursors, does not)."""
        prefix = self._p
        if view_id == SCHEMA_KEY + prefix:
            return True
        if view_id.startswith(META):
            return False
        rest = view_id[len(CHECKPOINT):] if view_id.startswith(CHECKPOINT) else view_id
        return rest.startswith(prefix) if prefix else not rest.startswith(GENERATION_MARK)

    def clear(self) -> None:
        """Drop every item of this generation (another generation is left as it is)."""
        kwargs: dict[str, Any] = {"TableName": self.table, "ProjectionExpression": "view_id"}
        while True:
            response = self.client.scan(**kwargs)
            keys = [{"view_id": item["view_id"]} for item in response.get("Items", [])
                    if self._mine(item["view_id"]["S"])]
            batch_write(self.client, self.table, [{"DeleteRequest": {"Key": key}}
                                                  for key in keys], "views")
            if "LastEvaluatedKey" not in response:
                break
            kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]
        if self._pinned is None:        # the current views are gone: so is what they cover
            self.client.delete_item(TableName=self.table, Key={"view_id": {"S": SCAN_KEY}})

    def dump(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        kwargs: dict[str, Any] = {"TableName": self.table, "ConsistentRead": True}
        while True:
            response = self.client.scan(**kwargs)
            prefix = self._p
            for item in response.get("Items", []):
                view_id = item["view_id"]["S"]
                if not view_id.startswith((CHECKPOINT, META)) and self._mine(view_id) \
                        and item.get("kind", {}).get("S") != prefix + BOOKKEEPING_KIND:
                    out[view_id[len(prefix):]] = _doc(item)
            if "LastEvaluatedKey" not in response:
                return out
            kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]
