"""Organizer and federation accounts (created by the admin) and who-am-I; the use cases
are in ``application/accounts.py``."""
from __future__ import annotations

from chalice import Blueprint

from ..application import accounts
from .bodies import CreateAccountBody
from .common import caller, issuing
from .http import json_route, parse_body

bp = Blueprint(__name__)


@json_route(bp, "/accounts", methods=["POST"])
def create_account():
    request, principal = bp.current_request, caller(bp.current_request)
    body = parse_body(request, CreateAccountBody)
    return issuing(request, principal, 201, "account", "api_key", accounts.create,
                   body.role, body.name)


@json_route(bp, "/me", methods=["GET"])
def whoami():
    return accounts.me(caller(bp.current_request))
