"""Booster draft (V:EKN 7.5, MTG 905): start (pods and packs), each player's hidden view,
picks, pre-selection, conspiracy face-down, pack replacement (7.2.5), staff picks for an
absent player, the timer sweep, the organizer's log and late arrivals (7.2.6). Pods are
read with every due auto-pick applied first (:mod:`.draft_pods`)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..auth import Principal, is_staff, require_tournament_staff
from ..domain.draft.aggregate import DRAFT, POD
from ..domain.draft.commands import MakePick, PickFor, Preselect, ReplacePack, TurnFaceDown
from ..domain.draft.events import PackReplaced
from ..domain.draft.roster.commands import ProvideLateArrival
from ..domain.draft.roster.state import DraftState
from ..domain.draft.setup import start_command
from ..domain.draft.state import PodState
from ..domain.draft.views import pick_log, player_view, public_view, staff_view
from ..domain.errors import Forbidden, NotFound
from ..projections.queries.draft import draft_view
from ..service import UnitOfWork
from . import draft_pods, handout, limited, sources, tournament
from .card_facts import lists_cards
from .draft_pods import ms, pod_of, touched_pod
from .formats_drafts import BOOSTER_DRAFT
from .handout import EnteredProduct
from .product_phase import require_product_phase_not_over
from .reads import Reads
from .sets import product_sets


def summary_document(tid: str, draft: DraftState) -> dict[str, Any]:
    """The draft's pods and seats, as the projected summary starts."""
    return {"tournament_id": tid, "rounds": draft.rounds, "started_at": draft.started_at,
            "pods": [{"pod": n, "seats": [{"seat": s, "player_id": p}
                                          for s, p in enumerate(pod, start=1)]}
                     for n, pod in enumerate(draft.pods, start=1)],
            "late_arrivals": sorted(draft.late)}


def start(uow: UnitOfWork, actor: Principal, tid: str, pods: list[list[str]] | None,
          packs: dict[str, list[list[str]]] | None,
          entered: EnteredProduct | None) -> dict[str, Any]:
    """Staff start the draft of a running booster-draft event before play: random pods
    (or ``pods``), packs collated from the seed (or ``packs``, or the product entered per
    player, starters included). The start records the pods and the seed; each pod then
    opens in its own commit (:mod:`.draft_opening`)."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    tournament.require_running(t, formats=(BOOSTER_DRAFT.name,),
                               message="start the tournament before the draft")
    require_product_phase_not_over(uow, t, "starting the draft")
    product = t.section("product")
    starters = None
    if entered is not None:
        allocations = entered.allocations(uow, t)
        packs = {p: [pack["cards"] for pack in a["packs"]] for p, a in allocations.items()}
        starters = {p: a["starters"] for p, a in allocations.items()}
    begin = start_command(
        seed=t.seed, players=[p.id for p in t.active_players()],
        product=product, draft=t.section("draft"), sets=product_sets(uow, product),
        now=ms(uow.now), by=actor.id, explicit_pods=pods, entered=packs)
    if starters is not None:
        begin = replace(begin, starters=starters)
    # only the draft's own start: each pod opens in a commit of its own right after it
    # (the open-draft-pods reaction, application/draft_opening.py)
    draft, _ = uow.decide(DRAFT, tid, begin)
    return summary_document(tid, draft)


def summary(reads: Reads, tid: str) -> dict[str, Any]:
    """The public summary: pods, seats, each pod's status, late arrivals."""
    view = draft_view(reads.views, tournament.checked_tid(tid))
    if view is None:
        raise NotFound("the draft has not started", {"tournament_id": tid})
    return view


@lists_cards
def pod(reads: Reads, actor: Principal, tid: str, n: int) -> dict[str, Any]:
    """Progress per seat, cards face up and revealed; the tournament's players and staff
    follow the draft, nobody sees another player's pack or picks."""
    t = tournament.load(reads, tid)
    draft_pods.draft_of(reads, tid)
    if not is_staff(actor, t) and not (actor.role == "player" and actor.tournament_id == tid):
        raise Forbidden("only the tournament's players and staff may follow its draft")
    return public_view(touched_pod(reads, tid, n))


@lists_cards
def seat(reads: Reads, actor: Principal, tid: str, n: int) -> dict[str, Any]:
    """A seated player's own pack, pick, timer and (when the profile allows) picks."""
    state = pod_of(reads, tournament.checked_tid(tid), n)
    player = limited.seated(actor, tid, state.seat_of)
    return player_view(touched_pod(reads, tid, n), player)


def _seated_command(uow: UnitOfWork, actor: Principal, tid: str, n: int,
                    command_of: Any) -> tuple[PodState, PodState, str]:
    """A seated player's command in their pod: the pod before and after it."""
    before = pod_of(uow, tournament.checked_tid(tid), n)
    player = limited.seated(actor, tid, before.seat_of)
    after, _ = uow.decide(POD, (tid, n), command_of(player, ms(uow.now)))
    return before, after, player


