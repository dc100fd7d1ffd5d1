"""Builds the stores, service and projector from configuration, once per process."""
from __future__ import annotations

import functools
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .config import Config, local_secret
from .projections import SCHEMA_VERSION, catalog
from .projections.damage import GuardedViews
from .projections.projector import Projector
from .reactions.runner import Reactions
from .service import CommandService
from .store.ports import EventStore, StoreHealth, ViewStore

if TYPE_CHECKING:      # SQLite's alone, loaded there (a DynamoDB cold start does without)
    from .projections.healing import ViewHealer

log = logging.getLogger(__name__)


@dataclass
class Runtime:
    config: Config
    events: EventStore
    views: ViewStore
    service: CommandService
    projector: Projector
    admin_key: str | None
    token_secret: str
    healer: ViewHealer | None = None
    # how many stream records wait in the projector's dead-letter queue (None: unknown)
    dead_letters: Callable[[], int | None] | None = None

    REBUILD_FUNCTION = "PODIUM_REBUILD_FUNCTION"

    def rebuilds(self) -> Any:
        """The views' rebuild jobs (``application/rebuild.py``) over these stores."""
        from .application.rebuild import Rebuilds
        return Rebuilds(self.events, self.projector.views, list(self.projector.projections),
                        self.projector.reactor,
                        follow_seconds=float(getattr(self.projector.views, "follow_seconds", 0)))

    def launch_rebuild(self, job: dict[str, Any]) -> str:
        """Run a started rebuild job outside the request: the ``rebuild_views`` Lambda
        function when deployed (``PODIUM_REBUILD_FUNCTION``), else a thread."""
        if os.environ.get(self.REBUILD_FUNCTION):
            self.invoke_rebuild(job["job_id"])
            return "lambda"
        jobs = self.rebuilds()

        def run() -> None:
            result = jobs.run(job["job_id"])
            if result.get("state") == "failed":
                log.error("rebuild %s failed: %s", job["job_id"], result.get("error"))
        threading.Thread(target=run, name=f"podium-rebuild-{job['job_id']}",
                         daemon=True).start()
        return "thread"

    def invoke_rebuild(self, job_id: str) -> None:
        import json

        import boto3
        boto3.client("lambda").invoke(FunctionName=os.environ[self.REBUILD_FUNCTION],
                                      InvocationType="Event",
                                      Payload=json.dumps({"job_id": job_id}).encode())

    @functools.cached_property
    def health(self) -> StoreHealth:
        """The store's health checks (``GET /v1/health``), built on first use."""
        if self.config.store == "dynamodb":
            from .store.dynamo_health import DynamoHealth
            return DynamoHealth.connect(self.config.dynamodb_endpoint, self.config.events_table,
                                        self.config.views_table, self.config.idempotency_table)
        if self.config.store == "memory":
            from .store.memory_health import MemoryHealth
            return MemoryHealth(self.events, self.views)
        from .store.sqlite_health import SqliteHealth
        return SqliteHealth(self.events, self.views)  # type: ignore[arg-type]  # SQLite's own

    SOCKETS_TABLE, SOCKETS_ENDPOINT = "PODIUM_CONNECTIONS_TABLE", "PODIUM_WEBSOCKET_ENDPOINT"
    FANOUT_QUEUE = "PODIUM_FANOUT_QUEUE_URL"

    def feed_sockets(self, endpoint: str | None = None, advance: bool = False) -> Any:
        """The WebSocket feeds' use cases' dependencies (``application/feed_sockets``):
        the connections table, the management API at ``endpoint`` (default: the
        deployment's), the horizon over the watermark (``advance``: the projector moves
        it on before a fan-out)."""
        cache = self.__dict__.setdefault("_feed_sockets", {})
        key = (endpoint, advance)
        if key not in cache:
            cache[key] = self._build_sockets(endpoint, advance)
        return cache[key]

    def _build_sockets(self, endpoint: str | None, advance: bool) -> Any:
        import boto3

        from .application.feed_sockets import Sockets
        from .application.feeds import Horizon, settle_seconds
        from .application.reads import Reads
        from .auth.by_hash import principal_by_hash
        from .push.sockets import Poster
        from .store.dynamo_connections import DynamoConnections
        client = boto3.client("dynamodb", endpoint_url=self.config.dynamodb_endpoint)
        progress = self.feed_progress
        dispatch = None
        if os.environ.get(self.FANOUT_QUEUE):          # the sender Lambda sends them
            from .application.feed_batches import to_queue
            dispatch = to_queue(boto3.client("sqs", endpoint_url=self.config.dynamodb_endpoint),
                                os.environ[self.FANOUT_QUEUE])
        return Sockets(Reads(self.service, self.views), Horizon(progress, self.config.store),
                       DynamoConnections(client, os.environ[self.SOCKETS_TABLE]),
                       Poster.connect(endpoint or os.environ[self.SOCKETS_ENDPOINT]),
                       settle=settle_seconds(self.config.store),
                       advance=getattr(progress, "advance", None) if advance else None,
                       recheck=lambda token_hash: principal_by_hash(self, token_hash),
                       dispatch=dispatch)

    @functools.cached_property
    def feed_progress(self) -> Any:
        """What the feeds' horizon reads (``backlog()``): on DynamoDB the projector's
        watermark (``store/dynamo_watermark.py``), embedded the health checks' backlog."""
        if self.config.store != "dynamodb":
            return self.health
        from .application.feeds import settle_seconds
        from .store.dynamo_watermark import ProjectorWatermark
        client = self.health.client   # type: ignore[attr-defined]  # DynamoHealth's
        return ProjectorWatermark(client, self.config.views_table, self.health,
                                  settle_seconds("dynamodb"))


