"""Organizer and federation accounts (created by the admin) and who-am-I; the use cases
are in ``application/accounts.py``."""
from __future__ import annotations

from chalice import Blueprint

from ..application import accounts
from ..auth import request_token
from ..runtime import runtime
from ..service import Reply
from .bodies import CreateAccountBody
from .common import caller, execute
from .http import idempotency_from, json_route, parse_body, respond, with_secret

bp = Blueprint(__name__)


@json_route(bp, "/accounts", methods=["POST"])
def create_account():
    rt, request = runtime(), bp.current_request
    principal = caller(request)
    body = parse_body(request, CreateAccountBody)
    idem = idempotency_from(request, principal.id)
    api_key = request_token(rt, idem, "account")
    reply = execute(lambda uow: Reply(201, accounts.create(
        uow, principal, body.role, body.name, api_key)), principal, idem)
    return respond(with_secret(reply, "api_key", api_key))


@json_route(bp, "/me", methods=["GET"])
def whoami():
    return accounts.me(caller(bp.current_request))
