"""Web Push subscriptions: a player registers their browser's or app's subscription
(``PushSubscription.toJSON()``: endpoint and keys) and then receives their private feed
while the app is closed; the deployment's VAPID public key is what browsers subscribe
with. Delivery: ``chalicelib/push/worker.py`` (never inside a command)."""
from __future__ import annotations

from typing import Any

from ..auth import Principal, require_player
from ..domain.errors import Invalid
from ..domain.push import PUSH_SUBSCRIPTIONS, Subscribe, Unsubscribe
from ..push import vapid
from ..push.endpoints import endpoint_problem
from ..service import UnitOfWork
from . import tournament


def public_key(data_dir: str) -> dict[str, Any]:
    return {"public_key": vapid.public_key(data_dir), "content_encoding": "aes128gcm"}


def subscribe(uow: UnitOfWork, actor: Principal, tid: str, pid: str, endpoint: str,
              p256dh: str, auth: str) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_player(actor, t, tournament.registered(t, pid).id)
    problem = endpoint_problem(endpoint)
    if problem:
        raise Invalid(problem, {"field": "endpoint"}, code="invalid_subscription")
    state = uow.load(PUSH_SUBSCRIPTIONS, (tid, pid))
    existing = next((sid for sid, s in state.active.items() if s["endpoint"] == endpoint),
                    None)
    sid = existing or vapid.new_subscription_id()
    uow.decide(PUSH_SUBSCRIPTIONS, (tid, pid), Subscribe(sid, endpoint, p256dh, auth,
                                                     uow.now.isoformat()))
    return {"tournament_id": tid, "player_id": pid, "subscription_id": sid,
            "endpoint": endpoint}


def unsubscribe(uow: UnitOfWork, actor: Principal, tid: str, pid: str,
                sid: str) -> dict[str, Any]:
    t = tournament.load(uow, tid)
    require_player(actor, t, tournament.registered(t, pid).id)
    uow.decide(PUSH_SUBSCRIPTIONS, (tid, pid),
               Unsubscribe(sid, "player", uow.now.isoformat()))
    return {"tournament_id": tid, "player_id": pid, "subscription_id": sid,
            "removed": True}
