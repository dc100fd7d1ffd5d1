"""Hidden information: what each viewer may see of a pod.

- Anyone allowed to see the pod (:func:`public_view`): seats, progress counts, the
  conspiracy cards drafted face up (MTG 905.2c) and revealed cards with their notes
  (905.2b). No pack contents and no picks until the draft is over.
- A player (:func:`player_view`): only their current pack, the pick deadline, their
  pre-selection, and their own picks when the profile allows (``own_picks``:
  ``always``; ``between-packs``: once they have made all their picks of the current
  round and during a break between rounds, V:EKN 7.5.1;
  ``after-draft``: .hack) and always once the draft is over.
- Organizer and judges (:func:`staff_view`, :func:`pick_log`): everything.
"""
from __future__ import annotations

from typing import Any

from ..errors import Forbidden
from .passing import round_done
from .state import PodState


def status(state: PodState) -> str:
    if not state.opened:
        return "pending"
    if state.finished:
        return "finished"
    if state.in_break():
        return "break"
    return "drafting"


def abnormal_packs(state: PodState) -> list[dict[str, Any]]:
    """Unopened packs whose card count differs from their booster's (V:EKN 7.2.5): the
    judge should replace them before they are picked from."""
    out = []
    for r, rnd in enumerate(state.packs_by_round, start=1):
        if r < state.round:
            continue
        for seat, pack in enumerate(rnd):
            size = state.pack_meta[r - 1][seat].get("size") if state.pack_meta else None
            untouched = r > state.round or state.packs.get(seat) == pack
            if size is not None and len(pack) != size and untouched:
                out.append({"round": r, "seat": seat + 1, "count": len(pack), "expected": size})
    return out


def public_view(state: PodState) -> dict[str, Any]:
    seats = []
    for seat, player in enumerate(state.seats):
        seats.append({"seat": seat + 1, "player": player, "picks": len(state.picks[seat]),
                      "waiting_packs": len(state.queues[seat])})
    return {"tournament": state.tournament, "pod": state.pod, "status": status(state),
            "round": state.round, "rounds": state.rounds,
            "direction": "left" if state.direction() == 1 else "right",
            "seats": seats, "picks_made": state.pick_count,
            "review_until": state.review_until, "finished_at": state.finished_at,
            "face_up": [dict(e) for e in state.face_up],
            "revealed": [dict(e) for e in state.revealed],
            "replacements": [dict(r) for r in state.replacements],
            "abnormal_packs": abnormal_packs(state)}


def done_with_round(state: PodState, seat: int) -> bool:
    """Whether ``seat`` has made every pick of the current round: no pack is in front of
    it and no pack still holding cards will reach it (a pack ``d`` seats before it in the
    passing direction reaches it while it holds more than ``d`` cards)."""
    waiting = [[len(state.packs.get(origin, ())) for origin in queue]
               for queue in state.queues]
    return round_done(waiting, seat, state.direction())


def can_see_own_picks(state: PodState, seat: int | None = None) -> bool:
    """V:EKN 7.5.1 ("between-packs"): drafted cards are reviewed between the drafting of
    packs, so a player sees their picks once they have made all their picks of the
    current pack round (waiting for the next pack), during the review break and after
    the draft. ``seat`` None asks about the whole pod (the break between rounds)."""
    if state.finished or state.own_picks == "always":
        return True
    if state.own_picks == "between-packs":
        if not state.opened:
            return False
        return state.in_break() or (seat is not None and done_with_round(state, seat))
    return False


def player_view(state: PodState, player: str) -> dict[str, Any]:
    seat = state.seat_of.get(player)
    if seat is None:
        raise Forbidden("you are not in this pod", {"pod": state.pod}, code="not_in_pod")
    pack = state.current_pack(seat)
    view: dict[str, Any] = {
        "pod": state.pod, "seat": seat + 1, "player": player, "status": status(state),
        "round": state.round, "rounds": state.rounds,
        "pack": None if pack is None else list(pack),
        "pick": None if pack is None else state.picks_in_round(seat) + 1,
        "deadline": state.deadline(seat), "waiting_packs": max(len(state.queues[seat]) - 1, 0),
        "preselected": state.preselected[seat], "picks_visible": can_see_own_picks(state, seat),
        "picks": None, "pick_count": len(state.picks[seat]),
    }
    if pack is not None:
        view["reveal"] = {card: state.specials[card] for card in set(pack)
                          if card in state.specials}
    if view["picks_visible"]:
        view["picks"] = [p.as_json() for p in state.picks[seat]]
    return view


def seat_detail(state: PodState, seat: int) -> dict[str, Any]:
    return {"seat": seat + 1, "player": state.seats[seat],
            "queue": [{"origin_seat": o + 1, "cards": list(state.packs[o])}
                      for o in state.queues[seat]],
            "deadline": state.deadline(seat), "preselected": state.preselected[seat],
            "picks": [p.as_json() for p in state.picks[seat]]}


def staff_view(state: PodState) -> dict[str, Any]:
    view = public_view(state)
    view["seat_detail"] = [seat_detail(state, s) for s in range(state.size)]
    return view


def pick_log(state: PodState) -> dict[str, Any]:
    """The organizer's full log: packs as opened and every pick in time order."""
    picks = []
    for seat, player in enumerate(state.seats):
        for p in state.picks[seat]:
            picks.append({"seat": seat + 1, "player": player, **p.as_json()})
    picks.sort(key=lambda p: (p["at"], p["round"], p["pick"], p["seat"]))
    return {"tournament": state.tournament, "pod": state.pod,
            "status": status(state), "seats": list(state.seats),
            "opened_at": state.opened_at, "finished_at": state.finished_at,
            "packs": [[{"seat": s + 1, "cards": list(pack)} for s, pack in enumerate(rnd)]
                      for rnd in state.packs_by_round],
            "replacements": [dict(r) for r in state.replacements],
            "revealed": [dict(e) for e in state.revealed],
            "picks": picks}


def pool(state: PodState, player: str) -> list[str]:
    seat = state.seat_of.get(player)
    if seat is None:
        raise Forbidden("you are not in this pod", {"pod": state.pod}, code="not_in_pod")
    return state.pool(seat)


def visible_to(state: PodState, viewer: str | None, staff: bool = False) -> dict[str, Any]:
    """What ``viewer`` (a player id, or None for anyone else) may read of the pod:
    staff everything, a seated player the public view plus their own seat, anyone
    else the public view only."""
    if staff:
        return staff_view(state)
    view = public_view(state)
    if viewer is not None and viewer in state.seat_of:
        view["me"] = player_view(state, viewer)
    return view
