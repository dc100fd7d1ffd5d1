"""What the table draft (V:EKN 7.7) and the mixed draft (7.8) share, for the format
``fmt`` (:data:`.formats_drafts.TABLE_DRAFT` or ``MIXED_DRAFT``): their start (a roster
of pods, then each pod), late arrivals, the public pod and a player's seat, a player's
pick, a staff command in a pod, the pod's feed and log, and pick timers caught up
whenever a pod is read and by the scheduled sweep."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..auth import Principal, require_tournament_staff
from ..domain.events import Event
from ..domain.profiles.draft import DraftSettings
from ..domain.table_draft.roster.commands import AddLateArrival, FormPods
from ..domain.table_draft.roster.state import RosterState
from ..domain.table_draft.setup import kinds_of
from ..domain.tournament import TournamentState
from ..projections.queries.limited import ACTIVE_KIND
from ..service import Reply, UnitOfWork
from . import formats, handout, limited, sources, tournament
from .card_facts import lists_cards
from .formats_drafts import RosterDraft
from .handout import EnteredProduct
from .product_phase import require_product_phase_not_over
from .reads import Reads
from .sets import product_sets

PICK_EVENTS = ("TableCardPicked", "MixedLibraryCardPicked")

# (seed=, players=, product=, draft=, sets=, now=, pick_seconds=, review_seconds=,
#  explicit_pods=, first_seats=, entered=, with_pods=) -> the roster's FormPods and each
#  pod's start (none without with_pods)
Commands = Callable[..., tuple[FormPods, list[Any]]]


def timers(draft: dict[str, Any], pick_seconds: int | None,
           review_seconds: int | None) -> tuple[int | None, int]:
    """A start's pick timer (its own, else the profile's ``pick_seconds``; 0 there:
    untimed) and review time (its own, else the profile's ``table_review_seconds``)."""
    settings = DraftSettings.model_validate(draft)
    picks = pick_seconds if pick_seconds is not None else settings.pick_seconds or None
    review = review_seconds if review_seconds is not None else settings.table_review_seconds
    return picks, review


def roster_document(tid: str, roster: RosterState) -> dict[str, Any]:
    """A started table or mixed draft: its pods and first seats."""
    return {"tournament_id": tid, "capability": roster.capability,
            "started_at": roster.formed_at, "settings": roster.settings,
            "pods": [{"pod": n, "players": list(pod), "first_seat": roster.first_seats[n - 1]}
                     for n, pod in enumerate(roster.pods, start=1)]}


def start(uow: UnitOfWork, actor: Principal, fmt: RosterDraft, tid: str,
          pods: list[list[str]] | None, first_seats: dict[str, str] | None,
          packs: dict[str, list[list[str]]] | None, pick_seconds: int | None,
          review_seconds: int | None, entered: EnteredProduct | None,
          commands: Commands) -> dict[str, Any]:
    """Staff start the draft of a running event before play: its pods (random, or
    ``pods``; ``first_seats``: pod number -> its first active player), each pod's
    product (the body's ``packs``, the product entered per player, else collated) and
    its timers (:func:`timers`), as ``commands`` plans them."""
    t = tournament.load(uow, tid)
    require_tournament_staff(actor, t)
    tournament.require_running(t, formats=(fmt.name,),
                               message=f"start the tournament before the {fmt.label}")
    require_product_phase_not_over(uow, t, f"starting the {fmt.label}")
    product, draft = t.section("product"), t.section("draft")
    if entered is not None:
        packs = entered.packs(uow, t)
    picks, review = timers(draft, pick_seconds, review_seconds)
    form, starts = commands(
        seed=t.seed, players=[p.id for p in t.active_players()], product=product, draft=draft,
        sets=product_sets(uow, product), now=uow.now, pick_seconds=picks,
        review_seconds=review, explicit_pods=pods,
        first_seats=limited.first_seats(first_seats), entered=packs, with_pods=False)
    # only the roster (pods, seed, chosen product): each pod opens in a commit of its own
    # right after it (the open-roster-pods reaction, application/roster_opening.py)
    assert not starts
    roster, _ = uow.decide(fmt.roster_decider, tid, form)
    return roster_document(tid, roster)


@lists_cards
def late_arrival(uow: UnitOfWork, actor: Principal, fmt: RosterDraft, tid: str,
                 player_id: str) -> dict[str, Any]:
    """7.2.6: a player added after the draft started receives sealed product."""
    return handout.late_arrival(
        uow, actor, tid, player_id, fmt.consumer,
        lambda uow: fmt.roster(sources.reader(uow), tid).formed,
        lambda uow, allocation: uow.decide(fmt.roster_decider, tid, AddLateArrival(
            player=player_id, allocation=allocation, now=uow.now)))


# -- pods ---------------------------------------------------------------------------

def summary(reads: Reads, fmt: RosterDraft, tid: str) -> dict[str, Any]:
    """The draft's public summary: pods, first seats, each pod's progress (a pod without
    any is still ``opening``: pods open after the start, each in its own commit)."""
    doc = limited.summary(reads, tid, fmt.name)
    return {**doc, "pods": [p if "status" in p else {**p, "status": "opening"}
                            for p in doc.get("pods", [])]}


@lists_cards
def pod(reads: Reads, fmt: RosterDraft, tid: str, n: int) -> dict[str, Any]:
    """The pod as everyone sees it (7.7: the table is public; packs and hidden picks
    are not)."""
    return fmt.view(touched(reads, fmt, tournament.checked_tid(tid), n))


@lists_cards
def seat(reads: Reads, actor: Principal, fmt: RosterDraft, tid: str, n: int) -> dict[str, Any]:
    """The pod as a player seated in it sees it (403 ``not_a_player``, ``not_in_pod``)."""
    limited.player_of(actor, tournament.checked_tid(tid))
    state = touched(reads, fmt, tid, n)
    return fmt.view(state, player=limited.seated(actor, tid, state.players))


@lists_cards
def events(reads: Reads, actor: Principal | None, fmt: RosterDraft, tid: str,
           n: int, after: int = 0, limit: int = limited.EVENTS_PAGE) -> dict[str, Any]:
    """The pod's events as the caller may see them, a page at a time."""
    return limited.pod_feed(reads, actor, tid, n, fmt.pod, fmt.pod_stream, fmt.redact,
                            after, limit)


@lists_cards
def log(reads: Reads, actor: Principal, fmt: RosterDraft, tid: str, n: int, after: int = 0,
        limit: int = limited.EVENTS_PAGE) -> dict[str, Any]:
    """The pod's whole state and its events, a page at a time (staff)."""
    return limited.pod_log(reads, actor, tid, n, fmt.pod, fmt.view, fmt.pod_stream,
                           after, limit)


def own_pick(events: list[Event]) -> dict[str, Any]:
    """The data of the caller's own pick among a command's events (expiries applied
    before it come first)."""
    return next(e.data for e in reversed(events)
                if e.type in PICK_EVENTS and not e.data["auto"])


def auto_picks(events: list[Event]) -> list[dict[str, Any]]:
    """The expired timers' picks among a command's events."""
    return [e.data for e in events if e.type in PICK_EVENTS and e.data["auto"]]


def staff_pick(events: list[Event]) -> Event:
    """The pick staff took for a player among a command's events."""
    return next(e for e in events if e.type in PICK_EVENTS and "by" in e.data)


def pick(uow: UnitOfWork, actor: Principal, fmt: RosterDraft, tid: str, n: int,
         command_of: Callable[[UnitOfWork, str], Any]) -> dict[str, Any]:
    """A player's pick in their pod: ``command_of(uow, player)``. The deciders first
    apply every pick timer due now (each at its own deadline), so a late pick is judged
    against the caught-up pod; a refusal records nothing."""
    player = limited.player_of(actor, tournament.checked_tid(tid))
    fmt.pod(uow, tid, n)
    state, events = uow.decide(fmt.decider, (tid, n), command_of(uow, player))
    return {"picked": own_pick(events), "auto_picks": auto_picks(events),
            "me": fmt.view(state, player=player)}


def expire(uow: UnitOfWork, actor: Principal, fmt: RosterDraft, tid: str,
           n: int) -> tuple[Any, list[Event]]:
    """Staff or a player of the pod apply expired pick timers (409 before a deadline)."""
    t = tournament.load(uow, tid, guard=False)
    state = fmt.pod(uow, tid, n)
    limited.staff_or_member(actor, t, state.players)
    return uow.decide(fmt.decider, (tid, n), fmt.expire(uow, tid))


def staff_command(uow: UnitOfWork, actor: Principal, fmt: RosterDraft, tid: str, n: int,
                  command_of: Callable[[TournamentState, Any], Any]
                  ) -> tuple[Any, list[Event]]:
    """A staff command in a pod (organizer, judges): ``command_of(tournament, pod)``."""
    t = tournament.load(uow, tournament.checked_tid(tid), guard=False)
    require_tournament_staff(actor, t)
    state = fmt.pod(uow, tid, n)
    return uow.decide(fmt.decider, (tid, n), command_of(t, state))


def touched(reads: Reads, fmt: RosterDraft, tid: str, n: int) -> Any:
    """Pod ``n`` with every expired pick timer applied first, each at its own deadline
    (recorded before it is shown): on every read of a pod and by the scheduled sweep, so
    a draft never waits on somebody calling ``.../expire`` and an unattended pod catches
    up in one touch."""
    state = fmt.pod(reads, tid, n)
    if not fmt.due(state, reads.service.clock()):
        return state

    def work(uow: UnitOfWork) -> Reply:
        if fmt.due(fmt.pod(uow, tid, n), uow.now):
            uow.decide(fmt.decider, (tid, n), fmt.expire(uow, tid))
        return Reply(200, None)
    reads.service.run(work)
    return fmt.pod(reads, tid, n)


def sweep_running(reads: Reads) -> None:
    """Every minute: apply expired pick timers in every running table and mixed draft."""
    for view in sources.each_view(reads.views, ACTIVE_KIND):
        doc = view.doc
        fmt = formats.FORMATS[doc["capability"]]
        assert isinstance(fmt, RosterDraft)       # only table and mixed drafts are listed
        touched(reads, fmt, doc["tournament_id"], doc["pod"])


def replacement(uow: UnitOfWork, t: TournamentState, cards: list[str] | None,
                metas: Any, seat: int, item: int) -> dict[str, Any]:
    """V:EKN 7.2.5: what a replacement command of the ``item``-th pack (or starter) of
    ``seat`` (both 1-based) takes besides its place: the ``cards`` given and their kinds,
    or (``cards`` None) the product's card sets the decider draws them from with the
    seed; and the card count it must have (``metas[seat][item]``, when known)."""
    s, k = seat - 1, item - 1
    meta = metas[s][k] if s < len(metas) and k < len(metas[s]) else {}
    sets = product_sets(uow, t.section("product"))
    if cards is None:
        return {"cards": None, "sets": sets, "seed": t.seed, "expected": meta.get("size")}
    known = kinds_of(sets)
    return {"cards": list(cards), "kinds": {c: known[c] for c in cards if c in known},
            "seed": t.seed, "expected": meta.get("size")}
