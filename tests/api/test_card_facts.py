"""Issue 17: card facts never show a card the caller could not already see. A player's
draft seat names only their pack (and their picks when the profile shows them), a pod's
public view only the cards drafted face up or revealed, a sealed player only their own
product, the public nothing; the facts are the set's."""
from __future__ import annotations

from typing import Any

from chalicelib.application.card_facts import card_fact
from chalicelib.data.sets import sample_sets

FACTS = {c.id: card_fact(c, s.id) for s in sample_sets().values() for c in s.cards}


def cards_in(value: Any) -> set[str]:
    """The card ids a reply names (values and keys), its card facts left out."""
    if isinstance(value, dict):
        return {s for k, v in value.items() if k != "card_facts"
                for s in cards_in(k) | cards_in(v)}
    if isinstance(value, list):
        return {s for v in value for s in cards_in(v)}
    return {value} & FACTS.keys() if isinstance(value, str) else set()


def facts_of(body: dict[str, Any]) -> set[str]:
    facts = body["card_facts"]
    assert all(facts[c] == FACTS[c] for c in facts)
    return set(facts)


def test_a_drafting_player_gets_the_facts_of_their_pack_only(api):
    """V:EKN draft, own picks hidden while picking (between packs): after one pick each,
    a player's seat has the facts of the pack in front of them, not of their own hidden
    pick nor of any other pack of the pod."""
    event = api.started("vtes", "booster-draft", players=4)
    tid, org = event["tid"], event["organizer"]
    assert api.post(f"/v1/tournaments/{tid}/draft", token=org).status == 201
    pod = f"/v1/tournaments/{tid}/draft/pods/1"
    first = {}
    for p in event["players"]:
        me = api.get(pod + "/me", token=p["token"]).body
        assert facts_of(me) == set(me["pack"]) and me["pack"]
        first[p["player_id"]] = me["pack"][0]
        r = api.post(pod + "/picks", {"card": me["pack"][0]}, token=p["token"])
        assert r.status == 200, r.body
        assert facts_of(r.body) == cards_in(r.body)
    log = api.get(pod + "/log", token=org).body
    everything = cards_in(log)
    assert facts_of(log) == everything
    for p in event["players"]:
        me = api.get(pod + "/me", token=p["token"]).body
        assert me["picks"] is None                    # hidden from the player while picking
        shown = set(me["pack"] or [])
        assert facts_of(me) == shown == cards_in(me)
        unseen = everything - shown
        assert unseen and not unseen & facts_of(me)
        if first[p["player_id"]] not in shown:
            assert first[p["player_id"]] not in me["card_facts"]
    public = api.get(pod, token=event["players"][0]["token"]).body
    assert public["card_facts"] == {} and not cards_in(public)


def test_a_pods_public_view_has_the_facts_of_the_face_up_cards_only(api):
    """MTG 905.2c: a card drafted face up is public to the pod, with its facts (its draft
    action included); what the packs still hold is not."""
    event = api.started("mtg", "booster-draft", players=4)
    tid, org = event["tid"], event["organizer"]
    ordinary = [c.id for c in sample_sets()["sample-mtg"].cards if not c.draft_action]
    face_up = "cp-lookout-lens"
    packs = {p["player_id"]: [[face_up, *ordinary[4 * i:4 * i + 3]] if r == 0
                               else ordinary[20 + 4 * i + r:21 + 4 * i + r]
                               for r in range(3)]
             for i, p in enumerate(event["players"])}
    assert api.post(f"/v1/tournaments/{tid}/draft", {"packs": packs}, token=org).status == 201
    pod = f"/v1/tournaments/{tid}/draft/pods/1"
    ann = event["players"][0]
    assert api.post(pod + "/picks", {"card": face_up}, token=ann["token"]).status == 200
    public = api.get(pod, token=event["players"][1]["token"]).body
    assert [c["card"] for c in public["face_up"]] == [face_up]
    assert facts_of(public) == {face_up}
    assert public["card_facts"][face_up]["draft_action"] == "face-up"
    assert public["card_facts"][face_up]["name"] == "Lookout Lens"


def test_a_sealed_player_gets_the_facts_of_their_own_product(api):
    event = api.started("vtes", "sealed", players=4)
    api.hand_out(event)
    base = f"/v1/tournaments/{event['tid']}/sealed"
    staff = api.get(base, token=event["organizer"]).body
    everything = cards_in(staff)
    assert facts_of(staff) == everything
    for p in event["players"]:
        mine = api.get(base, token=p["token"]).body
        own = set(staff["pools"][p["player_id"]])
        assert facts_of(mine) == cards_in(mine) == own
        assert not (everything - own) & facts_of(mine)
    anonymous = api.get(base).body
    assert anonymous["card_facts"] == {} and not cards_in(anonymous)
