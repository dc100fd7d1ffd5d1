"""What a venue transfer lists of a tournament without reading every event of the store:
the streams whose id holds the tournament id (``swiss-<tid>``, ``match-<tid>-r1-2``) and
the credential streams (``token-``, ``keys-``: they name no tournament, their first event
says whose they are) with their versions, and the credential streams' first events.

SQLite: reads of the ``(stream_id, version)`` index (the stream ids matched in the index
alone, no event decoded; the credential streams by range). DynamoDB:
a scan filtered on the server (the table is keyed by stream, so no query finds a
tournament's streams: that takes a global secondary index), which returns only those
items. Any other store: every event, as before."""
from __future__ import annotations

from typing import Any

from .ports import StoredEvent

CREDENTIALS = ("token-", "keys-")


def listed(store: Any, tid: str) -> tuple[dict[str, int], list[StoredEvent]]:
    """(stream id -> version of the streams whose id holds ``tid`` and of every
    credential stream, the first events of the credential streams)."""
    if hasattr(store, "db"):
        return _sqlite(store, tid)
    if hasattr(store, "client") and hasattr(store, "table"):
        return _dynamo(store, tid)
    versions: dict[str, int] = {}
    firsts: list[StoredEvent] = []
    for e in store.all_events():
        if f"-{tid}" in e.stream_id or e.stream_id.startswith(CREDENTIALS):
            versions[e.stream_id] = max(versions.get(e.stream_id, 0), e.version)
        if e.version == 1 and e.stream_id.startswith(CREDENTIALS):
            firsts.append(e)
    return versions, firsts


def _sqlite(store: Any, tid: str) -> tuple[dict[str, int], list[StoredEvent]]:
    from .sqlite_events import COLUMNS
    conn = store.db.conn()
    rows = conn.execute("SELECT stream_id, MAX(version) FROM events WHERE stream_id LIKE ?"
                        " GROUP BY stream_id", (f"%-{tid}%",))
    versions = {sid: version for sid, version in rows if f"-{tid}" in sid}
    firsts = []
    for prefix in CREDENTIALS:
        end = prefix[:-1] + chr(ord("-") + 1)
        versions.update(conn.execute(
            "SELECT stream_id, MAX(version) FROM events WHERE stream_id >= ? AND stream_id < ?"
            " GROUP BY stream_id", (prefix, end)))
        firsts += [store._row(row) for row in conn.execute(
            f"SELECT {COLUMNS} FROM events WHERE stream_id >= ? AND stream_id < ?"
            " AND version = 1", (prefix, end))]
    return versions, firsts


def _dynamo(store: Any, tid: str) -> tuple[dict[str, int], list[StoredEvent]]:
    from .dynamo_events import is_tally_item, item_to_event
    versions: dict[str, int] = {}
    firsts: list[StoredEvent] = []
    kwargs: dict[str, Any] = {
        "TableName": store.table, "ConsistentRead": True,
        "FilterExpression": "contains(#s, :tid) OR begins_with(#s, :token) OR "
                            "begins_with(#s, :keys)",
        "ExpressionAttributeNames": {"#s": "stream_id"},
        "ExpressionAttributeValues": {":tid": {"S": f"-{tid}"},
                                      ":token": {"S": CREDENTIALS[0]},
                                      ":keys": {"S": CREDENTIALS[1]}}}
    while True:
        response = store.client.scan(**kwargs)
        for item in response.get("Items", []):
            if is_tally_item(item):
                continue
            sid, version = item["stream_id"]["S"], int(item["version"]["N"])
            versions[sid] = max(versions.get(sid, 0), version)
            if version == 1 and sid.startswith(CREDENTIALS):
                firsts.append(item_to_event(item))
        if "LastEvaluatedKey" not in response:
            return versions, firsts
        kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]