def build_runtime(config: Config) -> Runtime:
    events: EventStore
    views: ViewStore
    admin_key: str | None
    if config.store == "sqlite":
        from .store.sqlite_events import SqliteEventStore
        from .store.sqlite_views import SqliteViewStore
        events = SqliteEventStore(os.path.join(config.data_dir, "events.db"),
                                  config.sqlite_synchronous)
        views = SqliteViewStore(os.path.join(config.data_dir, "views.db"))
        admin_key = config.admin_key or local_secret(config.data_dir, "admin.key")
        token_secret = config.token_secret or local_secret(config.data_dir, "token.secret")
    elif config.store == "dynamodb":
        from .store.dynamo_client import dynamodb_client
        from .store.dynamo_events import DynamoEventStore
        from .store.dynamo_views import DynamoViewStore
        client = dynamodb_client(config.dynamodb_endpoint)
        events = DynamoEventStore(client, config.events_table, config.idempotency_table)
        views = DynamoViewStore(client, config.views_table)
        admin_key = config.admin_key
        if not config.token_secret:
            raise RuntimeError("PODIUM_TOKEN_SECRET is required with the DynamoDB store")
        token_secret = config.token_secret
    elif config.store == "memory":        # tests and throwaway runs: nothing is kept
        from .store.memory_events import MemoryEventStore
        from .store.memory_views import MemoryViewStore
        events, views = MemoryEventStore(), MemoryViewStore()
        admin_key = config.admin_key or local_secret(config.data_dir, "admin.key")
        token_secret = config.token_secret or local_secret(config.data_dir, "token.secret")
    else:
        raise RuntimeError(f"unknown PODIUM_STORE {config.store!r}")
    return assemble(config, events, views, admin_key, token_secret)


