import json
from dataclasses import replace

import pytest

from chalicelib.domain.draft.aggregate import POD
from chalicelib.domain.draft.commands import MakePick, Preselect, ReplacePack, Sweep, TurnFaceDown
from chalicelib.domain.draft.events import CardPicked
from chalicelib.domain.draft.views import pick_log, player_view, public_view, staff_view, visible_to
from chalicelib.domain.errors import Conflict, Forbidden, Invalid
from tests.support.deciders import given, past

from .pod_helpers import T0, Pod, start


def first_card(pod, player):
    return player_view(pod.state, player)["pack"][0]


def plain_card(pod, player):
    """A card of the player's pack that needs no note."""
    for card in player_view(pod.state, player)["pack"]:
        if pod.state.specials.get(card, {}).get("action") != "reveal":
            return card
    return None


def pick(pod, player, now, card=None):
    view = player_view(pod.state, player)
    card = card or plain_card(pod, player)
    note = None
    if card is None:
        card = view["pack"][0]
    special = pod.state.specials.get(card, {})
    if special.get("action") == "reveal":
        note = (special.get("choices") or ["noted"])[0]
    return pod.run(MakePick(player=player, card=card, now=now, note=note))


def test_full_pod_passing_directions_and_end():
    draft, opens = start("mtg", 8)
    pod = Pod(opens[0])
    seats = pod.state.seats
    assert draft.rounds == 3 and len(seats) == 8
    first_packs = [list(p) for p in pod.state.packs_by_round[0]]
    # seat 1 picks from its own pack; the remaining 14 cards go left to seat 2
    card = first_card(pod, seats[0])
    pick(pod, seats[0], T0 + 1, card)
    assert pod.state.queues[1] == (1, 0)
    assert player_view(pod.state, seats[1])["waiting_packs"] == 1
    now = T0 + 2
    while not pod.state.finished:
        for player in seats:
            if player_view(pod.state, player)["pack"]:
                pick(pod, player, now)
                now += 1
    assert all(len(pod.state.picks[s]) == 45 for s in range(8))
    # round 2 passes right: seat 1's first round-2 pick was its own pack, second came from seat 2
    r2 = [p for p in pod.state.picks[0] if p.round == 2]
    assert r2[0].origin == 0 and r2[1].origin == 1
    r1 = [p for p in pod.state.picks[0] if p.round == 1]
    assert r1[1].origin == 7
    # every card of every pack ends in exactly one pool
    opened = sorted(c for rnd in pod.state.packs_by_round for pack in rnd for c in pack)
    drafted = sorted(c for s in range(8) for c in pod.state.pool(s))
    assert opened == drafted
    assert [list(p) for p in pod.state.packs_by_round[0]] == first_packs
    assert pod.replay() == pod.state


def test_pick_out_of_turn_and_outsider():
    _, opens = start("mtg", 4)
    opened = past(POD, opens[0])
    a, b = given(POD, opened).state.seats[:2]
    card = plain_card(given(POD, opened), a)
    given(POD, opened).when(MakePick(player=a, card=card, now=T0 + 1)).then(CardPicked(
        seat=0, round=1, pick=1, origin=0, card=card, at=T0 + 1, auto=False,
        preselected=False, note=None))
    pod = given(POD, past(POD, MakePick(player=a, card=card, now=T0 + 1), after=opened))
    # a has no pack until d passes one
    pod.when(MakePick(player=a, card=first_card(pod, b), now=T0 + 2)).then_refused(Conflict)
    pod.when(MakePick(player="stranger", card="x", now=T0 + 2)).then_refused(Forbidden)
    with pytest.raises(Forbidden):
        player_view(pod.state, "stranger")
    pod.when(MakePick(player=b, card="not-in-pack", now=T0 + 2)).then_refused(Invalid)
    pod.when(MakePick(player=b, card=first_card(pod, b), now=T0 + 2, pick=3)  # stale pick
             ).then_refused(Conflict)


def test_timer_autopicks_preselected_then_random_and_replay_reproduces():
    _, opens = start("mtg", 4, draft={"pick_seconds": 30})
    pod = Pod(opens[0])
    a, b, c, d = pod.state.seats
    target = player_view(pod.state, a)["pack"][5]
    pod.run(Preselect(player=a, card=target, now=T0 + 1000))
    assert player_view(pod.state, a)["deadline"] == T0 + 30_000
    pick(pod, b, T0 + 2000)
    pick(pod, c, T0 + 3000)
    pick(pod, d, T0 + 4000)
    # at T0+31s a's pick expires: the preselected card is taken at the deadline
    events = pod.run(Sweep(now=T0 + 31_000))
    picked = [e.data for e in events if e.type == "CardPicked"]
    assert picked[0]["seat"] == 0 and picked[0]["card"] == target
    assert picked[0]["auto"] and picked[0]["preselected"] and picked[0]["at"] == T0 + 30_000
    # b, c, d received packs at 2s/3s/4s and their second picks expire at 32s...: nothing yet
    assert len(picked) == 1
    # much later everything cascades to the end of the draft, all random auto-picks
    events = pod.run(Sweep(now=T0 + 10_000_000))
    assert pod.state.finished
    autos = [e for e in pod.events if e.type == "CardPicked" and e.data["auto"]]
    assert len(autos) == 4 * 45 - 3
    assert pod.replay() == pod.state
    # a second pod opened from the same command makes the same auto-picks
    again = Pod(opens[0])
    for e in pod.events[2:]:
        if e.type == "CardPicked" and not e.data["auto"]:
            again.run(MakePick(player=pod.state.seats[e.data["seat"]], card=e.data["card"],
                               now=e.data["at"], note=e.data["note"]))
        elif e.type == "CardPreselected":
            again.run(Preselect(player=pod.state.seats[e.data["seat"]],
                                card=e.data["card"], now=e.data["at"]))
    again.run(Sweep(now=T0 + 10_000_000))
    assert again.events == pod.events


