"""A tournament's audit log: public once it is finished, staff-only before (the use case
is ``application/audit.py``; ``python -m chalicelib.verify`` checks it offline), and the
deployment's public keys that sign its manifest."""
from __future__ import annotations

from chalice import Blueprint

from ..application import audit
from ..auth import optional_principal
from ..auth.signing import Signer, signer
from ..runtime import runtime
from .common import reads
from .http import cursor_param, json_route, next_cursor, query_int

bp = Blueprint(__name__)


def _signer() -> Signer:
    rt = runtime()
    return signer(rt.token_secret, rt.config.signing_key, rt.config.signing_keys_retired)


@json_route(bp, "/tournaments/{tid}/audit", methods=["GET"])
def audit_log(tid):
    request = bp.current_request
    principal = optional_principal(request, runtime())
    page = audit.audit_log(reads(), principal, tid, cursor_param(request),
                           query_int(request, "limit", 500, 1, 5000), _signer(),
                           runtime().token_secret)
    return {**page, "next": next_cursor(page["next"])}


@json_route(bp, "/tournaments/{tid}/audit/private", methods=["GET"])
def audit_private_part(tid):
    request = bp.current_request
    principal = optional_principal(request, runtime())
    page = audit.private_part(reads(), principal, tid, cursor_param(request),
                              query_int(request, "limit", 500, 1, 5000),
                              runtime().token_secret)
    return {**page, "next": next_cursor(page["next"])}


@json_route(bp, "/.well-known/podium-keys", methods=["GET"])
def podium_keys():
    return audit.public_keys(_signer())
