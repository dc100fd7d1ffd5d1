"""Table (7.7) and mixed (7.8) drafts after their start, replacement packs (7.2.5) and late
arrivals' product (7.2.6): each re-derived by the domain's own functions on the state
before the event.

- a table draft's packs, re-collated from the seed and the roster as formed;
- every set laid on a table (the first, each next one, one laid again after a
  replacement) and every library round's piles, from the packs and piles as recorded;
- every pick: a player's own must be on the table (the oldest copy) or in the pile in
  front of them; a timed-out one is the oldest card on the table (7.7) or the seed's card
  of the pile (7.5.3), at its deadline; one a judge took for an absent player the same;
- a replacement the seed drew (``drawn``), in every draft: its cards, and in table and
  mixed drafts the set laid again and the crypt and piles split and cut again; one the
  judge gave is re-run with its cards (its cards themselves cannot be re-derived);
- a late arrival's product, collated for them alone from the seed."""
from __future__ import annotations

from typing import Any

from ..domain import streams
from ..domain.draft.aggregate import POD
from ..domain.draft.commands import ReplacePack as ReplaceBoosterPack
from ..domain.mixed_draft import MIXED_DRAFT, MixedDraftState
from ..domain.mixed_draft.commands import LibraryPick, ReplaceProduct, TakePickFor
from ..domain.mixed_draft.decide import next_expiry, next_round
from ..domain.product.allocation import allocate_one, pool_of
from ..domain.product.replacement import kinds_in
from ..domain.table_draft import TABLE_DRAFT, Pick, PickFor, ReplacePack
from ..domain.table_draft.aggregate import TABLE_DRAFT_ROSTER
from ..domain.table_draft.decide import expire_next, laid_next, take
from ..domain.table_draft.state import TableDraftState
from .context import Context
from .field_starts import table_starts
from .findings import Difference, Finding, NotChecked, Recorded, differences
from .product_source import product_of
from .rederive import decided, decided_with_followers, guarded, stamped

GIVEN = ("the judge gave the replacement's cards (7.2.5): they come from the judge's "
         "product, not from the seed; the rest of the event is re-derived from them")
UNNOTED = ("recorded before Podium noted whether the seed drew the replacement's cards "
           "or the judge gave them")


def _uncollated(ctx: Context, event: Recorded, chosen: bool = False) -> list[Finding]:
    """Why the product of ``event`` is not re-collated ([] when it is collated from the
    seed out of card sets the log carries)."""
    if chosen:
        return [NotChecked(event, "the packs were chosen by the organizer, not drawn")]
    product = product_of(ctx)
    if product.source != "collated":
        return [NotChecked(event, f"the product is {product.source} by the staff, not "
                                  "collated from the seed")]
    missing = sorted(({b.set for b in product.boosters} | {s.set for s in product.starters})
                     - set(ctx.sets))
    if missing:
        return [NotChecked(event, f"the audit log lacks the card sets {missing}")]
    return []


def _crypt(state: Any) -> TableDraftState:
    """The table of a table draft pod, or of a mixed draft pod's crypt phase."""
    return state.crypt if isinstance(state, MixedDraftState) else state


# -- table draft ---------------------------------------------------------------------------