def test_timer_table_shrinks():
    _, opens = start("mtg", 4, draft={"pick_seconds_by_cards_left": [[10, 40], [5, 20], [0, 5]]})
    pod = Pod(opens[0])
    assert pod.state.seconds_for(15) == 40 and pod.state.seconds_for(6) == 20
    assert pod.state.seconds_for(1) == 5


def test_hidden_information_profiles():
    _, opens = start("hack", 6, product={"boosters": [{"set": "sample-munchkin", "count": 4}]})
    pod = Pod(opens[0])
    a = pod.state.seats[0]
    pick(pod, a, T0 + 1)
    view = player_view(pod.state, a)
    assert view["picks"] is None and not view["picks_visible"]
    public = public_view(pod.state)
    text = json.dumps(public)
    assert not any(card in text for rnd in pod.state.packs_by_round for pack in rnd
                   for card in pack)
    assert staff_view(pod.state)["seat_detail"][1]["queue"][1]["cards"]

    _, opens = start("vtes", 4, draft={"review_seconds": 60})
    pod = Pod(opens[0])
    a = pod.state.seats[0]
    pick(pod, a, T0 + 1)
    assert player_view(pod.state, a)["picks"] is None
    now = T0 + 2
    while pod.state.round == 1 and not pod.state.in_break():
        for player in pod.state.seats:
            if player_view(pod.state, player)["pack"]:
                pick(pod, player, now)
                now += 1
    assert pod.state.in_break()
    view = player_view(pod.state, a)
    assert view["picks_visible"] and len(view["picks"]) == 11
    with pytest.raises(Conflict):
        pod.run(MakePick(player=a, card="x", now=now))
    pod.run(Sweep(now=now + 60_000))
    assert pod.state.round == 2 and player_view(pod.state, a)["picks"] is None

    _, opens = start("mtg", 4)
    pod = Pod(opens[0])
    a = pod.state.seats[0]
    pick(pod, a, T0 + 1)
    assert len(player_view(pod.state, a)["picks"]) == 1


def test_conspiracy_face_up_and_reveal_are_public():
    draft, opens = start("mtg", 8, seed="consp")
    specials = opens[0].specials
    assert {v["action"] for v in specials.values()} == {"face-up", "reveal"}
    # force a pack with both kinds at seat 1
    face_up = next(c for c, v in specials.items() if v["action"] == "face-up")
    reveal = next(c for c, v in specials.items() if v["action"] == "reveal" and v["choices"])
    packs = [list(r) for r in opens[0].packs]
    packs[0] = [list(p) for p in packs[0]]
    packs[0][0][0], packs[0][1][0] = face_up, reveal
    pod = Pod(replace(opens[0], packs=packs))
    a = pod.state.seats[0]
    b = pod.state.seats[1]
    pod.run(MakePick(player=a, card=face_up, now=T0 + 1))
    with pytest.raises(Invalid):  # reveal cards need the noted information
        pod.run(MakePick(player=b, card=reveal, now=T0 + 2))
    with pytest.raises(Invalid):
        pod.run(MakePick(player=b, card=reveal, now=T0 + 2, note="not-a-choice"))
    choice = specials[reveal]["choices"][0]
    pod.run(MakePick(player=b, card=reveal, now=T0 + 2, note=choice))
    public = public_view(pod.state)
    assert [e["card"] for e in public["face_up"]] == [face_up]
    assert public["revealed"][0]["note"] == choice and public["revealed"][0]["seat"] == 2
    pod.run(TurnFaceDown(player=a, card=face_up, now=T0 + 3))
    assert public_view(pod.state)["face_up"] == []
    with pytest.raises(Conflict):
        pod.run(TurnFaceDown(player=a, card=face_up, now=T0 + 4))


