"""Helpers every blueprint shares beyond the transport (``http.py``): the caller, running
a unit of work (or one use case) for them, reading states and views, path numbers,
settings as plain JSON, the "is the tournament running" check and late arrivals' "is
that an active player" check."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chalice import Response

from ..application.reads import Reads
from ..auth import Principal, authenticate, request_token, reveal_token
from ..auth.credentials import check_current
from ..runtime import runtime
from ..service import IdempotencyRequest, Reply
from .http import ApiError, idempotency_from, json_route, parse_body, respond, with_secret
from .links import link

if TYPE_CHECKING:
    pass

# the tournament use cases' helpers the blueprints use, loaded on first use (cold start:
# ``application.tournament`` imports the tournament aggregate and every settings profile)
_FROM_TOURNAMENT = ("active_player", "checked_tid", "require_running")


def __getattr__(name: str) -> Any:
    if name in _FROM_TOURNAMENT:
        from ..application import tournament
        return getattr(tournament, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

PATH_NUMBER = re.compile(r"[1-9][0-9]{0,3}")
PATH_PARAM = re.compile(r"\{(\w+)\}")
POD = {"n": "pod"}          # command_route: a path `n` that numbers a pod


def execute(work: Callable, principal: Principal | None,
            idempotency: IdempotencyRequest | None) -> Reply:
    """Run ``work`` through the command service, recording the caller as the actor; the
    caller's credential is checked again inside the unit of work (``auth.credentials``)."""
    def checked(uow):
        check_current(uow, principal)
        return work(uow)
    return runtime().service.run(checked, idempotency=idempotency,
                                 meta={"actor": principal.ref() if principal else None})


def run_command(request, work: Callable, principal: Principal | None) -> Response:
    """A command route's usual ending: the request's Idempotency-Key (scoped to the
    caller), :func:`execute`, and the reply as the response."""
    idem = idempotency_from(request, principal.id if principal else None)
    return respond(execute(work, principal, idem))


def run_revealing(request, work: Callable, principal: Principal,
                  reveal: Callable[[Reply], dict[str, str]]) -> Response:
    """:func:`run_command` for a reply that shows what the command issued (a token, a
    secret) once: ``reveal(reply)`` gives those fields after the commit, so the stored
    idempotent reply never holds them."""
    reply = execute(work, principal, idempotency_from(request, principal.id))
    for field, value in reveal(reply).items():
        reply = with_secret(reply, field, value)
    return respond(reply)


def caller(request, dropped_ok: bool = False) -> Principal:
    """The request's authenticated caller (401 without a known bearer token; a dropped
    player's token only reads unless ``dropped_ok``, see ``auth.authenticate``)."""
    return authenticate(request, runtime(), dropped_ok=dropped_ok)


def issuing(request, principal: Principal | None, status: int, purpose: str, field: str,
            use_case: Callable[..., Any], *args: Any, **kwargs: Any) -> Response:
    """A command that hands out a token: ``use_case(uow, principal, *args, token,
    **kwargs)`` records its hash, and the reply shows the token in ``field`` once (a
    replay only to the caller whose key it is: ``auth.reveal_token``)."""
    rt = runtime()
    idem = idempotency_from(request, principal.id if principal else None)
    token = request_token(rt, idem, purpose)
    reply = execute(lambda uow: Reply(status, use_case(uow, principal, *args, token, **kwargs)),
                    principal, idem)
    return respond(reveal_token(reply, field, token, idem))


def client_address(request) -> str | None:
    """The caller's network address as API Gateway (or the local server) saw it."""
    identity = (request.context or {}).get("identity") or {}
    return identity.get("sourceIp") or None


Status = int | Callable[[Any], int]


@dataclass(frozen=True)
class ReplyShape:
    """How a command route answers with its use case's result: ``status`` (or
    ``status(result)``), the document (``document(result)``, default the result as is),
    ``headers``, and ``location``: the path of what the command made, a template filled
    from the path's parameters and the document's fields
    (``"/tournaments/{tid}/penalties/{penalty_id}"``), sent as the Location header."""

    status: Status
    params: dict[str, str]
    headers: dict[str, str] | None = None
    location: str | None = None
    document: Callable[[Any], Any] | None = None

    def reply(self, result: Any) -> Reply:
        doc = self.document(result) if self.document is not None else result
        sent = dict(self.headers or {})
        if self.location is not None:
            sent["Location"] = link(self.location.format_map({**doc, **self.params}))
        status = self.status(result) if callable(self.status) else self.status
        return Reply(status, doc, sent)

    def of(self, use_case: Callable[..., Any], principal: Principal,
           args: tuple[Any, ...]) -> Callable[[Any], Reply]:
        """The unit of work's run: ``use_case(uow, principal, *args)``, shaped."""
        return lambda uow: self.reply(use_case(uow, principal, *args))


