"""Builds the stores, service and projector from configuration, once per process."""
from __future__ import annotations

import functools
import os
import threading
from dataclasses import dataclass

from .config import Config, local_secret
from .projections import all_projections
from .projections.damage import GuardedViews
from .projections.healing import HealingViews, ViewHealer
from .projections.projector import Projector
from .reactions.runner import Reactions
from .service import CommandService
from .store.ports import EventStore, StoreHealth, ViewStore


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

    @functools.cached_property
    def health(self) -> StoreHealth:
        """The store's health checks (``GET /v1/health``), built on first use."""
        if self.config.store == "dynamodb":
            from .store.dynamo_health import DynamoHealth
            return DynamoHealth.connect(self.config.dynamodb_endpoint, self.config.events_table,
                                        self.config.views_table, self.config.idempotency_table)
        from .store.sqlite_health import SqliteHealth
        return SqliteHealth(self.events, self.views)


def build_runtime(config: Config) -> Runtime:
    if config.store == "sqlite":
        from .store.sqlite_events import SqliteEventStore
        from .store.sqlite_views import SqliteViewStore
        events = SqliteEventStore(os.path.join(config.data_dir, "events.db"),
                                  config.sqlite_synchronous)
        views = SqliteViewStore(os.path.join(config.data_dir, "views.db"))
        admin_key = config.admin_key or local_secret(config.data_dir, "admin.key")
        token_secret = config.token_secret or local_secret(config.data_dir, "token.secret")
    elif config.store == "dynamodb":
        import boto3
        from botocore.config import Config as BotoConfig

        from .store.dynamo_events import DynamoEventStore
        from .store.dynamo_views import DynamoViewStore
        client = boto3.client("dynamodb", endpoint_url=config.dynamodb_endpoint,
                              config=BotoConfig(retries={"mode": "standard", "max_attempts": 8}))
        events = DynamoEventStore(client, config.events_table, config.idempotency_table)
        views = DynamoViewStore(client, config.views_table)
        admin_key = config.admin_key
        if not config.token_secret:
            raise RuntimeError("PODIUM_TOKEN_SECRET is required with the DynamoDB store")
        token_secret = config.token_secret
    else:
        raise RuntimeError(f"unknown PODIUM_STORE {config.store!r}")
    service = CommandService(events, check_purity=config.check_purity)
    # after-commit reactions (closing rounds, waking deliveries) run from the projector's
    # checkpoints: inline here after each append, or from the events table's stream
    projector = Projector(events, views, all_projections(), strict=config.check_purity,
                          reactor=Reactions(service))
    healer = None
    if config.store == "sqlite":
        # views.db is derived: missing, corrupt or from other projections -> rebuilt now
        healer = ViewHealer(events, views, projector, exclusive=views.rebuild_lock)
        healer.heal_at_start()
        views = HealingViews(views, healer)
    if config.projection == "inline":
        service.after_commit.append(projector.after_commit)
    # reads answer 503 view_damaged for documents of a stream whose projection failed
    views = GuardedViews(views)
    return Runtime(config, events, views, service, projector, admin_key, token_secret, healer)


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