def assemble(config: Config, events: EventStore, views: ViewStore, admin_key: str | None,
             token_secret: str) -> Runtime:
    """The service, projector and reactions over these stores, wired as configured."""
    if hasattr(events, "chainer"):      # salts of events written before links were stored
        events.chainer.legacy_key = token_secret
    service = CommandService(events, check_purity=config.check_purity)
    from .service.venue_lease import lease_check
    service.before_commit.append(lease_check(os.environ.get("PODIUM_VENUE_NODE_ID")
                                             or "deployment"))
    # after-commit reactions (closing rounds, waking deliveries) run from the projector's
    # checkpoints: inline here after each append, or from the events table's stream
    projector = Projector(events, views, catalog(), strict=config.check_purity,
                          reactor=Reactions(service))
    healer = None
    if config.store == "sqlite" and hasattr(views, "rebuild_lock"):
        # views.db is derived: missing, corrupt or from other projections -> rebuilt now
        from .projections.healing import HealingViews, ViewHealer
        healer = ViewHealer(events, views, projector, exclusive=views.rebuild_lock)
        healer.heal_at_start()
        views = HealingViews(views, healer)
    if config.projection == "inline":
        service.after_commit.append(projector.after_commit)
    if config.store == "dynamodb" and hasattr(views, "record_schema_first"):
        views.record_schema_first(SCHEMA_VERSION)   # a fresh table is of this version
    # reads answer 503 view_damaged for documents of a stream whose projection failed
    rt = Runtime(config, events, GuardedViews(views), service, projector, admin_key,
                 token_secret, healer)
    if config.projection == "inline":      # the wake-webhook-worker reaction's local thread
        from .push import inline as push_inline
        from .webhooks import inline
        inline.set_runner(lambda: _drain_webhooks(rt))
        push_inline.set_runner(lambda: _drain_push(rt))
    if os.environ.get(Runtime.SOCKETS_TABLE) and os.environ.get(Runtime.SOCKETS_ENDPOINT):
        from .push import sockets  # the post-feed-entries reaction's fan-out
        sockets.set_fanout(lambda tids, newest: _fanout(rt, tids, newest))
        sockets.set_closer(lambda tids: _close_revoked(rt, tids))
    else:
        from .push import sockets as no_sockets
        no_sockets.set_fanout(None)
        no_sockets.set_closer(None)
    if config.dead_letter_queue_url:
        rt.dead_letters = queue_depth(config.dead_letter_queue_url, config.dynamodb_endpoint)
    return rt


def _drain_webhooks(rt: Runtime) -> float | None:
    if _runtime is not None and _runtime is not rt:     # tests swapped runtimes: not ours
        return None
    from .webhooks.worker import drain
    return drain(rt)


def _drain_push(rt: Runtime) -> float | None:
    if _runtime is not None and _runtime is not rt:
        return None
    from .push.worker import drain
    return drain(rt)


def _fanout(rt: Runtime, tids: Any, newest: float | None) -> None:
    if _runtime is not None and _runtime is not rt:
        return
    from .application.feed_fanout import fanout
    fanout(rt.feed_sockets(advance=True), tids, newest)


def _close_revoked(rt: Runtime, tids: Any) -> None:
    if _runtime is not None and _runtime is not rt:
        return
    from .application.feed_sockets import close_revoked
    for tid in sorted(tids):
        close_revoked(rt.feed_sockets(), tid)


def queue_depth(url: str, endpoint: str | None) -> Callable[[], int | None]:
    """The projector's on-failure SQS queue's visible messages (AWS)."""
    def count() -> int | None:
        import boto3
        sqs = boto3.client("sqs", endpoint_url=endpoint)
        found = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=[
            "ApproximateNumberOfMessages"])["Attributes"]
        return int(found["ApproximateNumberOfMessages"])
    return count


_lock = threading.Lock()
_runtime: Runtime | None = None


def runtime() -> Runtime:
    global _runtime
    if _runtime is None:
        with _lock:
            if _runtime is None:
                _runtime = build_runtime(Config.from_env())
    return _runtime


def set_runtime(value: Runtime | None) -> None:
    """Tests swap in a runtime built on their own stores."""
    global _runtime
    _runtime = value
