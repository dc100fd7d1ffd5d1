"""Each game's deck rules at and around their boundaries; every violation is listed."""
import pytest
from pydantic import ValidationError

from chalicelib.data.sets import sample_sets
from chalicelib.domain.decks.decklist import Decklist
from chalicelib.domain.decks.limits import resolve_limits
from chalicelib.domain.decks.unverified import kinds_unverified
from chalicelib.domain.decks.validate import validate_deck
from chalicelib.domain.profiles.deck import DeckSettings


def ids(prefix, n):
    return [f"{prefix}{i}" for i in range(n)]


def run(game, deck, pool, kinds, fmt="booster-draft", product=None, **override):
    settings = DeckSettings.model_validate(
        {**DeckSettings.for_game(game).model_dump(mode="json"), **override})
    limits = resolve_limits(settings, fmt, product)
    return validate_deck(Decklist(**deck), settings=settings, limits=limits, pool=pool,
                         kinds=kinds)


def codes(violations):
    return sorted(v["code"] for v in violations)


# ---- V:EKN -------------------------------------------------------------------------
VT_KINDS = {**{c: "crypt" for c in ids("c", 20)}, **{c: "library" for c in ids("l", 100)}}
VT_POOL = ids("c", 20) + ids("l", 100)


@pytest.mark.parametrize("boosters,crypt_min,library_min", [
    (b, c, lib) for b, c, lib in [(1, 1, 5), (2, 2, 10), (3, 3, 15), (4, 4, 20), (5, 5, 25),
                                  (6, 6, 30), (7, 7, 35), (8, 8, 40), (11, 11, 40),
                                  (12, 12, 40), (15, 12, 40)]])
@pytest.mark.parametrize("crypt_delta,library_delta", [(0, 0), (-1, 0), (0, -1), (-1, -1),
                                                       (1, 1)])
def test_vtes_minima_by_boosters(boosters, crypt_min, library_min, crypt_delta, library_delta):
    deck = {"crypt": ids("c", crypt_min + crypt_delta),
            "library": ids("l", library_min + library_delta)}
    found = run("vtes", deck, VT_POOL, VT_KINDS, boosters_per_player=boosters)
    expected = []
    if crypt_delta < 0:
        expected.append({"code": "too_few", "zone": "crypt", "count": crypt_min - 1,
                         "limit": crypt_min})
    if library_delta < 0:
        expected.append({"code": "too_few", "zone": "library", "count": library_min - 1,
                         "limit": library_min})
    assert [{k: v[k] for k in ("code", "zone", "count", "limit")} for v in found] == \
        sorted(expected, key=lambda v: v["zone"] != "library")


@pytest.mark.parametrize("size,ok", [(89, True), (90, True), (91, False)])
def test_vtes_library_at_most_ninety(size, ok):
    pool = ids("c", 12) + ids("l", 100)
    deck = {"crypt": ids("c", 12), "library": ids("l", size)}
    found = run("vtes", deck, pool, VT_KINDS, boosters_per_player=12)
    assert codes(found) == ([] if ok else ["too_many"])
    if not ok:
        assert found[0]["limit"] == 90 and found[0]["count"] == 91


@pytest.mark.parametrize("crypt,library,expected", [
    (12, 40, []), (11, 40, ["too_few"]), (12, 39, ["too_few"]), (11, 39, ["too_few", "too_few"]),
])
def test_vtes_starters_need_forty_and_twelve(crypt, library, expected):
    deck = {"crypt": ids("c", crypt), "library": ids("l", library)}
    found = run("vtes", deck, VT_POOL, VT_KINDS, product={"boosters": [], "starters": 1})
    assert codes(found) == expected


@pytest.mark.parametrize("boosters,cards,crypt,library,expected", [
    (6, 10, 5, 25, []),               # 60 cards = 5 effective boosters: 5 / 25
    (6, 10, 4, 25, ["too_few"]),
    (6, 10, 5, 24, ["too_few"]),
    (8, 10, 7, 35, []),               # 80 cards = 7: 7 / 35
    (8, 10, 7, 34, ["too_few"]),
])
def test_vtes_ten_card_packs(boosters, cards, crypt, library, expected):
    deck = {"crypt": ids("c", crypt), "library": ids("l", library)}
    found = run("vtes", deck, VT_POOL, VT_KINDS, boosters_per_player=boosters,
                cards_per_booster=cards)
    assert codes(found) == expected


