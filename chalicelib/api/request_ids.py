"""The id of each request, returned as ``X-Request-Id``, logged on every line and put in
every error body: a well-formed ``X-Request-Id`` the client sent (so it can correlate),
else API Gateway's request id, else a fresh one (``chalice local``). A malformed client
id is not an error: it is ignored, and the reply carries the id actually used."""
from __future__ import annotations

import re
import uuid

HEADER = "X-Request-Id"
CLIENT_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")


def gateway_request_id(request) -> str | None:
    value = (request.context or {}).get("requestId")
    return value if isinstance(value, str) and CLIENT_ID.fullmatch(value) else None


def request_id(request) -> str:
    sent = request.headers.get(HEADER.lower())
    if sent is not None and CLIENT_ID.fullmatch(sent):
        return sent
    return gateway_request_id(request) or uuid.uuid4().hex
