"""Decks only from the player's pool: every card of a registered deck is one the player
received (the booster, table or mixed draft's picks and starters, the sealed pool after a
swap, what the trading pod left, a late arrival's product, or the pool the staff
recorded), no more copies than received, and the pool's size the one recorded."""
from __future__ import annotations

from ..domain import streams
from ..domain.decks import pools
from ..domain.decks.decklist import Decklist
from ..domain.decks.limits import Limits
from ..domain.decks.state import DecksState
from ..domain.decks.validate import validate_deck
from ..domain.draft.aggregate import DRAFT, POD
from ..domain.mixed_draft import MIXED_DRAFT
from ..domain.mixed_draft.pools import final_pool as mixed_pool
from ..domain.sealed import SEALED
from ..domain.table_draft import TABLE_DRAFT
from ..domain.table_draft.aggregate import MIXED_DRAFT_ROSTER, TABLE_DRAFT_ROSTER
from ..domain.table_draft.pools import final_pool as table_pool
from ..domain.trade import TRADE_POD
from ..domain.trade.aggregate import TRADE_PREP
from .context import Context
from .findings import Difference, Finding, NotChecked, Recorded, differences
from .rederive import guarded

OWNERSHIP = ("not_in_pool", "exceeds_pool")


def pool_of(ctx: Context, decks: DecksState, pid: str) -> list[str] | None:
    """The player's pool as the log's product, draft and trade streams leave it."""
    tid, log = ctx.log.tournament_id, ctx.log.streams
    recorded = decks.pools.get(pid)
    if recorded is not None:
        return list(recorded.get("cards") or [])
    if streams.trade(tid) in log:
        n = ctx.final_state(TRADE_PREP, streams.trade(tid)).pod_of(pid)
        if n is not None:
            return pools.traded_pool(ctx.final_state(TRADE_POD, streams.trade_pod(tid, n)),
                                     pid)
    if streams.draft(tid) in log:
        draft = ctx.final_state(DRAFT, streams.draft(tid))
        n = draft.pod_of.get(pid)
        if pid in draft.late or n is not None:
            pod = ctx.final_state(POD, streams.draft_pod(tid, n)) if n is not None else None
            return pools.booster_draft_pool(draft, pod, pid)
    for roster_decider, pod_stream, decider, final in (
            (TABLE_DRAFT_ROSTER, streams.table_draft_pod, TABLE_DRAFT, table_pool),
            (MIXED_DRAFT_ROSTER, streams.mixed_draft_pod, MIXED_DRAFT, mixed_pool)):
        if roster_decider.stream(tid) in log:
            roster = ctx.final_state(roster_decider, roster_decider.stream(tid))
            n = roster.pod_of(pid)
            if n is not None or pid in roster.late:
                pod = ctx.final_state(decider, pod_stream(tid, n)) if n is not None else None
                return final(roster, pod, pid)
    if streams.sealed(tid) in log:
        return pools.sealed_pool(ctx.final_state(SEALED, streams.sealed(tid)), pid)
    return None


def registered(ctx: Context, state: DecksState, event: Recorded) -> list[Finding]:
    d = event.data
    if not isinstance(d.get("deck"), dict):
        return []               # withheld (unpublished): its commitment stands for it

    def work() -> list[Finding]:
        pool = pool_of(ctx, state, d["player"])
        if pool is None:
            return [NotChecked(event, "no pool of this player in the log (product the "
                                      "staff handed out without recording it)")]
        kinds = {card.id: card.kind for s in ctx.sets.values() for card in s.cards} or None
        violations = validate_deck(Decklist.model_validate(d["deck"]),
                                   settings=state.deck_settings,
                                   limits=Limits(**d["limits"]), pool=pool,
                                   kinds=kinds)
        out: list[Finding] = [
            Difference(event, f"deck ({v['card']})", f"{v['count']} used",
                       f"{v['limit']} in the player's pool") for v in violations
            if v.get("code") in OWNERSHIP]
        return out + differences(event, "pool_size", d.get("pool_size"), len(pool))
    return guarded(event, work)
