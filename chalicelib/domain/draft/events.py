"""Events of a booster draft: the tournament's draft stream (``draft-<tid>``) and each
pod's (``pod-<tid>-<n>``). Times in a pod are integer epoch milliseconds."""
from __future__ import annotations

from typing import Any

from ..events import Event, Payload, event, optional, upcaster


@event(version=3)
class DraftStarted(Event):
    pods: list[list[str]]
    rounds: int
    # player -> starter product handed out with the packs: every player's, recorded by
    # starts before version 3 and by a start whose product was entered per player; else
    # each pod's opening records its own players' (``PodOpened.starters``), so the start
    # stays small at any size
    starters: dict[str, Any] | None = optional()
    at: int                        # epoch milliseconds, the draft's clock
    by: str
    # what the organizer chose rather than the seed ("pods", "packs"), when anything
    chosen_by_organizer: list[str] | None = optional()
    # the seed each pod's packs are collated from: recorded when the pods are opened
    # after the start, each in a commit of its own (the ``open-draft-pods`` reaction);
    # absent in drafts whose pods opened in the start's own commit
    seed: str | None = optional()
    # the packs the organizer chose (body or entered product), {player: [[cards] per
    # round]}, when they are not collated from the seed
    packs: dict[str, list[list[str]]] | None = optional()


@upcaster(DraftStarted, 1)
def _pods_opened_with_the_start(data: Payload) -> Payload:
    """Drafts started before their pods opened each in its own commit opened them in the
    start's commit: no seed or chosen packs recorded (the pods hold them)."""
    return dict(data)


@upcaster(DraftStarted, 2)
def _starters_in_the_start(data: Payload) -> Payload:
    """Starts before each pod's opening recorded its players' starters recorded every
    player's (an empty list for a player who keeps none): the pods record none."""
    return dict(data)


@event
class LateArrivalProvided(Event):
    player: str
    product: dict[str, Any]        # the sealed product a late arrival gets (7.2.6)
    at: int                        # epoch milliseconds
    by: str


@event(version=3)
class PodOpened(Event):
    tournament: str
    pod: int
    seed: str
    seats: list[str]               # player ids, clockwise
    packs: list[list[list[str]]]   # packs[round][seat] = card ids
    pack_meta: list[list[dict[str, Any]]]   # [round][seat], {} when unknown
    timer: dict[str, Any]
    own_picks: str
    specials: dict[str, dict[str, Any]]  # card -> its draft action (face-up, reveal, ...)
    at: int
    # the starters the pod's players keep (V:EKN 7.5.2), {player: [starter]}, dealt from
    # the seed as to the whole field: absent when nobody keeps any and when the draft's
    # start recorded everyone's (before version 3, or product entered per player)
    starters: dict[str, list[dict[str, Any]]] | None = optional()


@upcaster(PodOpened, 2)
def _starters_in_the_pod(data: Payload) -> Payload:
    """Pods opened before they recorded their players' starters (the start did)."""
    return dict(data)


@upcaster(PodOpened, 1)
def _pod_settings(data: Payload) -> Payload:
    """Pods opened before packs' boosters, timers, own picks or specials were recorded
    (or recorded as null) had none: unknown boosters, no timer, always their own picks."""
    seats = len(data["seats"])
    return {**data, "pack_meta": data.get("pack_meta") or [[{}] * seats for _ in data["packs"]],
            "timer": data.get("timer") or {}, "own_picks": data.get("own_picks", "always"),
            "specials": data.get("specials") or {}}


@event
class RoundOpened(Event):
    round: int
    at: int


@event(version=2)
class CardPicked(Event):
    seat: int
    round: int
    pick: int
    origin: int                    # the seat whose pack it was
    card: str
    at: int
    auto: bool                     # taken by the timer (or for an absent player)
    preselected: bool
    note: str | None               # the information noted for a card revealed as drafted
    by: str | None = optional()    # the judge who took an absent player's pick


@upcaster(CardPicked, 1)
def _auto_and_note(data: Payload) -> Payload:
    """Picks recorded before timers and notes were neither automatic nor noted."""
    return {"auto": False, "preselected": False, "note": None, **data}


@event
class CardPreselected(Event):
    seat: int
    card: str | None               # None clears it
    at: int


@event
class CardTurnedFaceDown(Event):
    seat: int
    card: str
    at: int


@event(version=3)
class PackReplaced(Event):
    round: int
    seat: int                      # the pack's origin
    cards: list[str]
    reason: str | None
    by: str | None
    at: int
    # True: collated from the seed by the decider (V:EKN 7.2.5); False: the judge gave the
    # cards; None: recorded before Podium noted which
    drawn: bool | None


@upcaster(PackReplaced, 1)
def _reason_and_by(data: Payload) -> Payload:
    """Replacements recorded before they were explained gave no reason and no judge."""
    return {"reason": "", "by": None, **data}


@upcaster(PackReplaced, 2)
def _pack_drawn(data: Payload) -> Payload:
    """Replacements recorded before Podium noted whether the seed drew their cards."""
    return {"drawn": None, **data}


@event
class DraftFinished(Event):
    at: int