@pytest.mark.parametrize("crypt,library,expected", [
    (12, 65, []), (11, 65, ["too_few"]), (13, 65, ["too_many"]),
    (12, 64, ["too_few"]), (12, 66, ["too_many"]), (10, 50, ["too_few", "too_few"]),
])
def test_vtes_restricted_trade_counts(crypt, library, expected):
    found = run("vtes", {"crypt": ids("c", crypt), "library": ids("l", library)},
                VT_POOL, VT_KINDS, fmt="restricted-trade", boosters_per_player=6)
    assert codes(found) == expected
    for v in found:
        assert v["limit"] == (12 if v["zone"] == "crypt" else 65)


def test_vtes_cards_must_be_in_their_own_zone_and_game_zones_only():
    deck = {"crypt": ids("c", 4) + ["l0"], "library": ["c5"] + ids("l", 25)[1:],
            "main": ["l30"]}
    found = run("vtes", deck, VT_POOL, VT_KINDS, boosters_per_player=5)
    # misplaced cards do not count towards their zone's size
    assert codes(found) == ["too_few", "too_few", "wrong_zone", "wrong_zone", "zone_not_used"]
    wrong = {(v["zone"], v["card"]) for v in found if v["code"] == "wrong_zone"}
    assert wrong == {("crypt", "l0"), ("library", "c5")}


# ---- pool ownership (7.2.4, 905.1d) -------------------------------------------------
def test_ownership_counts_every_zone_and_lists_every_card():
    pool = ids("c", 5) + ids("l", 25) + ["l0"]          # two copies of l0
    deck = {"crypt": ids("c", 5),
            "library": ["l0", "l0", "l0"] + ids("l", 25)[1:] + ["x1", "x1"]}
    found = run("vtes", deck, pool, {**VT_KINDS, "x1": "library"}, boosters_per_player=5)
    by_card = {v["card"]: v for v in found}
    assert codes(found) == ["exceeds_pool", "not_in_pool"]
    assert (by_card["l0"]["count"], by_card["l0"]["limit"]) == (3, 2)
    assert (by_card["x1"]["count"], by_card["x1"]["limit"]) == (2, 0)


def test_unknown_cards_are_listed_when_the_sets_are_known():
    deck = {"main": ids("h", 34) + ["zz"]}
    found = run("hack", deck, ids("h", 34), {c: "other" for c in ids("h", 34)})
    assert codes(found) == ["not_in_pool", "unknown_card"]
    assert run("hack", deck, ids("h", 34) + ["zz"], None) == []


# ---- .hack//ENEMY -------------------------------------------------------------------
HACK_KINDS = {c: "other" for c in ids("h", 40)}


@pytest.mark.parametrize("size,expected", [(34, ["too_few"]), (35, []), (36, ["too_many"])])
def test_hack_draw_deck_is_35(size, expected):
    pool = (ids("h", 10) * 4)
    deck = {"main": pool[:size]}
    assert codes(run("hack", deck, pool, HACK_KINDS)) == expected


def test_hack_allows_any_number_of_copies():
    pool = ["h1"] * 35
    assert run("hack", {"main": ["h1"] * 35}, pool, HACK_KINDS) == []


# ---- Munchkin -----------------------------------------------------------------------
MK_KINDS = {**{c: "other" for c in ids("m", 40)}, "hero1": "hero", "hero2": "hero",
            "flamingo": "hero"}
MK_POOL = ids("m", 40) + ids("m", 40) + ids("m", 40) + ids("m", 5) + ["hero1"]


@pytest.mark.parametrize("size,expected", [(29, ["too_few"]), (30, []), (31, ["too_many"])])
def test_munchkin_deck_is_exactly_thirty(size, expected):
    deck = {"main": ids("m", size), "hero": "hero1"}
    assert codes(run("munchkin", deck, MK_POOL, MK_KINDS)) == expected


@pytest.mark.parametrize("copies,expected", [(3, []), (4, ["too_many_copies"])])
def test_munchkin_three_copies(copies, expected):
    deck = {"main": ["m0"] * copies + ids("m", 31 - copies)[1:], "hero": "hero1"}
    found = run("munchkin", deck, MK_POOL, MK_KINDS)
    assert codes(found) == expected


