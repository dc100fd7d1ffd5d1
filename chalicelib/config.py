"""Configuration from the environment (see README "Configuration")."""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    store: str = "sqlite"                  # sqlite | dynamodb | memory (tests: nothing kept)
    data_dir: str = ".data"
    admin_key: str | None = None
    token_secret: str | None = None
    events_table: str = "podium-events"
    views_table: str = "podium-views"
    idempotency_table: str = "podium-idempotency"
    dynamodb_endpoint: str | None = None
    projection: str = "inline"             # inline (after each append) | stream (DynamoDB Streams)
    sqlite_synchronous: str = "FULL"
    check_purity: bool = False             # tests: fail if an evolve mutates its input
    read_wait_seconds: float = 2.0         # a read after a write waits this long for views
    lag_alarm_seconds: float = 60.0        # health degrades past this projection lag
    dead_letter_queue_url: str | None = None   # the projector's on-failure queue (AWS)
    signing_key: str | None = None         # Ed25519 seed, base64 (else from the token secret)
    signing_keys_retired: str | None = None  # JSON list of the old public keys still listed

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        store = env.get("PODIUM_STORE", "sqlite")
        return cls(
            store=store,
            data_dir=env.get("PODIUM_DATA_DIR", ".data"),
            admin_key=env.get("PODIUM_ADMIN_KEY") or None,
            token_secret=env.get("PODIUM_TOKEN_SECRET") or None,
            events_table=env.get("PODIUM_EVENTS_TABLE", cls.events_table),
            views_table=env.get("PODIUM_VIEWS_TABLE", cls.views_table),
            idempotency_table=env.get("PODIUM_IDEMPOTENCY_TABLE", cls.idempotency_table),
            dynamodb_endpoint=env.get("PODIUM_DYNAMODB_ENDPOINT") or None,
            projection=env.get("PODIUM_PROJECTION",
                               "stream" if store == "dynamodb" else "inline"),
            sqlite_synchronous=env.get("PODIUM_SQLITE_SYNCHRONOUS", "FULL"),
            check_purity=env.get("PODIUM_CHECK_PURITY") == "1",
            dead_letter_queue_url=env.get("PODIUM_PROJECTOR_DLQ_URL") or None,
            read_wait_seconds=_seconds(env, "PODIUM_READ_WAIT_SECONDS", cls.read_wait_seconds, 30),
            lag_alarm_seconds=_seconds(env, "PODIUM_LAG_ALARM_SECONDS", cls.lag_alarm_seconds,
                                       86400),
            signing_key=env.get("PODIUM_SIGNING_KEY") or None,
            signing_keys_retired=env.get("PODIUM_SIGNING_KEYS_RETIRED") or None,
        )


def _seconds(env: dict[str, str], name: str, default: float, high: float) -> float:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise RuntimeError(f"{name} must be a number of seconds, not {raw!r}") from None
    if not 0 <= value <= high:
        raise RuntimeError(f"{name} must be 0..{high:g} seconds")
    return value


def local_secret(data_dir: str, name: str) -> str:
    """A secret kept in the data dir (created once), for local runs without configuration."""
    path = os.path.join(data_dir, name)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            return handle.read().strip()
    os.makedirs(data_dir, mode=0o700, exist_ok=True)
    if name == "admin.key":
        value = "pdm_admin_" + secrets.token_urlsafe(24)
    else:
        value = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(value)
    return value