def test_pack_replacement_before_opening_only():
    _, opens = start("mtg", 4)
    pod = Pod(opens[0])
    a = pod.state.seats[0]
    fresh = list(pod.state.packs_by_round[0][1])[::-1]
    with pytest.raises(Invalid):
        pod.run(ReplacePack(seat=2, round=1, cards=fresh[:3], reason="short", by="j", now=T0))
    pod.run(ReplacePack(seat=2, round=1, cards=fresh, reason="short", by="j", now=T0))
    assert pod.state.packs[1] == tuple(fresh)
    pick(pod, a, T0 + 1)
    with pytest.raises(Conflict):
        pod.run(ReplacePack(seat=1, round=1, cards=fresh, reason="x", by="j", now=T0 + 2))
    pod.run(ReplacePack(seat=1, round=3, cards=fresh, reason="torn", by="j", now=T0 + 2))
    assert pod.state.packs_by_round[2][0] == tuple(fresh)
    assert pod.replay() == pod.state
    assert len(pick_log(pod.state)["replacements"]) == 2


def test_evolve_does_not_mutate():
    _, opens = start("mtg", 4)
    pod = Pod(opens[0])
    before = pod.state
    snapshot = (dict(before.packs), before.queues, before.picks)
    pick(pod, before.seats[0], T0 + 1)
    assert (dict(before.packs), before.queues, before.picks) == snapshot


def test_visible_to_never_shows_other_seats_before_the_end():
    _, opens = start("mtg", 4)
    pod = Pod(opens[0])
    a = pod.state.seats[0]
    pick(pod, a, T0 + 1)
    b_pack = set(pod.state.current_pack(1)) | set(pod.state.packs_by_round[0][0])
    a_view = visible_to(pod.state, a)
    assert a_view["me"]["seat"] == 1 and a_view["me"]["pack"] is None
    shown = json.dumps({k: v for k, v in a_view.items() if k != "me"})
    assert not any(card in shown for card in b_pack)
    assert "me" not in visible_to(pod.state, "outsider")
    assert visible_to(pod.state, None, staff=True)["seat_detail"][1]["queue"]


def test_pick_for_takes_the_preselection_else_a_seeded_card_and_replays():
    from chalicelib.domain.draft.commands import PickFor, Preselect

    from .pod_helpers import T0, Pod, start
    _, opens = start("mtg", 4)
    pod = Pod(opens[0])
    a, b = opens[0].seats[0], opens[0].seats[1]
    wanted = pod.state.current_pack(0)[3]
    pod.run(Preselect(player=a, card=wanted, now=T0 + 1))
    first = pod.run(PickFor(player=a, by="judge", now=T0 + 2))[0]
    assert first.data["card"] == wanted and first.data["preselected"]
    assert first.data["by"] == "judge"
    second = pod.run(PickFor(player=b, by="judge", now=T0 + 3))[0]
    assert not second.data["preselected"] and second.data["card"] in opens[0].packs[0][1]
    assert pod.replay() == pod.state
    twin = Pod(opens[0])
    twin.run(Preselect(player=a, card=wanted, now=T0 + 1))
    twin.run(PickFor(player=a, by="judge", now=T0 + 2))
    assert twin.run(PickFor(player=b, by="judge", now=T0 + 3))[0].data["card"] == \
        second.data["card"]


def test_a_judge_picks_a_reveal_card_with_the_players_own_choice():
    """MTG 905.2b: a card revealed as drafted has "some information" noted; a judge
    picking for an absent player enters what the player chose, as the player's own pick
    would carry it: never a choice drawn at random, never a pick without it."""
    from chalicelib.domain.draft.commands import PickFor, Preselect

    _, opens = start("mtg", 4, seed="consp")
    specials = opens[0].specials
    with_choices = next(c for c, v in specials.items()
                        if v["action"] == "reveal" and v["choices"])
    packs = [[list(p) for p in r] for r in opens[0].packs]
    plain = next(c for c in packs[0][1] if c not in specials)
    packs[0][0][0], packs[0][1][0] = with_choices, plain
    pod = Pod(replace(opens[0], packs=packs))
    a, b = pod.state.seats[0], pod.state.seats[1]
    pod.run(Preselect(player=a, card=with_choices, now=T0 + 1))
    with pytest.raises(Invalid) as missing:
        pod.run(PickFor(player=a, by="judge", now=T0 + 2))
    assert missing.value.code == "note_required"
    assert missing.value.details["card"] == with_choices
    assert missing.value.details["choices"] == specials[with_choices]["choices"]
    with pytest.raises(Invalid):
        pod.run(PickFor(player=a, by="judge", now=T0 + 2, note="not-a-choice"))
    choice = specials[with_choices]["choices"][-1]
    taken = pod.run(PickFor(player=a, by="judge", now=T0 + 2, note=choice))[0]
    assert (taken.data["card"], taken.data["note"], taken.data["by"]) == (
        with_choices, choice, "judge")
    assert public_view(pod.state)["revealed"][0]["note"] == choice
    pod.run(Preselect(player=b, card=plain, now=T0 + 3))
    with pytest.raises(Invalid):        # only a card revealed as drafted takes a note
        pod.run(PickFor(player=b, by="judge", now=T0 + 4, note="blue"))
    assert pod.run(PickFor(player=b, by="judge", now=T0 + 4))[0].data["note"] is None
    assert pod.replay() == pod.state
