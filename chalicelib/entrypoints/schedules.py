"""The scheduled jobs (every minute deployed; ``devserver/schedules.py`` locally): pick
timers that expired in running drafts are applied by the server's auto-pick, and due
webhook deliveries are attempted. Each calls one use case with the runtime's reads."""
from __future__ import annotations

from typing import Any


def _reads() -> Any:
    from ..application.reads import Reads
    from ..runtime import runtime
    rt = runtime()
    return Reads(rt.service, rt.views)


def sweep_drafts(event: Any = None) -> None:
    """Apply expired pick timers in every running booster draft."""
    from ..application import draft_pods
    draft_pods.sweep_running(_reads())


def sweep_limited_drafts(event: Any = None) -> None:
    """Apply expired pick timers in every running table and mixed draft."""
    from ..application import roster_drafts
    roster_drafts.sweep_running(_reads())


def deliver_webhooks(event: Any = None) -> Any:
    """Attempt every due webhook delivery (the worker drains the outbox)."""
    from ..runtime import runtime
    from ..webhooks.worker import run_scheduled
    return run_scheduled(runtime())


def deliver_push(event: Any = None) -> Any:
    """Attempt every due Web Push delivery, then send WebSocket subscribers anything a
    fan-out left behind (entries that settled after the projector's last batch)."""
    import os

    from ..application import feed_fanout
    from ..push.worker import run_scheduled
    from ..runtime import Runtime, runtime
    rt = runtime()
    result: dict[str, Any] = {"push": run_scheduled(rt)}
    if os.environ.get(Runtime.SOCKETS_TABLE) and os.environ.get(Runtime.SOCKETS_ENDPOINT):
        result["feeds_sent"] = feed_fanout.sweep(rt.feed_sockets(advance=True))
    return result
