"""The decks aggregate: deadline, registration lock, reopen, multi-deck, publish, checks."""
import pytest

from chalicelib.domain.decider import fold
from chalicelib.domain.decks.aggregate import DECKS
from chalicelib.domain.decks.commands import (
    DeckCheck,
    ExtendDeadline,
    OpenDeckbuilding,
    PublishDecklists,
    RecordPool,
    RegisterDeck,
    ReopenDeck,
    SwitchDeck,
)
from chalicelib.domain.decks.decklist import Decklist
from chalicelib.domain.decks.events import (
    ActiveDeckSwitched,
    DeckbuildingOpened,
    DeckCheckRecorded,
    DecklistsPublished,
    DeckReopened,
)
from chalicelib.domain.errors import Conflict, Invalid, NotFound
from chalicelib.domain.profiles import resolve_settings
from tests.support.deciders import given, past

T0 = "2026-01-01T10:00:00Z"
T_BEFORE = "2026-01-01T10:59:00Z"
T_DEADLINE = "2026-01-01T11:00:00Z"
T_AFTER = "2026-01-01T11:00:01Z"
T_LATER = "2026-01-01T12:00:00Z"

CRYPT = [f"c{i}" for i in range(6)]
LIBRARY = [f"l{i}" for i in range(40)]
POOL = CRYPT + LIBRARY
KINDS = {**{c: "crypt" for c in CRYPT}, **{c: "library" for c in LIBRARY}}
GOOD = Decklist(crypt=CRYPT[:6], library=LIBRARY[:30])   # 6 boosters: 6 / 30, 1 recursion


class Harness:
    def __init__(self, game="vtes", fmt="sealed", players=8, **deck):
        settings = resolve_settings(game, {"deck": {"boosters_per_player": 6, **deck}})
        self.state = DECKS.initial()
        self.run(OpenDeckbuilding(game=game, format=fmt, settings=settings["deck"], now=T0,
                                  by="org", deadline=T_DEADLINE, player_count=players))

    def run(self, command):
        events = DECKS.decide(command, self.state)
        self.state = fold(DECKS, self.state, events)
        return events

    def register(self, player="p1", deck=GOOD, now=T_BEFORE, **kw):
        kw.setdefault("pool", POOL)
        return self.run(RegisterDeck(player=player, deck=deck, now=now, by=player,
                                     kinds=KINDS, **kw))


def test_registration_records_limits_and_recursions():
    h = Harness()
    [event] = h.register()
    assert event.type == "DeckRegistered"
    assert event.data["recursions"] == 1
    assert event.data["limits"]["crypt_min"] == 6 and event.data["limits"]["deck_min"] == 30
    assert event.data["sizes"] == {"crypt": 6, "library": 30}
    assert h.state.registration("p1")["version"] == 1


def opened(players=8, **deck) -> list:
    """The phase opened for ``players``, the deck section overridden by ``deck``."""
    settings = resolve_settings("vtes", {"deck": {"boosters_per_player": 6, **deck}})
    return past(DECKS, OpenDeckbuilding(game="vtes", format="sealed", settings=settings["deck"],
                                        now=T0, by="org", deadline=T_DEADLINE,
                                        player_count=players))


def register(player="p1", deck=GOOD, now=T_BEFORE, **kw) -> RegisterDeck:
    kw.setdefault("pool", POOL)
    return RegisterDeck(player=player, deck=deck, now=now, by=player, kinds=KINDS, **kw)


def test_nothing_before_the_phase_opens():
    given(DECKS).when(register(now=T0)).then_refused("deckbuilding_not_open")


def test_default_deadline_is_build_minutes():
    settings = resolve_settings("munchkin")["deck"]
    (event,) = given(DECKS).when(OpenDeckbuilding(
        game="munchkin", format="booster-draft", settings=settings, now=T0, by="org")
    ).then(DeckbuildingOpened).events
    assert event.deadline == "2026-01-01T10:20:00Z"


def test_deadline_in_the_past_is_refused():
    settings = resolve_settings("hack")["deck"]
    given(DECKS).when(OpenDeckbuilding(game="hack", format="booster-draft", settings=settings,
                                       now=T0, by="org", deadline=T0)).then_refused(Invalid)


