"""The WebSocket API's subscriptions (table ``podium-connections``): one item per
connection and feed it follows, with the position up to which it was sent entries.

Key ``connection_id`` + ``feed`` (``<tid>|<pid>``, ``-`` for the public feed); the GSI
``by_tournament`` (``tournament_id``, ``feed``) finds every subscriber of a tournament's
feeds for the projector's fan-out. Items expire (TTL ``expires_at``) two hours after the
last subscribe, API Gateway's own limit on a connection's life.

A position moves on only by ``claim`` (a conditional write from the position the sender
read): two senders that read the same entries cannot both send them, so a subscriber
gets each entry once, and one whose claim fails reads again from the new position."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from botocore.exceptions import ClientError

INDEX = "by_tournament"
LIFETIME_SECONDS = 2 * 3600
TRANSACTION_ITEMS = 100       # DynamoDB's limit of items in one transaction


def feed_key(tid: str, pid: str | None) -> str:
    return f"{tid}|{pid or '-'}"


@dataclass(frozen=True)
class Subscription:
    connection_id: str
    tournament_id: str
    player_id: str | None
    position: str

    @property
    def feed(self) -> str:
        return feed_key(self.tournament_id, self.player_id)


def _subscription(item: dict[str, Any]) -> Subscription:
    pid = item.get("player_id", {}).get("S")
    return Subscription(item["connection_id"]["S"], item["tournament_id"]["S"], pid,
                        item["position"]["S"])


class DynamoConnections:
    def __init__(self, client: Any, table: str, clock=time.time):
        self.client, self.table, self.clock = client, table, clock

    def subscribe(self, sub: Subscription) -> None:
        item = {"connection_id": {"S": sub.connection_id}, "feed": {"S": sub.feed},
                "tournament_id": {"S": sub.tournament_id}, "position": {"S": sub.position},
                "expires_at": {"N": str(int(self.clock()) + LIFETIME_SECONDS)}}
        if sub.player_id is not None:
            item["player_id"] = {"S": sub.player_id}
        self.client.put_item(TableName=self.table, Item=item)

    def get(self, connection_id: str, feed: str) -> Subscription | None:
        found = self.client.get_item(TableName=self.table, ConsistentRead=True, Key={
            "connection_id": {"S": connection_id}, "feed": {"S": feed}}).get("Item")
        return _subscription(found) if found else None

    def of_tournament(self, tid: str) -> list[Subscription]:
        """Every live subscription to the tournament's feeds (the index is eventually
        consistent: a subscriber just added is served by its own subscribe's catch-up)."""
        found: list[Subscription] = []
        kwargs: dict[str, Any] = {
            "TableName": self.table, "IndexName": INDEX,
            "KeyConditionExpression": "tournament_id = :t",
            "ExpressionAttributeValues": {":t": {"S": tid}}}
        now = int(self.clock())
        while True:
            page = self.client.query(**kwargs)
            found += [_subscription(item) for item in page.get("Items", [])
                      if int(item.get("expires_at", {}).get("N", now)) >= now]
            if "LastEvaluatedKey" not in page:
                return found
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def tournaments(self) -> set[str]:
        """The tournaments anyone follows (the scheduled backstop's sweep)."""
        found: set[str] = set()
        kwargs: dict[str, Any] = {"TableName": self.table,
                                  "ProjectionExpression": "tournament_id"}
        while True:
            page = self.client.scan(**kwargs)
            found |= {item["tournament_id"]["S"] for item in page.get("Items", [])}
            if "LastEvaluatedKey" not in page:
                return found
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def claim(self, sub: Subscription, position: str) -> bool:
        """Move the subscription from the position it was read at to ``position``; False
        when it moved meanwhile (another sender) or is gone (disconnected)."""
        try:
            self.client.update_item(
                TableName=self.table,
                Key={"connection_id": {"S": sub.connection_id}, "feed": {"S": sub.feed}},
                UpdateExpression="SET #p = :new",
                ConditionExpression="#p = :old",
                ExpressionAttributeNames={"#p": "position"},
                ExpressionAttributeValues={":new": {"S": position}, ":old": {"S": sub.position}})
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException":
                return False
            raise
        return True

    def claim_many(self, claims: list[tuple[Subscription, str]]) -> list[bool]:
        """``claim`` for many subscriptions, up to 100 in one transaction (a fan-out to
        thousands makes tens of calls, not thousands); a transaction refused because one
        of them moved is claimed again one by one."""
        won: list[bool] = []
        for start in range(0, len(claims), TRANSACTION_ITEMS):
            chunk = claims[start:start + TRANSACTION_ITEMS]
            if len(chunk) == 1:
                won.append(self.claim(*chunk[0]))
                continue
            try:
                self.client.transact_write_items(TransactItems=[{"Update": {
                    "TableName": self.table,
                    "Key": {"connection_id": {"S": sub.connection_id}, "feed": {"S": sub.feed}},
                    "UpdateExpression": "SET #p = :new", "ConditionExpression": "#p = :old",
                    "ExpressionAttributeNames": {"#p": "position"},
                    "ExpressionAttributeValues": {":new": {"S": position},
                                                  ":old": {"S": sub.position}}}}
                    for sub, position in chunk])
            except ClientError as exc:
                if exc.response.get("Error", {}).get("Code") != "TransactionCanceledException":
                    raise
                won += [self.claim(sub, position) for sub, position in chunk]
            else:
                won += [True] * len(chunk)
        return won

    def drop(self, connection_id: str) -> int:
        """Forget every subscription of a connection (disconnected, or gone); how many."""
        items = self.client.query(
            TableName=self.table, KeyConditionExpression="connection_id = :c",
            ExpressionAttributeValues={":c": {"S": connection_id}},
            ProjectionExpression="connection_id, feed").get("Items", [])
        for item in items:
            self.client.delete_item(TableName=self.table, Key=item)
        return len(items)
