"""V:EKN 7.5.1 with the DEFAULT V:EKN draft settings: "Drafted cards may only be reviewed
between the drafting of packs" - a player sees their own picks once they have made all
their picks of the current pack round, during the break and after the draft."""
from __future__ import annotations

from chalicelib.domain.draft.commands import Sweep
from chalicelib.domain.draft.views import can_see_own_picks, player_view
from chalicelib.domain.profiles import resolve_settings

from .pod_helpers import T0, Pod, start
from .test_pod import pick


def visible(pod, player) -> bool:
    view = player_view(pod.state, player)
    assert view["picks_visible"] == (view["picks"] is not None)
    return view["picks_visible"]


def test_vtes_default_profile_reviews_between_packs_with_a_break():
    draft = resolve_settings("vtes", {})["draft"]
    assert draft["own_picks"] == "between-packs" and draft["review_seconds"] == 60


def test_default_vtes_players_review_their_picks_between_packs():
    _, opens = start("vtes", 4)                     # the profile's defaults, nothing set
    pod = Pod(opens[0])
    seats = pod.state.seats
    now = T0 + 1
    pick(pod, seats[0], now)
    assert not visible(pod, seats[0])               # more cards of this pack round to come
    # Everyone picks in seat order until the last pass of the round.
    while any(len(player_view(pod.state, p)["pack"] or ()) > 1 for p in seats):
        for p in seats:
            if player_view(pod.state, p)["pack"]:
                now += 1
                pick(pod, p, now)
    assert not any(visible(pod, p) for p in seats)
    # The last pass: each seat sees its picks as soon as its own last pick is made,
    # while the others are still picking.
    for k, p in enumerate(seats):
        now += 1
        pick(pod, p, now)
        assert visible(pod, p)
        assert all(not visible(pod, q) for q in seats[k + 1:])
    # The review break (60 s by default) keeps them visible to all; then pack 2 hides them.
    assert pod.state.in_break() and all(visible(pod, p) for p in seats)
    assert can_see_own_picks(pod.state)
    pod.run(Sweep(now=now + 60_000))
    assert pod.state.round == 2 and not any(visible(pod, p) for p in seats)
    # And after the draft everything is visible.
    while not pod.state.finished:
        now += 1
        pod.run(Sweep(now=now))
        for p in seats:
            if player_view(pod.state, p)["pack"]:
                now += 1
                pick(pod, p, now)
        now += 60_000
    assert all(visible(pod, p) for p in seats)
