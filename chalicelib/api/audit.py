"""A tournament's audit log: public once it is finished, staff-only before (the use case
is ``application/audit.py``; ``python -m chalicelib.verify`` checks it offline)."""
from __future__ import annotations

from chalice import Blueprint

from ..application import audit
from ..auth import optional_principal
from ..runtime import runtime
from .common import reads
from .http import cursor_param, json_route, next_cursor, query_int

bp = Blueprint(__name__)


@json_route(bp, "/tournaments/{tid}/audit", methods=["GET"])
def audit_log(tid):
    request = bp.current_request
    principal = optional_principal(request, runtime())
    page = audit.audit_log(reads(), principal, tid, cursor_param(request),
                           query_int(request, "limit", 500, 1, 5000))
    return {**page, "next": next_cursor(page["next"])}
