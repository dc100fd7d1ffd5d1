"""The WebSocket API's subscriptions (table ``podium-connections``), kept in *buckets*:
one item holds up to ``BUCKET_SIZE`` subscribers of one feed, each with the position up
to which it was sent entries, so a fan-out reads and claims a hundred subscribers with
one read and one conditional write instead of a hundred.

Items (key ``connection_id`` + ``feed``; ``feed`` is ``<tid>|<pid>``, ``-`` for the
public feed):

- a bucket: ``connection_id`` ``~<feed>#<n>``, with ``tournament_id`` (so the GSI
  ``by_tournament`` lists the tournament's buckets and nothing else), a version ``v``, a
  count ``n``, one string attribute ``m_<connection>`` per subscriber written by its
  subscribe (``<position> <expiry> <token's hash> <nonce>``: the position it joined at;
  the hash: a private feed's credential, checked again before each send, never the token
  itself), and ``pos``, the positions its members were moved to since they joined
  (JSON ``{connection: [position, nonce]}``, an entry counting only while its nonce is the
  member's: a subscribe again starts afresh). A claim rewrites that one attribute, and a
  subscribe or leave writes only its own: each is one small write;
- the feed's head: ``~<feed>#head``, the bucket new subscribers join (``open``);
- a connection's own item (``connection_id``, ``feed``): which bucket it is in, so a
  ``$disconnect`` finds it.

Every change to a bucket raises ``v`` and every claim is conditional on the ``v`` it read:
two senders that read the same positions cannot both move them, so a subscriber gets each
entry once, and a sender whose claim fails reads the bucket again. Subscribers expire two
hours after their subscribe (API Gateway's limit on a connection's life); items carry TTL
``expires_at``."""
from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from botocore.exceptions import ClientError

INDEX = "by_tournament"
LIFETIME_SECONDS = 2 * 3600
BUCKET_SIZE = 100
CLAIM_TRIES = 8
CONDITION_FAILED = "ConditionalCheckFailedException"


def feed_key(tid: str, pid: str | None) -> str:
    return f"{tid}|{pid or '-'}"


def _member(connection_id: str) -> str:
    return f"m_{connection_id}"


def _value(position: str, expires: int, token: str | None) -> dict[str, str]:
    return {"S": f"{position} {expires} {token or '-'} {secrets.token_hex(4)}"}


@dataclass(frozen=True)
class Subscription:
    connection_id: str
    tournament_id: str
    player_id: str | None
    position: str
    token: str | None = field(default=None, compare=False)   # the credential's hash
    bucket: str | None = field(default=None, compare=False)
    expires: int = field(default=0, compare=False)
    nonce: str = field(default="", compare=False)

    @property
    def feed(self) -> str:
        return feed_key(self.tournament_id, self.player_id)


@dataclass(frozen=True)
class Bucket:
    key: str
    tournament_id: str
    player_id: str | None
    version: int
    members: tuple[Subscription, ...]

    @property
    def feed(self) -> str:
        return feed_key(self.tournament_id, self.player_id)


def _bucket(item: dict[str, Any], now: int) -> Bucket:
    tid = item["tournament_id"]["S"]
    pid = item.get("player_id", {}).get("S")
    key = item["connection_id"]["S"]
    moved = json.loads(item["pos"]["S"]) if "pos" in item else {}
    members = []
    for name, value in item.items():
        if name.startswith("m_"):
            position, expires, token, nonce = value["S"].split(" ")
            cid = name[2:]
            now_at = moved.get(cid)
            if now_at is not None and now_at[1] == nonce:
                position = now_at[0]
            if int(expires) >= now:
                members.append(Subscription(cid, tid, pid, position,
                                            None if token == "-" else token, key,
                                            int(expires), nonce))
    members.sort(key=lambda s: (s.position, s.connection_id))
    return Bucket(key, tid, pid, int(item.get("v", {}).get("N", "0")), tuple(members))