def test_invalid_deck_lists_every_violation_and_appends_nothing():
    bad = Decklist(crypt=CRYPT[:5] + ["l0"], library=LIBRARY[1:30] + ["zz", "zz"])
    refused = given(DECKS, opened()).when(register(deck=bad)).then_refused("invalid_deck")
    assert sorted(v["code"] for v in refused.details) == \
        ["not_in_pool", "too_few", "unknown_card", "wrong_zone"]


def test_at_the_deadline_is_accepted_after_it_refused_until_extended():
    h = Harness()
    h.register(player="p1", now=T_DEADLINE)
    with pytest.raises(Conflict) as err:
        h.register(player="p2", now=T_AFTER)
    assert err.value.code == "deadline_passed"
    with pytest.raises(Invalid):
        h.run(ExtendDeadline(deadline=T_DEADLINE, now=T_AFTER, by="org"))
    h.run(ExtendDeadline(deadline=T_LATER, now=T_AFTER, by="org"))
    h.register(player="p2", now=T_AFTER)
    assert set(h.state.decks) == {"p1", "p2"}


def test_registered_deck_is_locked_until_reopened():
    h = Harness()
    h.register()
    other = Decklist(crypt=CRYPT[:6], library=LIBRARY[:31])
    with pytest.raises(Conflict) as err:
        h.register(deck=other)
    assert err.value.code == "deck_registered"
    with pytest.raises(Conflict):
        h.register(deck=other, label="second")
    h.run(ReopenDeck(player="p1", now=T_AFTER, by="org"))
    h.register(deck=other, now=T_AFTER)     # explicitly reopened: no deadline
    assert h.state.registration("p1")["version"] == 2
    with pytest.raises(Conflict):
        h.register(deck=GOOD, now=T_AFTER)  # locked again


def test_reopen_with_a_personal_deadline():
    h = Harness()
    h.register()
    h.run(ReopenDeck(player="p1", now=T_AFTER, by="org", until="2026-01-01T11:30:00Z"))
    with pytest.raises(Conflict):
        h.register(now=T_LATER)
    h.register(now="2026-01-01T11:29:00Z")
    with pytest.raises(NotFound):
        h.run(ReopenDeck(player="nobody", now=T_AFTER, by="org"))


def test_pool_comes_from_the_command_then_the_record_then_the_received_list():
    h = Harness()
    with pytest.raises(Conflict) as err:
        h.register(pool=None)
    assert err.value.code == "no_pool"
    h.run(RecordPool(player="p1", cards=POOL, now=T0, by="org",
                     product={"boosters": [{"count": 2, "cards": 11}]}))
    [event] = h.register(pool=None, deck=Decklist(crypt=CRYPT[:2], library=LIBRARY[:10]))
    assert event.data["recursions"] == 5    # the recorded product: 2 boosters
    [event] = h.register(player="p2", pool=None, received=POOL)
    assert event.data["received"] == POOL


def test_received_list_required_and_compared():
    h = Harness(require_received_list=True)
    with pytest.raises(Invalid) as err:
        h.register()
    assert [v["code"] for v in err.value.details] == ["received_list_missing"]
    with pytest.raises(Invalid) as err:
        h.register(received=POOL[:-1] + ["l0"])
    mismatch = {v["card"]: (v["count"], v["limit"]) for v in err.value.details}
    assert mismatch == {"l0": (2, 1), LIBRARY[-1]: (0, 1)}
    h.register(received=list(reversed(POOL)))


def test_restricted_trade_registration_uses_seven_four():
    h = Harness(fmt="restricted-trade")
    pool = [f"c{i}" for i in range(14)] + [f"l{i}" for i in range(70)]
    kinds = {**{c: "crypt" for c in pool if c[0] == "c"},
             **{c: "library" for c in pool if c[0] == "l"}}
    deck = Decklist(crypt=pool[:12], library=pool[14:79])
    [event] = h.run(RegisterDeck(player="p1", deck=deck, now=T0, by="p1", pool=pool,
                                 kinds=kinds))
    assert event.data["limits"]["deck_max"] == 65 and event.data["recursions"] == 0


