"""Web Push over HTTP: the deployment's VAPID public key, and a player's subscriptions
(register, remove). Use cases: ``application/push.py``."""
from __future__ import annotations

from chalice import Blueprint
from pydantic import Field

from ..application import push
from ..runtime import runtime
from .bodies import Body
from .common import command_route
from .http import json_route

bp = Blueprint(__name__)


class SubscriptionKeys(Body):
    p256dh: str = Field(min_length=80, max_length=100,
                        description="the browser's P-256 public key, base64url")
    auth: str = Field(min_length=16, max_length=32,
                      description="the 16-byte authentication secret, base64url")


class SubscriptionBody(Body):
    endpoint: str = Field(min_length=12, max_length=1000, pattern=r"^https?://",
                          description="the push service URL of the subscription")
    keys: SubscriptionKeys
    expirationTime: int | None = Field(default=None, ge=0)  # noqa: N815 - the browser's name


def _subscribe(uow, actor, tid, pid, endpoint, keys):
    return push.subscribe(uow, actor, tid, pid, endpoint, keys.p256dh, keys.auth)


_subscribe.__name__ = "subscribe"
_subscribe.__doc__ = push.subscribe.__doc__

subscribe = command_route(bp, "/tournaments/{tid}/players/{pid}/push-subscriptions",
                          _subscribe, 201, SubscriptionBody, ("endpoint", "keys"))
unsubscribe = command_route(
    bp, "/tournaments/{tid}/players/{pid}/push-subscriptions/{sid}/remove", push.unsubscribe,
    200)


@json_route(bp, "/push/key", methods=["GET"])
def push_key():
    return push.public_key(runtime().config.data_dir)
