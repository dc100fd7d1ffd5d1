"""Links the API hands out (``Location`` headers). Handlers write them as routed, with
:func:`link` (``/v1/...``), and the HTTP edge (:func:`publish`) puts the public base path
the request came in under in front: API Gateway's default endpoint serves the app below
its stage (``/api/v1/...``), ``chalice local`` serves it at the root (``/v1/...``).
Replies stored for idempotent replays keep the routed form, so a replay is published for
the request that replays it."""
from __future__ import annotations

import re
from collections.abc import MutableMapping

API_ROOT = "/v1"
LINK_HEADERS = frozenset({"location", "content-location"})
_PREFIX = re.compile(r"(/[A-Za-z0-9._~-]+)*")


def link(path: str) -> str:
    """``link("/tournaments/t1")`` -> ``/v1/tournaments/t1`` (the routed form)."""
    if not path.startswith("/"):
        raise ValueError(f"a link path starts with '/': {path!r}")
    return API_ROOT + path


def public_prefix(request) -> str:
    """What precedes the routed path in the URL the client called: ``/<stage>`` on API
    Gateway's default endpoint, nothing locally. API Gateway's request context holds the
    full path (``/api/v1/health``) and the event the routed one (``/v1/health``)."""
    context = request.context or {}
    full = context.get("path") or ""
    routed = (request.to_original_event() or {}).get("path") or ""
    prefix = ""
    if routed and full.endswith(routed):
        prefix = full[:len(full) - len(routed)]
    elif context.get("stage") and full.startswith(f"/{context['stage']}{API_ROOT}/"):
        prefix = f"/{context['stage']}"
    prefix = prefix.rstrip("/")
    return prefix if _PREFIX.fullmatch(prefix) else ""


def publish(headers: MutableMapping[str, str | list[str]], prefix: str) -> None:
    """Prefix every routed link header with the public base path."""
    if not prefix:
        return
    for name in list(headers):
        value = headers[name]
        if name.lower() in LINK_HEADERS and isinstance(value, str) \
                and value.startswith(API_ROOT + "/"):
            headers[name] = prefix + value
