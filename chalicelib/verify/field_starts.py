"""Every pod's start of a table or mixed draft, as its roster formed them, made once per
verification (``Context.once``): the field's starters dealt once and each player's
product collated once, so checking every pod's opening grows with the field, not with
pods times players. Made at a placeholder time: each pod's check stamps its own event's
``at`` (``rederive.stamped``)."""
from __future__ import annotations

from typing import Any

from ..domain.mixed_draft.setup import mixed_draft_commands
from ..domain.table_draft.setup import table_draft_commands
from .context import Context

PLACEHOLDER = "1970-01-01T00:00:00Z"


def _pods(roster: Any) -> tuple[list[list[str]], list[str], dict[int, str]]:
    pods = [list(p) for p in roster.pods]
    return pods, sorted(p for pod in pods for p in pod), dict(enumerate(roster.first_seats,
                                                                        start=1))


def table_starts(ctx: Context, roster: Any, entered: Any) -> list[Any]:
    """Every ``StartTableDraft`` of the table draft's roster."""
    s = roster.settings
    pods, players, firsts = _pods(roster)
    return table_draft_commands(
        seed=ctx.seed or "", players=players, product=ctx.section("product"),
        draft={**ctx.section("draft"), "packs": s.get("packs")}, sets=ctx.sets,
        now=PLACEHOLDER, pick_seconds=s.get("pick_seconds"),
        review_seconds=s.get("review_seconds", 0), explicit_pods=pods, first_seats=firsts,
        entered=entered)[1]


def mixed_starts(ctx: Context, roster: Any, entered: Any) -> list[Any]:
    """Every ``StartMixedDraft`` of the mixed draft's roster."""
    s = roster.settings
    pods, players, firsts = _pods(roster)
    return mixed_draft_commands(
        seed=ctx.seed or "", players=players, product=ctx.section("product"),
        draft=ctx.section("draft"), sets=ctx.sets, now=PLACEHOLDER, pile_size=s["pile_size"],
        pick_seconds=s.get("pick_seconds"), review_seconds=s.get("review_seconds", 0),
        library_pick_seconds=s.get("library_pick_seconds"), explicit_pods=pods,
        first_seats=firsts, entered=entered)[1]