@lists_cards
def pick(uow: UnitOfWork, actor: Principal, tid: str, n: int, card: str,
         round_no: int | None, number: int | None, note: str | None) -> dict[str, Any]:
    """The player's pick from the pack in front of them (``round_no`` / ``number``: the
    pick they answer, refused when stale); due auto-picks are applied first."""
    before, after, player = _seated_command(uow, actor, tid, n, lambda player, now: MakePick(
        player=player, card=card, now=now, round=round_no, pick=number, note=note))
    mine = after.picks[after.seat_of[player]][-1]
    return {"picked": {"card": mine.card, "round": mine.round, "pick": mine.number,
                       "note": mine.note},
            "auto_picks": after.pick_count - before.pick_count - 1,
            "me": player_view(after, player)}


@lists_cards
def preselect(uow: UnitOfWork, actor: Principal, tid: str, n: int,
              card: str | None) -> dict[str, Any]:
    """The card an expired timer takes for the player (None: none)."""
    _, after, player = _seated_command(uow, actor, tid, n, lambda player, now: Preselect(
        player=player, card=card, now=now))
    return player_view(after, player)


@lists_cards
def face_down(uow: UnitOfWork, actor: Principal, tid: str, n: int, card: str) -> dict[str, Any]:
    """MTG 905.2c: the player turns a card they drafted face up face down."""
    _, after, player = _seated_command(uow, actor, tid, n, lambda player, now: TurnFaceDown(
        player=player, card=card, now=now))
    return player_view(after, player)


def pick_for(uow: UnitOfWork, actor: Principal, tid: str, n: int, player_id: str,
             note: str | None = None) -> dict[str, Any]:
    """A judge takes an absent player's pick as an expired timer would (V:EKN 7.5.3), so
    an untimed draft never stalls; the pick records who took it. A card revealed as
    drafted takes the information the player chose (``note``, MTG 905.2b; 422
    ``note_required`` naming the card and its choices when missing)."""
    require_tournament_staff(actor, tournament.load(uow, tid, guard=False))
    pod_of(uow, tid, n)
    state, _ = uow.decide(POD, (tid, n),
                          PickFor(player=player_id, by=actor.id, now=ms(uow.now), note=note))
    taken = state.picks[state.seat_of[player_id]][-1]
    return {"pod": n, "player_id": player_id, "round": taken.round, "pick": taken.number,
            "preselected": taken.preselected, "note": taken.note, "by": actor.id,
            "cards_left": state.cards_left}


def replace_pack(uow: UnitOfWork, actor: Principal, tid: str, n: int, seat_no: int,
                 round_no: int, reason: str, cards: list[str] | None) -> dict[str, Any]:
    """V:EKN 7.2.5: a judge replaces an abnormal pack before it is picked from; without
    ``cards`` a fresh pack of the same booster is collated from the seed."""
    t = tournament.load(uow, tid, guard=False)
    require_tournament_staff(actor, t)
    pod_of(uow, tid, n)
    sets = product_sets(uow, t.section("product")) if cards is None else {}
    state, events = uow.decide(POD, (tid, n), ReplacePack(
        seat=seat_no, round=round_no, cards=None if cards is None else list(cards),
        reason=reason, by=actor.id, now=ms(uow.now), sets=sets))
    replaced = next(e for e in events if isinstance(e, PackReplaced))
    return {"pod": n, "seat": seat_no, "round": round_no, "cards": len(replaced.cards),
            "replacements": list(state.replacements)}


@lists_cards
def log(reads: Reads, actor: Principal, tid: str, n: int) -> dict[str, Any]:
    """Packs as opened, replacements, reveals, every pick and each seat's queue (staff)."""
    require_tournament_staff(actor, tournament.load(reads, tid))
    state = touched_pod(reads, tid, n)
    return {**pick_log(state), "seat_detail": staff_view(state)["seat_detail"]}


def sweep(reads: Reads, actor: Principal, tid: str) -> dict[str, Any]:
    """Staff apply every expired pick timer of the draft now."""
    require_tournament_staff(actor, tournament.load(reads, tid))
    return {"tournament_id": tid, "pods": draft_pods.sweep(reads, tid)}


@lists_cards
def late_arrival(uow: UnitOfWork, actor: Principal, tid: str, player_id: str) -> dict[str, Any]:
    """V:EKN 7.2.6: a player added after the draft started receives sealed product."""
    return handout.late_arrival(
        uow, actor, tid, player_id, BOOSTER_DRAFT.consumer,
        lambda uow: sources.state(uow, DRAFT, tid).started,
        lambda uow, allocation: uow.decide(DRAFT, tid, ProvideLateArrival(
            player_id, allocation, ms(uow.now), actor.id)))
