"""Organizer and federation accounts (created by the admin) and who-am-I; the use cases
are in ``application/accounts.py``."""
from __future__ import annotations

from chalice import Blueprint

from ..application import accounts, staff_keys
from ..runtime import runtime
from .bodies import CreateAccountBody, KeyBody
from .common import caller, command, issuing, reads
from .http import json_route, parse_body

bp = Blueprint(__name__)


@json_route(bp, "/accounts", methods=["POST"])
def create_account():
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, CreateAccountBody)
    return issuing(request, principal, 201, "account", "api_key", accounts.create,
                   body.role, body.name, body.expires_in_seconds)


@json_route(bp, "/accounts/{aid}/keys", methods=["GET"])
def account_keys(aid):
    """The account's keys (the admin, or the account itself)."""
    return staff_keys.account_keys(reads(), caller(bp.current_request), aid,
                                   runtime().service.clock().isoformat())


@json_route(bp, "/accounts/{aid}/keys", methods=["POST"])
def rotate_account_key(aid):
    """A new key, every active key of the account revoked (a lost or leaked key)."""
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, KeyBody, allow_empty=True)
    return issuing(request, principal, 201, "account-key", "api_key",
                   staff_keys.rotate_account_key, aid, body.expires_in_seconds)


@json_route(bp, "/accounts/{aid}/keys/{kid}", methods=["DELETE"])
def revoke_account_key(aid, kid):
    request = bp.current_request
    return command(request, caller(request), 200, staff_keys.revoke_account_key, aid, kid)


@json_route(bp, "/me", methods=["GET"])
def whoami():
    return accounts.me(caller(bp.current_request))
