"""The process environment of the local deployed shape: the DynamoDB store on the local
endpoint with stream projection, and (as in the default mode) the admin key and token
secret generated once into the data dir unless given."""
from __future__ import annotations

import os
from collections.abc import MutableMapping

from chalicelib.config import Config, local_secret

from .files import read_json

# moto and DynamoDB Local accept any credentials; real ones, when set, are kept
LOCAL_AWS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
             "AWS_DEFAULT_REGION": "us-east-1", "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled"}
INFO = "devserver.json"      # where the running server's endpoint is, for replay-dlq


def configure(data_dir: str, endpoint_url: str,
              env: MutableMapping[str, str] = os.environ) -> Config:
    for key, value in LOCAL_AWS.items():
        env.setdefault(key, value)
    env.update(PODIUM_STORE="dynamodb", PODIUM_PROJECTION="stream", PODIUM_DATA_DIR=data_dir,
               PODIUM_DYNAMODB_ENDPOINT=endpoint_url)
    env["PODIUM_TOKEN_SECRET"] = (env.get("PODIUM_TOKEN_SECRET")
                                  or local_secret(data_dir, "token.secret"))
    env["PODIUM_ADMIN_KEY"] = env.get("PODIUM_ADMIN_KEY") or local_secret(data_dir, "admin.key")
    return Config.from_env(env)


def configure_sqlite(data_dir: str, env: MutableMapping[str, str] = os.environ) -> Config:
    """The embedded store, as ``scripts/serve.sh`` starts it."""
    env.update(PODIUM_STORE="sqlite", PODIUM_DATA_DIR=data_dir)
    env.pop("PODIUM_PROJECTION", None)
    env["PODIUM_ADMIN_KEY"] = env.get("PODIUM_ADMIN_KEY") or local_secret(data_dir, "admin.key")
    return Config.from_env(env)


def info_path(data_dir: str) -> str:
    return os.path.join(data_dir, INFO)


def saved_endpoint(data_dir: str) -> str | None:
    """The endpoint the last server on this data dir used."""
    return read_json(info_path(data_dir), {}).get("endpoint")