def table_draft_started(ctx: Context, state: TableDraftState, event: Recorded) -> list[Finding]:
    """A table draft pod's packs: each player's boosters collated from the seed, crypt on
    top (7.7.1), the pod, first seat and timers as the roster formed them, and the
    starters its players keep, dealt from the seed (unless the roster recorded them)."""
    tid = ctx.log.tournament_id
    roster_events = ctx.log.streams.get(streams.table_draft(tid)) or []
    formed = roster_events[0].data if roster_events else {}
    # packs the organizer chose, recorded by a roster whose pods open after it: the pod
    # must hold those (not drawn from the seed, so checked against the roster only)
    entered = formed.get("packs")
    skip = [] if entered is not None else \
        _uncollated(ctx, event, "packs" in (formed.get("chosen_by_organizer") or []))
    if skip:
        return skip

    def work() -> list[Finding]:
        at = event.data["at"]
        roster = ctx.final_state(TABLE_DRAFT_ROSTER, streams.table_draft(tid))
        starts = ctx.once(("table-draft-starts",), lambda: table_starts(ctx, roster, entered))
        number = streams.pod_number_of(event.stream) or 0
        start = stamped(starts[number - 1], at)
        if roster.starters is not None:     # recorded by the roster (version 1), not the pod
            start = start.model_copy(update={"starters": None})
        out = decided(event, lambda: TABLE_DRAFT.decide(start, state), None)
        if start.starters is None and event.data.get("starters") is not None:
            out.append(Difference(event, "starters", event.data["starters"], None))
        if entered is not None:
            out.append(NotChecked(event, "the packs were chosen by the organizer, not drawn: "
                                         "checked against the ones the roster recorded"))
        return out
    return guarded(event, work)


