"""Deck building's use cases without HTTP: who opens the phase and until when, the named
player, the pool a registration is checked against (what the sealed product holds, else
what the staff recorded, own product within its advertised limits), multi-deck changes
between rounds only with the deadline no longer binding once play started (3.1.5),
validation recording nothing, privacy until publication (1.6) and the overview's pages."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.application import deck_facts, deck_queries, decks, sealed, tables, tournaments
from chalicelib.application.reads import Reads
from chalicelib.auth import Principal, Unauthorized
from chalicelib.domain.decks.decklist import Decklist
from chalicelib.domain.errors import Conflict, Forbidden, Invalid, NotFound
from chalicelib.domain.tables.aggregate import TABLES
from chalicelib.domain.tournament import TOURNAMENT
from tests.api.test_decks import VT_CRYPT, VT_LIB, VT_POOL
from tests.api.test_product_entries import MTG, OWN, VTES, pack
from tests.application import seeds
from tests.application.conftest import organizer, player

NOW = datetime(2026, 12, 4, 18, 0, tzinfo=UTC)


def at(rt, minutes):
    rt.service.clock = lambda: NOW + timedelta(minutes=minutes)


def reads(rt):
    return Reads(rt.service, rt.views)


def events(rt, tid):
    return [e.type for e in rt.events.read(f"decks-{tid}")]


def opened(world, fmt="sealed", players=2, n=0, **settings):
    """A started vtes event whose deck building is open until NOW + 60 minutes."""
    at(world.rt, 0)
    event = world.given(seeds.started("vtes", fmt, players=players, settings=settings, n=n))
    world.run(decks.open_phase, organizer(event), event["tid"], "2026-12-04T19:00:00Z",
              at_the_table=True)
    return event


def pid(event, i=0):
    return event["players"][i]["player_id"]


def deck(crypt=VT_CRYPT[:12], library=VT_LIB[:40]):
    return Decklist(crypt=list(crypt), library=list(library))


def register(world, actor, event, who, decklist, label="main", received=None):
    return world.run(decks.register, actor, event["tid"], who, decklist, label, received)


def test_the_organizer_opens_deck_building_until_the_tournament_is_finished(world):
    at(world.rt, 0)
    event = world.given(seeds.started("vtes", "sealed", players=2))
    tid, org = event["tid"], organizer(event)
    with pytest.raises(Forbidden):
        world.run(decks.open_phase, player(event, pid(event)), tid, None)
    with pytest.raises(Forbidden):
        world.run(decks.open_phase, Principal("organizer", "o0123456789a"), tid, None)
    done = world.run(tournaments.finish, org, tid, True, "the venue closed")
    assert done["status"] == "finished"
    with pytest.raises(Conflict) as refused:
        world.run(decks.open_phase, org, tid, None)
    assert refused.value.code == "not_running" and events(world.rt, tid) == []


def test_the_phase_document_and_its_deadline(world):
    event = opened(world)
    tid, org = event["tid"], organizer(event)
    later = world.run(decks.extend_deadline, org, tid, "2026-12-04T20:00:00Z")
    assert (later["open"], later["deadline"], later["game"], later["format"]) == (
        True, "2026-12-04T20:00:00Z", "vtes", "sealed")
    with pytest.raises(Conflict) as refused:
        world.run(decks.open_phase, org, tid, None)
    assert refused.value.code == "deckbuilding_open"


def test_a_named_player_must_be_registered_and_the_caller_them_or_staff(world):
    event = opened(world)
    tid, org = event["tid"], organizer(event)
    with pytest.raises(NotFound) as refused:
        world.run(decks.record_pool, org, tid, "p0000000000", VT_POOL, None)
    assert refused.value.code == "player_not_found"
    with pytest.raises(NotFound) as refused:
        register(world, org, event, "p0000000000", deck())
    assert refused.value.code == "player_not_found"
    with pytest.raises(Forbidden):
        register(world, player(event, pid(event, 1)), event, pid(event), deck())
    with pytest.raises(Forbidden):       # pools are recorded by staff
        world.run(decks.record_pool, player(event, pid(event)), tid, pid(event), VT_POOL, None)
    assert events(world.rt, tid) == ["DeckbuildingOpened"]


def test_the_sealed_product_is_the_pool_and_validation_records_nothing(world):
    event = opened(world)
    tid, org, me = event["tid"], organizer(event), player(event, pid(event))
    with pytest.raises(Conflict) as refused:        # no product, nothing recorded
        register(world, me, event, pid(event), deck())
    assert refused.value.code == "no_pool"
    # the product handed out in Podium instead: before deck building opens (not at the table)
    at(world.rt, 0)
    event = world.given(seeds.started("vtes", "sealed", players=2, n=1))
    tid, org, me = event["tid"], organizer(event), player(event, pid(event))
    product = VT_CRYPT[:12] + VT_LIB[:40]
    world.run(sealed.start, org, tid, None, None,
              {p["player_id"]: [product] for p in event["players"]}, None)
    world.run(sealed.open_product, org, tid)
    world.run(decks.open_phase, org, tid, "2026-12-04T19:00:00Z")
    outside = deck(library=VT_LIB[:39] + [VT_LIB[45]])
    checked = deck_queries.validate(reads(world.rt), me, tid, pid(event), outside, "main", None)
    assert not checked["legal"] and checked["pool_size"] == 52
    assert [(v["code"], v["card"]) for v in checked["violations"]] == [("not_in_pool", VT_LIB[45])]
    assert events(world.rt, tid) == ["DeckbuildingOpened"]
    with pytest.raises(Invalid) as refused:
        register(world, me, event, pid(event), outside)
    assert refused.value.code == "invalid_deck"
    done = register(world, me, event, pid(event), deck())
    assert done["decks"][0]["sizes"] == {"crypt": 12, "library": 40} and done["active"] == "main"
    assert done["pool"] is None                  # nobody recorded one: the product is it


def test_a_recorded_pool_of_own_product_stays_within_the_advertised_limits(world):
    event = opened(world, product=OWN)
    tid, org, who = event["tid"], organizer(event), pid(event)
    cards = pack(VTES, who, 0) + pack(VTES, who, 1)
    with pytest.raises(Invalid) as refused:
        world.run(decks.record_pool, org, tid, who, cards + pack(MTG, who)[:2],
                  {"boosters": [{"count": 3, "cards": 11}], "starters": 2})
    assert refused.value.code == "invalid_pool"
    assert sorted(p["code"] for p in refused.value.details) == [
        "card_not_in_allowed_sets", "too_many_boosters", "too_many_starters"]
    recorded = world.run(decks.record_pool, org, tid, who, cards,
                         {"boosters": [{"count": 2, "cards": 11}]})
    assert recorded["cards"] == cards and recorded["player_id"] == who
    assert deck_queries.pool(reads(world.rt), player(event, who), tid, who) == recorded
    with pytest.raises(NotFound) as refused:
        deck_queries.pool(reads(world.rt), org, tid, pid(event, 1))
    assert refused.value.code == "pool_not_found"


def test_multi_deck_changes_wait_for_the_end_of_a_round_and_the_deadline_stops_binding(world):
    event = opened(world, players=4, deck={"multi_deck": True})
    tid, org, who = event["tid"], organizer(event), pid(event)
    me = player(event, who)
    for p in event["players"]:
        world.run(decks.record_pool, org, tid, p["player_id"], VT_POOL, None)
    register(world, me, event, who, deck(), "aggro")
    register(world, me, event, who, deck(VT_CRYPT[12:24], VT_LIB[20:60]), "control")
    t = world.rt.service.read(TOURNAMENT, tid)[0]
    assert deck_facts.rounds(reads(world.rt), t) == (False, False)
    at(world.rt, 90)                                   # past the deadline, before round one
    with pytest.raises(Conflict) as refused:
        register(world, me, event, who, deck(library=VT_LIB[1:41]), "third")
    assert refused.value.code == "deadline_passed"
    world.run(tables.seat_round, org, tid)
    assert deck_facts.rounds(reads(world.rt), t) == (True, True)
    with pytest.raises(Conflict) as refused:
        world.run(decks.switch, me, tid, who, "control")
    assert refused.value.code == "round_in_progress"
    seated = world.rt.service.read(TABLES, tid)[0].current.tables[0]
    world.run(tables.report, org, tid, 1, 1, {seated[0]: 8, **{p: 0 for p in seated[1:]}})
    assert deck_facts.rounds(reads(world.rt), t) == (True, False)
    assert world.run(decks.switch, me, tid, who, "control")["active"] == "control"
    third = register(world, me, event, who, deck(library=VT_LIB[1:41]), "third")
    assert [d["label"] for d in third["decks"]] == ["aggro", "control", "third"]


def test_rounds_matter_only_with_multi_deck(world):
    event = opened(world, players=4)
    org, tid = organizer(event), event["tid"]
    for p in event["players"]:
        world.run(decks.record_pool, org, tid, p["player_id"], VT_POOL, None)
    world.run(tables.seat_round, org, tid)
    t = world.rt.service.read(TOURNAMENT, tid)[0]
    assert deck_facts.rounds(reads(world.rt), t) == (False, False)


def test_decklists_are_private_until_published(world):
    event = opened(world)
    tid, org, who = event["tid"], organizer(event), pid(event)
    world.run(decks.record_pool, org, tid, who, VT_POOL, None)
    register(world, player(event, who), event, who, deck())
    mine = deck_queries.registration(reads(world.rt), player(event, who), tid, who)
    assert mine["pool"]["cards"] == VT_POOL and mine["decks"][0]["registered_by"] == who
    with pytest.raises(Unauthorized):
        deck_queries.registration(reads(world.rt), None, tid, who)
    with pytest.raises(Forbidden):
        deck_queries.registration(reads(world.rt), player(event, pid(event, 1)), tid, who)
    with pytest.raises(Forbidden):
        world.run(decks.publish, Principal("judge", "j0123456789a", tournament_id=tid), tid)
    assert world.run(decks.publish, org, tid) == {
        "tournament_id": tid, "published": True, "registered": 1}
    public = deck_queries.registration(reads(world.rt), None, tid, who)
    assert "pool" not in public and "received" not in public["decks"][0]
    with pytest.raises(NotFound) as refused:
        deck_queries.registration(reads(world.rt), None, tid, pid(event, 1))
    assert refused.value.code == "deck_not_found"


def test_the_overview_pages_in_registration_order(world):
    event = opened(world, players=3)
    tid = event["tid"]
    first = deck_queries.overview(reads(world.rt), tid, None, 2)
    ids = [pid(event, i) for i in range(3)]
    assert [p["player_id"] for p in first["players"]] == ids[:2]
    assert first["unregistered"] == ids[:2] and first["next"] is not None
    rest = deck_queries.overview(reads(world.rt), tid, first["next"], 2)
    assert [p["player_id"] for p in rest["players"]] == ids[2:] and rest["next"] is None
    other = world.given(seeds.started("vtes", "sealed", players=2))
    with pytest.raises(NotFound) as refused:
        deck_queries.overview(reads(world.rt), other["tid"], None, 2)
    assert refused.value.code == "deckbuilding_not_open"