def test_multi_deck_switching_between_rounds():
    h = Harness(multi_deck=True, players=11)
    h.register(label="aggro")
    other = Decklist(crypt=CRYPT[:6], library=LIBRARY[5:40])
    h.register(label="control", deck=other)
    assert h.state.active["p1"] == "aggro"
    with pytest.raises(Conflict) as err:      # before round 1 the deadline still applies
        h.register(label="aggro", deck=other, now=T_LATER)
    assert err.value.code == "deadline_passed"
    h.register(label="aggro", deck=other, now=T_LATER, play_started=True)  # between rounds
    with pytest.raises(Conflict) as err:
        h.run(SwitchDeck(player="p1", label="control", now=T_LATER, by="p1",
                         round_in_progress=True))
    assert err.value.code == "round_in_progress"
    h.run(SwitchDeck(player="p1", label="control", now=T_LATER, by="p1"))
    assert h.state.registration("p1")["label"] == "control"
    with pytest.raises(Conflict):
        h.register(label="control", now=T_LATER, round_in_progress=True, play_started=True)
    with pytest.raises(Conflict):
        h.register(player="p2", now=T_LATER)   # a first deck still needs the deadline


def test_multi_deck_needs_fewer_than_twelve_players():
    settings = resolve_settings("vtes", {"deck": {"multi_deck": True}})["deck"]
    given(DECKS).when(OpenDeckbuilding(game="vtes", format="sealed", settings=settings, now=T0,
                                       by="org", deadline=T_DEADLINE, player_count=12)
                      ).then_refused("multi_deck_not_allowed")
    given(DECKS, registered()).when(
        SwitchDeck(player="p1", label="main", now=T_LATER, by="p1")).then_refused(Conflict)


def test_switching_records_the_previous_active_deck():
    history = past(DECKS, register(label="aggro"), register(label="control"),
                   after=opened(multi_deck=True, players=11))
    given(DECKS, history).when(SwitchDeck(player="p1", label="control", now=T_LATER, by="p1")
                               ).then(ActiveDeckSwitched(player="p1", label="control",
                                                         previous="aggro", at=T_LATER,
                                                         by="p1"))


def test_deck_check_records_discrepancies():
    h = Harness()
    h.register()
    [ok] = h.run(DeckCheck(player="p1", presented=GOOD, now=T_LATER, by="judge", round=1))
    assert ok.data["matches"] and ok.data["discrepancies"] == []
    presented = Decklist(crypt=CRYPT[:5] + ["c0"], library=LIBRARY[:29] + ["x9"])
    [bad] = h.run(DeckCheck(player="p1", presented=presented, now=T_LATER, by="judge"))
    assert not bad.data["matches"]
    assert bad.data["discrepancies"] == [
        {"zone": "crypt", "card": "c0", "registered": 1, "found": 2},
        {"zone": "crypt", "card": "c5", "registered": 1, "found": 0},
        {"zone": "library", "card": "l29", "registered": 1, "found": 0},
        {"zone": "library", "card": "x9", "registered": 0, "found": 1},
    ]
    assert [c["check"] for c in h.state.checks] == [1, 2]
    with pytest.raises(NotFound):
        h.run(DeckCheck(player="p2", presented=GOOD, now=T_LATER, by="judge"))


def test_a_deck_check_of_the_registered_list_matches():
    given(DECKS, registered()).when(
        DeckCheck(player="p1", presented=GOOD, now=T_LATER, by="judge", round=1)
    ).then(DeckCheckRecorded(check=1, player="p1", label="main", version=1, round=1,
                             note="", presented={"crypt": dict.fromkeys(GOOD.crypt, 1),
                                                 "library": dict.fromkeys(GOOD.library, 1)},
                             discrepancies=[], matches=True, at=T_LATER, by="judge"))


def registered(*commands) -> list:
    """The phase opened, then these registrations (default: p1's good deck)."""
    return past(DECKS, *(commands or [register()]), after=opened())


def test_publish_once():
    publish = PublishDecklists(now=T_LATER, by="org")
    published = given(DECKS, registered()).when(publish).then(
        DecklistsPublished(at=T_LATER, by="org", registered=1))
    assert published.state.published
    given(DECKS, registered(), published.events).when(publish).then_refused(Conflict)


def test_reopening_records_who_and_until_when():
    given(DECKS, registered()).when(
        ReopenDeck(player="p1", now=T_AFTER, by="org", until="2026-01-01T11:30:00Z")
    ).then(DeckReopened(player="p1", until="2026-01-01T11:30:00Z", at=T_AFTER, by="org"))
    given(DECKS, registered()).when(ReopenDeck(player="nobody", now=T_AFTER, by="org")
                                    ).then_refused(NotFound)


def test_evolve_does_not_mutate():
    h = Harness()
    before = h.state
    h.register()
    assert before.decks == {} and h.state.decks != {}