class DynamoConnections:
    def __init__(self, client: Any, table: str, clock=time.time):
        self.client, self.table, self.clock = client, table, clock

    def _key(self, connection_id: str, feed: str) -> dict[str, Any]:
        return {"connection_id": {"S": connection_id}, "feed": {"S": feed}}

    # -- subscribing ---------------------------------------------------------------
    def subscribe(self, sub: Subscription) -> Subscription:
        """Follow ``sub.feed`` from ``sub.position`` (again: the new position replaces
        the old one); the subscription as stored (with its bucket)."""
        expires = int(self.clock()) + LIFETIME_SECONDS
        member = _value(sub.position, expires, sub.token)
        mine = self.client.get_item(TableName=self.table, ConsistentRead=True,
                                    Key=self._key(sub.connection_id, sub.feed)).get("Item")
        if mine is not None and self._replace(mine["bucket"]["S"], sub, member, expires):
            return _with(sub, mine["bucket"]["S"])
        key = self._join(sub, member, expires)
        self.client.put_item(TableName=self.table, Item={
            **self._key(sub.connection_id, sub.feed), "bucket": {"S": key},
            "expires_at": {"N": str(expires)}})
        return _with(sub, key)

    def _replace(self, key: str, sub: Subscription, member: dict, expires: int) -> bool:
        return self._update(key, sub.feed, "SET #m = :m, v = v + :one, expires_at = :e",
                            "attribute_exists(#m)", {"#m": _member(sub.connection_id)},
                            {":m": member, ":one": {"N": "1"},
                             ":e": {"N": str(expires)}})

    def _join(self, sub: Subscription, member: dict, expires: int) -> str:
        """Add the subscriber to the feed's open bucket, opening the next when it is full."""
        head = f"~{sub.feed}#head"
        while True:
            found = self.client.get_item(TableName=self.table, ConsistentRead=True,
                                         Key=self._key(head, sub.feed)).get("Item")
            n = int(found["open"]["N"]) if found else 0
            key = f"~{sub.feed}#{n:05d}"
            values = {":m": member, ":one": {"N": "1"}, ":zero": {"N": "0"},
                      ":size": {"N": str(BUCKET_SIZE)}, ":t": {"S": sub.tournament_id},
                      ":e": {"N": str(expires)}}
            update = ("SET #m = :m, n = if_not_exists(n, :zero) + :one, "
                      "v = if_not_exists(v, :zero) + :one, tournament_id = :t, expires_at = :e")
            if sub.player_id is not None:
                update += ", player_id = :pid"
                values[":pid"] = {"S": sub.player_id}
            if self._update(key, sub.feed, update, "attribute_not_exists(n) OR n < :size",
                            {"#m": _member(sub.connection_id)}, values):
                return key
            self._update(head, sub.feed, "SET #o = :next",
                         "attribute_not_exists(#o) OR #o = :n", {"#o": "open"},
                         {":next": {"N": str(n + 1)}, ":n": {"N": str(n)}})

    def _update(self, key: str, feed: str, update: str, condition: str,
                names: dict[str, str], values: dict[str, Any]) -> bool:
        try:
            self.client.update_item(TableName=self.table, Key=self._key(key, feed),
                                    UpdateExpression=update, ConditionExpression=condition,
                                    ExpressionAttributeNames=names,
                                    ExpressionAttributeValues=values)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == CONDITION_FAILED:
                return False
            raise
        return True

    # -- reading -------------------------------------------------------------------
    def bucket(self, key: str, feed: str) -> Bucket | None:
        found = self.client.get_item(TableName=self.table, ConsistentRead=True,
                                     Key=self._key(key, feed)).get("Item")
        return _bucket(found, int(self.clock())) if found else None

    def get(self, connection_id: str, feed: str) -> Subscription | None:
        mine = self.client.get_item(TableName=self.table, ConsistentRead=True,
                                    Key=self._key(connection_id, feed)).get("Item")
        if mine is None:
            return None
        found = self.bucket(mine["bucket"]["S"], feed)
        return next((s for s in found.members if s.connection_id == connection_id), None) \
            if found else None

    def buckets(self, tid: str) -> list[Bucket]:
        """The tournament's buckets, by feed (the index is eventually consistent: a
        subscriber just added is served by its own subscribe's catch-up, and each sender
        reads its bucket again before it claims)."""
        found: list[Bucket] = []
        kwargs: dict[str, Any] = {
            "TableName": self.table, "IndexName": INDEX,
            "KeyConditionExpression": "tournament_id = :t",
            "ExpressionAttributeValues": {":t": {"S": tid}}}
        now = int(self.clock())
        while True:
            page = self.client.query(**kwargs)
            found += [b for b in (_bucket(item, now) for item in page.get("Items", []))
                      if b.members]
            if "LastEvaluatedKey" not in page:
                return found
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def of_tournament(self, tid: str) -> list[Subscription]:
        """Every live subscription to the tournament's feeds."""
        return [s for b in self.buckets(tid) for s in b.members]

    def tournaments(self) -> set[str]:
        """The tournaments anyone follows (the scheduled backstop's sweep)."""
        found: set[str] = set()
        kwargs: dict[str, Any] = {"TableName": self.table, "IndexName": INDEX,
                                  "ProjectionExpression": "tournament_id"}
        while True:
            page = self.client.scan(**kwargs)
            found |= {item["tournament_id"]["S"] for item in page.get("Items", [])}
            if "LastEvaluatedKey" not in page:
                return found
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    # -- claiming ------------------------------------------------------------------
    def claim_bucket(self, bucket: Bucket, moves: dict[str, str]) -> bool:
        """Move these members (connection -> new position) of the bucket as read, in one
        conditional write; False when the bucket changed since (read it again)."""
        if not moves:
            return True
        positions = {m.connection_id: [moves.get(m.connection_id, m.position), m.nonce]
                     for m in bucket.members}
        return self._update(bucket.key, bucket.feed, "SET #pos = :pos, v = v + :one",
                            "v = :v", {"#pos": "pos"},
                            {":pos": {"S": json.dumps(positions, separators=(",", ":"))},
                             ":one": {"N": "1"},
                                              ":v": {"N": str(bucket.version)}})

    def claim(self, sub: Subscription, position: str) -> bool:
        """Move the subscription from the position it was read at to ``position``; False
        when it moved meanwhile (another sender) or is gone (disconnected)."""
        return self.claim_many([(sub, position)])[0]

    def claim_many(self, claims: list[tuple[Subscription, str]]) -> list[bool]:
        """``claim`` for many subscriptions: one read and one conditional write per
        bucket (again when another change to the bucket came between them)."""
        won = [False] * len(claims)
        by_bucket: dict[tuple[str, str], list[int]] = {}
        for i, (sub, _) in enumerate(claims):
            key = sub.bucket or self._bucket_of(sub)
            if key is not None:
                by_bucket.setdefault((key, sub.feed), []).append(i)
        for (key, feed), indexes in by_bucket.items():
            for _ in range(CLAIM_TRIES):
                found = self.bucket(key, feed)
                now = {s.connection_id: s.position for s in found.members} if found else {}
                mine = [i for i in indexes
                        if now.get(claims[i][0].connection_id) == claims[i][0].position]
                if found is None or self.claim_bucket(found, {
                        claims[i][0].connection_id: claims[i][1] for i in mine}):
                    for i in mine:
                        won[i] = True
                    break
        return won

    def _bucket_of(self, sub: Subscription) -> str | None:
        mine = self.client.get_item(TableName=self.table, ConsistentRead=True,
                                    Key=self._key(sub.connection_id, sub.feed)).get("Item")
        return mine["bucket"]["S"] if mine else None

    # -- leaving -------------------------------------------------------------------
    def drop(self, connection_id: str) -> int:
        """Forget every subscription of a connection (disconnected, or gone); how many."""
        items = self.client.query(
            TableName=self.table, KeyConditionExpression="connection_id = :c",
            ExpressionAttributeValues={":c": {"S": connection_id}}).get("Items", [])
        for item in items:
            self._update(item["bucket"]["S"], item["feed"]["S"],
                         "REMOVE #m SET n = n - :one, v = v + :one", "attribute_exists(#m)",
                         {"#m": _member(connection_id)}, {":one": {"N": "1"}})
            self.client.delete_item(TableName=self.table, Key=self._key(
                connection_id, item["feed"]["S"]))
        return len(items)


def _with(sub: Subscription, bucket: str) -> Subscription:
    return Subscription(sub.connection_id, sub.tournament_id, sub.player_id, sub.position,
                        sub.token, bucket)