def test_munchkin_hero_is_the_draft_hero_or_a_drafted_one_not_both():
    main = ids("m", 30)
    ok = run("munchkin", {"main": main, "hero": "flamingo"}, MK_POOL, MK_KINDS,
             draft_hero="flamingo")
    assert ok == []
    assert run("munchkin", {"main": main, "hero": "hero1"}, MK_POOL, MK_KINDS,
               draft_hero="flamingo") == []
    missing = run("munchkin", {"main": main}, MK_POOL, MK_KINDS, draft_hero="flamingo")
    assert codes(missing) == ["hero_missing"]
    undrafted = run("munchkin", {"main": main, "hero": "hero2"}, MK_POOL, MK_KINDS,
                    draft_hero="flamingo")
    assert codes(undrafted) == ["not_in_pool"]
    both = run("munchkin", {"main": main[:29] + ["hero1"], "hero": "flamingo"}, MK_POOL,
               MK_KINDS, draft_hero="flamingo")
    assert codes(both) == ["too_few", "wrong_zone"]   # the misplaced hero does not count
    flamingo_in_deck = run("munchkin", {"main": main[:29] + ["flamingo"], "hero": "hero1"},
                           MK_POOL, MK_KINDS, draft_hero="flamingo")
    assert "wrong_zone" in codes(flamingo_in_deck)


# Munchkin draft guidelines: "either the Flamingo Wanderer OR one Hero they drafted from a
# pack (but not both)". The organizer declares the draft hero and, for physical product
# (card sets unknown), the product's hero ids; those are heroes whatever else is known.
MK_MAIN = ids("m", 30)
MK_TABLE = [
    ("draft hero", {"main": MK_MAIN, "hero": "flamingo"}, []),
    ("drafted hero", {"main": MK_MAIN, "hero": "hero1"}, []),
    ("hero not drafted", {"main": MK_MAIN, "hero": "hero2"}, ["not_in_pool"]),
    ("no hero", {"main": MK_MAIN}, ["hero_missing"]),
    ("drafted hero in the deck too", {"main": MK_MAIN[:29] + ["hero1"], "hero": "flamingo"},
     ["too_few", "wrong_zone"]),
    ("draft hero in the deck too", {"main": MK_MAIN[:29] + ["flamingo"], "hero": "hero1"},
     ["not_in_pool", "too_few", "wrong_zone"]),
    ("a non-hero as hero", {"main": MK_MAIN, "hero": "m39"}, ["wrong_zone"]),
]
MK_DECLARED = {"draft_hero": "flamingo", "hero_cards": ["hero1", "hero2"]}


@pytest.mark.parametrize("kinds", [None, MK_KINDS], ids=["physical", "card-sets"])
@pytest.mark.parametrize("case,deck,expected", MK_TABLE, ids=[c[0] for c in MK_TABLE])
def test_munchkin_declared_heroes_check_with_or_without_card_sets(kinds, case, deck,
                                                                 expected):
    found = run("munchkin", deck, MK_POOL, kinds, **MK_DECLARED)
    assert codes(found) == expected, found
    settings = DeckSettings.for_game("munchkin").model_copy(
        update={"hero_cards": ["hero1", "hero2"]})
    assert kinds_unverified(settings, kinds) == []


@pytest.mark.parametrize("case,deck,expected", [
    ("drafted hero in the deck too", {"main": MK_MAIN[:29] + ["hero1"], "hero": "flamingo"},
     []),   # not seen without kinds: the deck counts 30, hence flagged kinds_unverified
    ("a non-hero as hero", {"main": MK_MAIN, "hero": "m39"}, []),
    ("draft hero in the deck too", {"main": MK_MAIN[:29] + ["flamingo"], "hero": "hero1"},
     ["not_in_pool", "too_few", "wrong_zone"]),   # the declared draft hero is known
])
def test_munchkin_physical_product_without_declared_heroes_is_unverified(case, deck,
                                                                         expected):
    assert codes(run("munchkin", deck, MK_POOL, None, draft_hero="flamingo")) == expected
    settings = DeckSettings.model_validate({**DeckSettings.for_game("munchkin").model_dump(),
                                            "draft_hero": "flamingo"})
    [flag] = kinds_unverified(settings, None)
    assert flag["code"] == "kinds_unverified" and "hero_cards" in flag["message"]


def test_munchkin_draft_hero_outside_the_card_sets_is_a_hero():
    """An organizer-provided draft hero (an OP-kit card) the sets do not describe."""
    kinds = {k: v for k, v in MK_KINDS.items() if k != "flamingo"}
    assert run("munchkin", {"main": MK_MAIN, "hero": "flamingo"}, MK_POOL, kinds,
               draft_hero=["flamingo"]) == []
    undeclared = run("munchkin", {"main": MK_MAIN, "hero": "flamingo"}, MK_POOL, kinds,
                     draft_hero=[])
    assert codes(undeclared) == ["not_in_pool", "unknown_card"]


