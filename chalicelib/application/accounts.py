"""Organizer and federation accounts (created by the admin) and who-am-I."""
from __future__ import annotations

import uuid
from typing import Any

from ..auth import Principal, issue_token, require_role
from ..domain import streams
from ..domain.accounts import ACCOUNT, CreateAccount
from ..service import UnitOfWork


def create(uow: UnitOfWork, actor: Principal, role: str, name: str,
           api_key: str) -> dict[str, Any]:
    """The admin opens an organizer's or a federation's account, which acts with
    ``api_key`` (its hash is recorded; the caller shows the key once)."""
    require_role(actor, "admin")
    account_id = ("o" if role == "organizer" else "f") + uuid.uuid4().hex[:12]
    now = uow.now.isoformat()
    uow.decide(ACCOUNT, streams.account(account_id), CreateAccount(account_id, role, name, now))
    issue_token(uow, api_key, {"role": role, "id": account_id, "name": name})
    return {"account_id": account_id, "role": role, "name": name, "created_at": now}


def me(actor: Principal) -> dict[str, Any]:
    """Who the caller is."""
    return actor.public()