def set_revealed(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """The set laid on the table: the next one (after the start or a set's last pick),
    or the same one again after its pack was replaced, from the packs as they are; its
    review time and deadline run from the event that laid it (the one before)."""
    if (event.stream, event.version) in ctx.covered:
        return []
    previous = ctx.previous
    if previous is None:
        return [Difference(event, "(event)", event.type, "a start, pick or replacement "
                                                         "before it")]
    relaid = previous.type == "TablePackReplaced"
    return guarded(event, lambda: decided(
        event, lambda: [laid_next(_crypt(state), previous.data["at"], relaid)], None))


def table_pick(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """A card taken from the table: the player's own must be on it (the oldest copy);
    a timed-out pick is the oldest card on the table at the pick's deadline (7.7), as is
    one a judge took for an absent player."""
    d = event.data
    crypt = _crypt(state)

    def derive() -> list:
        if not d.get("auto"):
            return take(Pick(player=d["player"], card=d["card"], now=d["at"]), crypt)
        if d.get("by"):
            return TABLE_DRAFT.decide(PickFor(player=d["player"], by=d["by"], now=d["at"]),
                                      crypt)
        return expire_next(crypt)
    return guarded(event, lambda: decided(event, derive, None))


def table_pack_replaced(ctx: Context, state: TableDraftState,
                        event: Recorded) -> list[Finding]:
    """7.2.5 in a table draft: a pack the seed drew is collated again; the set laid again
    after it is checked with the reveal."""
    d = event.data
    drawn, skip = _drawn(ctx, event)
    if drawn and skip:
        return skip
    meta = _meta(state.pack_meta, d["seat"], d["pack"])
    cards = None if drawn else list(d["cards"])
    command = ReplacePack(seat=d["seat"], pack=d["pack"], cards=cards,
                          kinds=kinds_in(ctx.sets, cards or []), reason=d.get("reason") or "",
                          by=d["by"], expected=meta.get("size"), seed=ctx.seed,
                          sets=ctx.sets, now=d["at"])
    return skip + guarded(event, lambda: decided(
        event, lambda: TABLE_DRAFT.decide(command, state), _but_unnoted(event)))


def _drawn(ctx: Context, event: Recorded) -> tuple[bool, list[Finding]]:
    """Whether the seed drew a replacement's cards, and why what it cannot re-derive is
    not checked: the judge's cards, or a replacement recorded before Podium noted which
    (re-run with its recorded cards, as if the judge gave them)."""
    drawn = event.data.get("drawn")
    if drawn is None:
        return False, [NotChecked(event, UNNOTED)]
    return drawn, (_uncollated(ctx, event) if drawn else [NotChecked(event, GIVEN)])


def _but_unnoted(event: Recorded) -> list[str] | None:
    """The fields to compare: all but ``drawn`` when the log does not note it."""
    if event.data.get("drawn") is not None:
        return None
    return [k for k in event.data if k != "drawn"]


def _meta(metas: Any, seat: int, item: int) -> dict:
    s, k = seat - 1, item - 1
    return dict(metas[s][k]) if 0 <= s < len(metas) and 0 <= k < len(metas[s]) else {}


# -- mixed draft ---------------------------------------------------------------------------

def library_round(ctx: Context, state: MixedDraftState, event: Recorded) -> list[Finding]:
    """A library round's piles: each seat's next pile as cut from the seed (7.8)."""
    if (event.stream, event.version) in ctx.covered:
        return []
    return guarded(event, lambda: decided(
        event, lambda: [next_round(state, event.data["at"])], None))


def library_pick(ctx: Context, state: MixedDraftState, event: Recorded) -> list[Finding]:
    """A card taken from a pile: the player's own must be in the pile in front of them;
    a timed-out pick is the seed's card of that pile (7.5.3) at its deadline, as is one
    a judge took for an absent player."""
    d = event.data
    seed = ctx.seed or ""

    def derive() -> list:
        if not d.get("auto"):
            return MIXED_DRAFT.decide(LibraryPick(player=d["player"], card=d["card"],
                                                  pack=d["pack"], seed=seed, now=d["at"]),
                                      state)
        if d.get("by"):
            return MIXED_DRAFT.decide(TakePickFor(player=d["player"], by=d["by"], seed=seed,
                                                  pack=d["pack"], now=d["at"]), state)
        return next_expiry(state, d["at"], seed)
    return guarded(event, lambda: decided(event, derive, None))


def product_replaced(ctx: Context, state: MixedDraftState, event: Recorded) -> list[Finding]:
    """7.2.5 in a mixed draft: an item the seed drew is drawn again; with the judge's
    cards or the seed's, the player's crypt and library are split and cut again (the
    crypt table's replacement and re-laid set follow and are checked with it)."""
    d = event.data
    drawn, skip = _drawn(ctx, event)
    if drawn and skip:
        return skip
    meta = _meta(state.product_meta, d["seat"], d["item"])
    cards = None if drawn else list(d["cards"])
    command = ReplaceProduct(seat=d["seat"], item=d["item"], cards=cards,
                             kinds=kinds_in(ctx.sets, cards or []),
                             reason=d.get("reason") or "", by=d["by"],
                             expected=meta.get("size"), seed=ctx.seed or "x", sets=ctx.sets,
                             now=d["at"])

    def work() -> list[Finding]:
        return decided_with_followers(ctx, event, lambda: MIXED_DRAFT.decide(command, state),
                                      ignore=() if d.get("drawn") is not None else ("drawn",))
    return skip + guarded(event, work)


# -- booster draft ---------------------------------------------------------------------------

def pack_replaced(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """7.2.5 in a booster draft: a pack the seed drew is collated again."""
    d = event.data
    drawn = d.get("drawn")
    if drawn is None:
        return [NotChecked(event, UNNOTED)]
    if not drawn:
        return [NotChecked(event, GIVEN)]
    skip = _uncollated(ctx, event)
    if skip:
        return skip
    command = ReplaceBoosterPack(seat=d["seat"] + 1, round=d["round"], cards=None,
                                 reason=d.get("reason") or "", by=d.get("by") or "",
                                 now=d["at"], sets=ctx.sets)
    return guarded(event, lambda: decided(event, lambda: POD.decide(command, state),
                                          ["round", "seat", "cards", "drawn"]))


# -- late arrivals -----------------------------------------------------------------------------

LATE_FIELD = {"LateArrivalProvided": "product", "LimitedLateArrival": "allocation",
              "SealedLateArrival": "pool"}


def late_arrival(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """7.2.6: a late arrival's own product, collated from the seed for them alone (the
    product entered for them, when it is entered, is the staff's)."""
    skip = _uncollated(ctx, event)
    if skip:
        return skip

    def work() -> list[Finding]:
        player = event.data["player"]
        allocation = allocate_one(ctx.section("product"), ctx.sets, ctx.seed or "", player)
        field = LATE_FIELD[event.type]
        derived = pool_of(allocation) if field == "pool" else allocation
        return differences(event, field, event.data.get(field), derived)
    return guarded(event, work)