@pytest.mark.parametrize("value,stored", [
    (None, []), ("flamingo", ["flamingo"]), (["a", "b"], ["a", "b"]), ([], [])])
def test_munchkin_draft_hero_setting_takes_one_id_or_several(value, stored):
    settings = DeckSettings.model_validate({"rules": "munchkin", "draft_hero": value})
    assert settings.draft_hero == stored


@pytest.mark.parametrize("field,value", [("draft_hero", "x"), ("hero_cards", ["x"])])
def test_hero_settings_are_munchkin_only(field, value):
    with pytest.raises(ValidationError, match="Munchkin"):
        DeckSettings.model_validate({**DeckSettings.for_game("mtg").model_dump(),
                                     field: value})


def test_munchkin_has_no_default_draft_hero_the_sample_product_hands_it_out():
    """The sample product gives every player the draft hero as a starter, so it is in the
    pool; no profile default lets a player of other product claim a hero nobody holds."""
    settings = DeckSettings.for_game("munchkin")
    assert settings.draft_hero == []
    sample = sample_sets()["sample-munchkin"]
    starter = next(s for s in sample.starters if s.id == "draft-hero")
    assert list(starter.cards) == ["mk-draft-wanderer"]
    kinds = {c.id: c.kind for c in sample.cards}
    others = [c.id for c in sample.cards if c.kind == "other"][:30]
    deck = Decklist(main=others, hero="mk-draft-wanderer")
    limits = resolve_limits(settings, "booster-draft", None)
    with_starter = others + list(starter.cards)
    assert validate_deck(deck, settings=settings, limits=limits, pool=with_starter,
                         kinds=kinds) == []
    assert [v["code"] for v in validate_deck(deck, settings=settings, limits=limits,
                                             pool=others, kinds=kinds)] == ["not_in_pool"]
    declared = settings.model_copy(update={"draft_hero": ["mk-draft-wanderer"]})
    assert validate_deck(deck, settings=declared, limits=limits, pool=others,
                         kinds=kinds) == []


# ---- MTG (905.1d, 905.4) ------------------------------------------------------------
MTG_KINDS = {**{c: "other" for c in ids("g", 45)}, "plains": "basic-land",
             "island": "basic-land", "consp1": "conspiracy"}
MTG_POOL = ids("g", 45) + ["consp1"]


@pytest.mark.parametrize("spells,lands,expected", [
    (23, 17, []), (23, 16, ["too_few"]), (22, 17, ["too_few"]), (45, 40, []), (0, 40, []),
])
def test_mtg_forty_with_any_number_of_basic_lands(spells, lands, expected):
    deck = {"main": ids("g", spells) + ["plains"] * (lands // 2)
            + ["island"] * (lands - lands // 2)}
    assert codes(run("mtg", deck, MTG_POOL, MTG_KINDS)) == expected


def test_mtg_conspiracies_go_to_the_sideboard():
    main = ids("g", 23) + ["plains"] * 17
    assert run("mtg", {"main": main, "sideboard": ["consp1"] + ids("g", 45)[23:]},
               MTG_POOL, MTG_KINDS) == []
    found = run("mtg", {"main": main + ["consp1"]}, MTG_POOL, MTG_KINDS)
    assert codes(found) == ["wrong_zone"] and found[0]["card"] == "consp1"


def test_mtg_sideboard_counts_against_the_pool():
    main = ids("g", 23) + ["plains"] * 17
    found = run("mtg", {"main": main, "sideboard": ["g0"]}, MTG_POOL, MTG_KINDS)
    assert codes(found) == ["exceeds_pool"]


def test_every_violation_is_listed_at_once():
    deck = {"main": ["m0"] * 5 + ["zz"], "crypt": ["m1"]}
    found = run("munchkin", deck, MK_POOL, MK_KINDS)
    assert codes(found) == ["exceeds_pool", "hero_missing", "not_in_pool", "too_few",
                            "too_many_copies", "unknown_card", "zone_not_used"]
    assert all(v["message"] for v in found)


def test_organizer_can_override_a_limit():
    deck = {"main": ids("g", 23) + ["plains"] * 7}
    assert codes(run("mtg", deck, MTG_POOL, MTG_KINDS)) == ["too_few"]
    assert run("mtg", deck, MTG_POOL, MTG_KINDS, deck_min=30) == []