def command(request, principal: Principal, status: Status, use_case: Callable[..., Any],
            *args: Any, headers: dict[str, str] | None = None, location: str | None = None,
            document: Callable[[Any], Any] | None = None,
            reveal: Callable[[Reply], dict[str, str]] | None = None) -> Response:
    """The request as one use case's command: ``use_case(uow, principal, *args)`` run
    by :func:`run_command` (by :func:`run_revealing` with ``reveal``), its result replied
    as :class:`ReplyShape` says (``status``, ``headers``, ``location``, ``document``)."""
    shape = ReplyShape(status, dict(request.uri_params or {}), headers, location, document)
    if reveal is not None:
        return run_revealing(request, shape.of(use_case, principal, args), principal, reveal)
    return run_command(request, shape.of(use_case, principal, args), principal)


def command_route(bp, path: str, use_case: Callable[..., Any], status: Status = 200,
                  body: type | None = None, fields: tuple[str, ...] = (),
                  allow_empty: bool = False, numbers: dict[str, str] | None = None,
                  location: str | None = None, document: Callable[[Any], Any] | None = None
                  ) -> Callable[..., Response]:
    """Declare ``POST path`` as one command: the authenticated caller, then the path's
    parameters in order (those named in ``numbers`` read as 1-based numbers of that kind,
    e.g. ``{"n": "pod"}``), then the ``fields`` of the ``body`` model, are passed to
    ``use_case(uow, caller, ...)``, whose document is the reply with ``status``
    (``location``, ``document``: see :func:`command`). Assign the result to a
    module-level name (the route table finds views there)."""
    params = PATH_PARAM.findall(path)
    numbered = numbers or {}

    def view(**given: str) -> Response:
        request = bp.current_request
        principal = caller(request)
        args: list[Any] = [path_number(given[p], numbered[p]) if p in numbered
                           else given[p] for p in params]
        if body is not None:
            parsed: Any = parse_body(request, body, allow_empty=allow_empty)
            args += [getattr(parsed, name) for name in fields]
        return command(request, principal, status, use_case, *args, location=location,
                       document=document)

    view.__name__ = view.__qualname__ = use_case.__name__
    view.__doc__ = use_case.__doc__
    view.request_body = None if body is None else (body, allow_empty)  # type: ignore[attr-defined]  # tools/openapi_bodies
    view.__module__ = bp._import_name         # noqa: SLF001 - the blueprint's module
    return json_route(bp, path, methods=["POST"])(view)


def plain(value: Any) -> Any:
    """Read-only mappings (the tournament's settings) and tuples as plain JSON."""
    if hasattr(value, "items"):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def reads() -> Reads:
    """The runtime's reads, for the use cases' queries."""
    rt = runtime()
    return Reads(rt.service, rt.views)


def load_tournament(source: Any, tid: str, guard: bool = True) -> Any:
    """The tournament's state (404 if none) from a unit of work (``guard``: see
    ``application.tournament.load``) or, in a GET, from the runtime."""
    from ..application import tournament
    if hasattr(source, "load"):
        return tournament.load(source, tid, guard=guard)
    return tournament.load(Reads(source.service, source.views), tid)


def path_number(raw: str, what: str) -> int:
    """A 1-based number from the path (a round, table or pod): 1..9999, else 404."""
    if not PATH_NUMBER.fullmatch(raw):
        raise ApiError(404, "not_found", f"no {what} {raw!r}")   # no such resource path
    return int(raw)


def start_with_entries(request, principal: Principal, tid: str, consumer: str, bulk: Any,
                       start: Callable[..., Any], location: str,
                       document: Callable[[Any], Any] | None = None) -> Response:
    """A limited format's start route: ``start(uow, entered)`` (``entered``: the product
    entered per player when the body brings no ``bulk`` product, else None; the lock,
    rehearsal and unlock are ``application/handout.py``'s) with the request's
    Idempotency-Key; its document is replied with 201, ``location`` and ``document`` (as
    in :func:`command`)."""
    from ..application import handout
    shape = ReplyShape(201, dict(request.uri_params or {}), location=location,
                       document=document)
    return respond(handout.run_start(
        reads(), principal, tid, consumer, bulk,
        lambda uow, entered: shape.reply(start(uow, entered)),
        idempotency_from(request, principal.id)))
