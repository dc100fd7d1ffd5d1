"""Running the domain's own pure decider again and comparing with what was recorded."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..domain.errors import DomainError
from ..domain.events import Event
from .findings import Difference, Finding, Recorded, compare


def decided(event: Recorded, decide: Callable[[], list[Event]],
            fields: list[str] | None) -> list[Finding]:
    """Compare ``fields`` of the event of ``event.type`` that ``decide()`` emits with the
    recorded one; a refusal or a missing event is itself a difference."""
    try:
        derived = decide()
    except DomainError as exc:
        return [Difference(event, "(command)", "recorded", f"the rules refuse it: {exc}")]
    same = [d for d in derived if d.type == event.type]
    if not same:
        return [Difference(event, "(type)", event.type, [d.type for d in derived])]
    return list(compare(event, same[0].data, fields))


def decided_with_followers(ctx, event: Recorded, decide: Callable[[], list[Event]],
                           ignore: tuple[str, ...] = ("at",)) -> list[Finding]:
    """Like :func:`decided` for a command whose events follow each other in the stream
    (a final result and the cut advance it causes): each derived event is compared with
    the recorded event at its place, which is then marked as checked."""
    try:
        derived = decide()
    except DomainError as exc:
        return [Difference(event, "(command)", "recorded", f"the rules refuse it: {exc}")]
    recorded = [event, *ctx.following[:len(derived) - 1]]
    out: list[Finding] = []
    for i, d in enumerate(derived):
        if i >= len(recorded) or recorded[i].type != d.type:
            where = recorded[i] if i < len(recorded) else event
            out.append(Difference(where, "(type)", where.type if i < len(recorded)
                                  else "(nothing)", d.type))
            break
        out += compare(recorded[i], d.data, [k for k in d.data if k not in ignore])
        ctx.covered.add((recorded[i].stream, recorded[i].version))
    return out


def covered(ctx, event: Recorded, by: str) -> list[Finding]:
    """An event re-derived together with the one before it (by its check)."""
    if (event.stream, event.version) in ctx.covered:
        return []
    return [Difference(event, "(event)", event.type, f"no {by} before it emits it")]


def stamped(command: Any, now: Any) -> Any:
    """``command`` (a pydantic model made once for every pod) as made at ``now``: each
    pod's start runs from its own event's ``at``, validated as if made with it."""
    return type(command).model_validate({**dict(command), "now": now})


def guarded(event: Recorded, work: Callable[[], list[Finding]]) -> list[Finding]:
    """A re-derivation that cannot run on the recorded facts (a tampered field makes the
    domain fail) is a difference naming the error, never a crash."""
    try:
        return work()
    except DomainError as exc:
        return [Difference(event, "(facts)", "recorded", f"the rules refuse them: {exc}")]
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        return [Difference(event, "(facts)", "recorded",
                           f"cannot be re-derived from them: {type(exc).__name__}: {exc}")]

