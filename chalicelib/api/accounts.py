"""Organizer and federation accounts (created by the admin) and who-am-I."""
from __future__ import annotations

import uuid

from chalice import Blueprint

from ..auth import authenticate, issue_token, request_token, require_role
from ..domain.accounts import ACCOUNT, CreateAccount
from ..runtime import runtime
from ..service import Reply
from .bodies import CreateAccountBody
from .common import execute
from .http import idempotency_from, json_route, parse_body, respond, with_secret

bp = Blueprint(__name__)


@json_route(bp, "/accounts", methods=["POST"])
def create_account():
    rt = runtime()
    request = bp.current_request
    principal = require_role(authenticate(request, rt), "admin")
    body = parse_body(request, CreateAccountBody)
    idem = idempotency_from(request, principal.id)
    account_id = ("o" if body.role == "organizer" else "f") + uuid.uuid4().hex[:12]
    api_key = request_token(rt, idem, "account")

    def work(uow):
        now = uow.now.isoformat()
        uow.decide(ACCOUNT, f"account-{account_id}",
                   CreateAccount(account_id, body.role, body.name, now))
        issue_token(uow, api_key, {"role": body.role, "id": account_id, "name": body.name})
        return Reply(201, {"account_id": account_id, "role": body.role, "name": body.name,
                           "created_at": now})

    return respond(with_secret(execute(work, principal, idem), "api_key", api_key))


@json_route(bp, "/me", methods=["GET"])
def whoami():
    return authenticate(bp.current_request, runtime()).public()
