"""Limited product: pods and seats, collated boosters and dealt starters (re-collated from
the seed and the card sets), timed-out and judge-taken picks, the sealed swap's
hand-backs and deal, and the trade pods."""
from __future__ import annotations

from typing import Any

from ..domain import streams
from ..domain.draft.decide import auto_pick
from ..domain.draft.setup import plan_pods
from ..domain.draft.state import PodState
from ..domain.mixed_draft import MIXED_DRAFT
from ..domain.product.allocation import collate_packs, deal_starters
from ..domain.profiles.draft import DraftSettings
from ..domain.table_draft.aggregate import MIXED_DRAFT_ROSTER
from ..domain.table_draft.setup import plan_pods as plan_limited_pods
from .context import Context
from .field_starts import mixed_starts
from .findings import Difference, Finding, NotChecked, Recorded, differences
from .product_source import chosen, chosen_findings, not_collated, product_of
from .rederive import covered, decided, decided_with_followers, guarded, stamped

# the seed label each limited capability draws its pods with
POD_LABELS = {"mixed-draft": "mixed-draft-pods", "table-draft": "table-draft-pods"}


def draft_started(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    def work() -> list[Finding]:
        pods = event.data.get("pods") or []
        players = [p for pod in pods for p in pod]
        out = chosen_findings(event, "pods") if chosen(event.data, "pods") else differences(
            event, "pods", pods, plan_pods(
                players, DraftSettings.model_validate(ctx.section("draft")), ctx.seed or ""))
        if event.data.get("seed") is not None:     # the seed its pods' packs come from
            out += differences(event, "seed", event.data["seed"], ctx.seed)
        product = product_of(ctx)
        # since version 3 each pod's opening records its players' (pod_opened)
        in_pods = event.schema_version >= 3 and event.data.get("starters") is None
        if product.starters and not in_pods:
            skip = not_collated(ctx, event, event.data)
            out += skip if skip else differences(
                event, "starters", event.data.get("starters"),
                deal_starters(product, ctx.sets, ctx.seed or "", players))
        return out
    return guarded(event, work)


def pod_opened(ctx: Context, state: PodState, event: Recorded) -> list[Finding]:
    def work() -> list[Finding]:
        d = event.data
        out = differences(event, "seed", d.get("seed"), ctx.seed)
        starts = ctx.log.streams.get(f"draft-{ctx.log.tournament_id}") or []
        start = starts[0].data if starts else None
        if start is not None and start.get("seed") is not None:
            out += _as_started(event, start)        # opened after the start, as it planned
            out += _kept_starters(ctx, event, start)
            if start.get("packs") is not None:
                return out
        skip = not_collated(ctx, event, start)
        if skip:
            return out + skip
        rounds = len(d.get("packs") or [])
        for seat, player in enumerate(d.get("seats") or []):
            packs = collate_packs(product_of(ctx), ctx.sets, ctx.seed or "", player, 0, rounds)
            for r, pack in enumerate(packs):
                out += differences(event, f"packs[{r}][{seat}] (round {r + 1}, {player})",
                                   d["packs"][r][seat], pack["cards"])
        return out
    return guarded(event, work)


def _kept_starters(ctx: Context, event: Recorded, start: dict[str, Any]) -> list[Finding]:
    """The starters a pod's opening records: none when the start recorded everyone's,
    else its players' as dealt from the seed to the whole field (V:EKN 7.5.2)."""
    recorded = event.data.get("starters")
    product = product_of(ctx)
    if start.get("starters") is not None or not product.starters:
        return differences(event, "starters", recorded, None)
    if {s.set for s in product.starters} - set(ctx.sets):
        return [NotChecked(event, "the audit log lacks the starters' card sets")]
    seats = list(event.data.get("seats") or [])
    # dealt to the whole field once per verification; each pod takes its players'
    dealt = ctx.once(("draft-starters",), lambda: deal_starters(
        product, ctx.sets, ctx.seed or "", [p for pod in start.get("pods") or [] for p in pod]))
    return differences(event, "starters", recorded, {p: dealt[p] for p in seats if dealt[p]}
                       or None)


def _as_started(event: Recorded, start: dict[str, Any]) -> list[Finding]:
    """A pod opened after the draft's start (each in its own commit): its seats are the
    start's pod, its packs the ones the organizer chose when the start recorded them."""
    d = event.data
    n = streams.pod_number_of(event.stream) or 0
    pods = start.get("pods") or []
    out = differences(event, "seats", d.get("seats"), pods[n - 1] if 0 < n <= len(pods) else None)
    chosen_packs = start.get("packs")
    if chosen_packs is None:
        return out
    for seat, player in enumerate(d.get("seats") or []):
        for r, pack in enumerate(chosen_packs.get(player) or []):
            got = d["packs"][r][seat] if r < len(d.get("packs") or []) else None
            out += differences(event, f"packs[{r}][{seat}] (round {r + 1}, {player}, as "
                                      "chosen at the start)", got, pack)
    return out


def _held(state: PodState, event: Recorded) -> list[Finding]:
    """A pick comes from the pack in front of the seat at that moment (packs tracked by
    their origin as they pass), in the round under way, and the card is in that pack."""
    d = event.data

    def work() -> list[Finding]:
        seat = d["seat"]
        queue = state.queues[seat] if 0 <= seat < len(state.queues) else ()
        if not queue:
            return [Difference(event, "origin", d.get("origin"), "no pack: the seat held "
                               "none at that moment")]
        out = differences(event, "round", d.get("round"), state.round)
        if d.get("origin") != queue[0]:
            return out + [Difference(event, "origin", d.get("origin"),
                                     f"{queue[0]} (the pack the seat held)")]
        pack = state.packs.get(queue[0], ())
        if d.get("card") not in pack:
            out.append(Difference(event, "card", d.get("card"),
                                  f"a card of pack {queue[0]} as the seat held it: "
                                  f"{sorted(pack)}"))
        return out
    return guarded(event, work)


def card_picked(ctx: Context, state: PodState, event: Recorded) -> list[Finding]:
    """A pick the timer (or a judge, for an absent player) took: the pre-selected card
    if any, else the card the seed draws from the pack (V:EKN 7.5.3)."""
    d = event.data
    held = _held(state, event)
    if held or not d.get("auto"):
        return held             # the player's own choice, from the pack they held

    def work() -> list[Finding]:
        derived = auto_pick(state, d["seat"], d["at"]).data
        return differences(event, "card", d.get("card"), derived["card"]) + \
            differences(event, "note", d.get("note"), derived["note"]) + \
            differences(event, "preselected", d.get("preselected"), derived["preselected"])
    return guarded(event, work)


def limited_pods(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    d = event.data
    label = POD_LABELS.get(str(d.get("capability")))
    if label is None:
        return [NotChecked(event, f"unknown capability {d.get('capability')!r}")]

    def work() -> list[Finding]:
        pods = d.get("pods") or []
        players = [p for pod in pods for p in pod]
        if chosen(d, "pods"):
            out = chosen_findings(event, "pods")
        else:
            derived, _ = plan_limited_pods(players, ctx.section("draft"), ctx.seed or "",
                                           label)
            out = differences(event, "pods", pods, derived)
        if d.get("seed") is not None:     # the seed its pods' product comes from
            out += differences(event, "seed", d["seed"], ctx.seed)
        return out + _roster_starters(ctx, event, players)
    return guarded(event, work)


def _roster_starters(ctx: Context, event: Recorded, players: list[str]) -> list[Finding]:
    """A table draft's starters stay sealed product (7.5.2): dealt from the seed to the
    players as a group (none when the packs were entered); a mixed draft opens them with
    its pods' product."""
    d = event.data
    if d.get("capability") != "table-draft":
        return []
    if event.schema_version >= 2 and d.get("starters") is None:
        return []       # each pod's start records its players' (draft_checks)
    product = product_of(ctx)
    # players keeping no starter are listed with none (rosters recorded before the pods
    # opened after them) or not listed at all (since: the roster stays small)
    recorded = {p: s for p, s in (d.get("starters") or {}).items() if s}
    if chosen(d, "packs") or not product.starters:
        return differences(event, "starters", recorded, {})
    skip = not_collated(ctx, event)
    if skip:
        return skip
    if set(s.set for s in product.starters) - set(ctx.sets):
        return [NotChecked(event, "the audit log lacks the starters' card sets")]
    dealt = deal_starters(product, ctx.sets, ctx.seed or "", players)
    return differences(event, "starters", recorded, {p: s for p, s in dealt.items() if s})


def mixed_started(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """A mixed-draft pod's whole product (starters and boosters, opened) and its first
    crypt table: re-run the start from the seed and the pods as formed."""
    roster_events = ctx.log.streams.get(f"mixed-{ctx.log.tournament_id}") or []
    formed = roster_events[0].data if roster_events else None
    # product the organizer chose, recorded by a roster whose pods open after it: the pod
    # must hold that (not drawn from the seed, so checked against the roster only)
    entered = (formed or {}).get("packs")
    skip = None if entered is not None else not_collated(ctx, event, formed)
    if skip:
        return skip
    roster = ctx.final_state(MIXED_DRAFT_ROSTER, f"mixed-{ctx.log.tournament_id}")

    def work() -> list[Finding]:
        at = event.data["at"]
        # every pod's start made once (each player's product allocated once), stamped
        # with this pod's own ``at``
        starts = ctx.once(("mixed-draft-starts",), lambda: mixed_starts(ctx, roster, entered))
        number = int(event.stream.rsplit("-", 1)[1])
        out = decided_with_followers(
            ctx, event, lambda: MIXED_DRAFT.decide(stamped(starts[number - 1], at), state),
            ignore=("at",))       # deadlines run from the recorded ``at``
        if entered is not None:
            out.append(chosen_findings(event, "packs")[0])
        return out
    return guarded(event, work)


def with_mixed_start(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    return covered(ctx, event, "mixed-draft start")


def with_mixed_replacement(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    return covered(ctx, event, "mixed-draft product replacement")


def ffa_reported(ctx: Context, state: Any, event: Recorded) -> list[Finding]:
    """Places and players outlasted follow from the winner and the elimination order."""
    from ..domain.ffa.commands import ReportPodGame
    from ..domain.ffa.decide import decide as ffa_decide
    d = event.data
    pod: Any = d.get("pod")                   # as recorded: the decider checks them
    winner: Any = d.get("winner")
    command = ReportPodGame(pod=pod, winner=winner,
                            eliminated=list(d.get("eliminated") or []))
    return guarded(event, lambda: decided(event, lambda: ffa_decide(command, state),
                                          ["places"]))
