"""Organizer and federation accounts (created by the admin) and who-am-I."""
from __future__ import annotations

import uuid
from typing import Any

from ..auth import Principal, require_role
from ..domain.accounts import ACCOUNT, CreateAccount
from ..service import UnitOfWork
from . import staff_keys


def create(uow: UnitOfWork, actor: Principal, role: str, name: str,
           expires_in: int | None, api_key: str) -> dict[str, Any]:
    """The admin opens an organizer's or a federation's account, which acts with
    ``api_key`` (its hash is recorded, with its key in ``keys-<account>``, expiring after
    ``expires_in`` seconds if given; the caller shows the key once)."""
    require_role(actor, "admin")
    account_id = ("o" if role == "organizer" else "f") + uuid.uuid4().hex[:12]
    now = uow.now.isoformat()
    uow.decide(ACCOUNT, account_id, CreateAccount(account_id, role, name, now))
    key = staff_keys.issue(uow, actor, api_key, {"role": role, "id": account_id,
                                                 "name": name}, expires_in)
    return {"account_id": account_id, "role": role, "name": name, "created_at": now, **key}


def me(actor: Principal) -> dict[str, Any]:
    """Who the caller is."""
    return actor.public()
