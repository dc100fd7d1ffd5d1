"""V:EKN 7.2.5: a replacement pack the judge names no cards for is drawn by the deciders
from the seed recorded in the events (issue 18), so replaying the same command on the
same state draws the same cards and the offline verifier re-derives them; the event says
whether the seed drew them (``drawn``) or the judge gave them."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chalicelib.data.sets import sample_sets
from chalicelib.domain.decider import fold
from chalicelib.domain.draft.aggregate import POD
from chalicelib.domain.draft.commands import ReplacePack
from chalicelib.domain.errors import Invalid
from chalicelib.domain.mixed_draft import MIXED_DRAFT, ReplaceProduct
from chalicelib.domain.mixed_draft.setup import mixed_draft_commands
from chalicelib.domain.product.replacement import replacement_cards
from chalicelib.domain.profiles import resolve_settings
from chalicelib.domain.table_draft import TABLE_DRAFT
from chalicelib.domain.table_draft import ReplacePack as ReplaceTablePack
from chalicelib.domain.table_draft.setup import table_draft_commands
from tests.domain.draft.pod_helpers import T0, start

SEED = "seed-1"
SETS = sample_sets()


def at(seconds: int) -> datetime:
    return datetime(2026, 11, 22, 10, 0, tzinfo=UTC) + timedelta(seconds=seconds)


def test_the_same_meta_seed_and_labels_draw_the_same_booster_and_others_another():
    meta = {"set": "sample-vtes", "booster": "booster", "size": 11}
    one = replacement_cards(meta, SETS, SEED, "table-draft", 1, 1, 2, 0)
    assert one == replacement_cards(meta, SETS, SEED, "table-draft", 1, 1, 2, 0)
    assert len(one) == 11 and one != replacement_cards(meta, SETS, SEED, "table-draft", 1, 1,
                                                       2, 1)
    with pytest.raises(Invalid) as unknown:
        replacement_cards({}, SETS, SEED, "x")
    assert unknown.value.code == "cards_required"


def test_a_booster_pod_draws_the_pack_from_its_recorded_seed():
    _, opens = start("mtg", 4, seed=SEED)
    state = fold(POD, POD.initial(), POD.decide(opens[0], POD.initial()))
    command = ReplacePack(seat=2, round=2, cards=None, reason="short", by="j", now=T0,
                          sets=SETS)
    (drawn,) = POD.decide(command, state)
    assert drawn.drawn is True and drawn.cards == POD.decide(command, state)[0].cards
    assert drawn.cards == replacement_cards(state.pack_meta[1][1], SETS, state.seed,
                                            state.pod, 2, 2, 0)
    given = POD.decide(ReplacePack(seat=2, round=2, cards=list(drawn.cards), reason="short",
                                   by="j", now=T0), state)[0]
    assert given.drawn is False and given.cards == drawn.cards


def _table_pod():
    settings = resolve_settings("vtes", {})
    _, starts = table_draft_commands(
        seed=SEED, players=["p1", "p2", "p3", "p4"], product=settings["product"],
        draft=settings["draft"], sets=SETS, now=at(0), pick_seconds=60, review_seconds=0)
    return fold(TABLE_DRAFT, TABLE_DRAFT.initial(), TABLE_DRAFT.decide(starts[0],
                                                                       TABLE_DRAFT.initial()))


def test_a_table_draft_draws_the_pack_crypt_on_top_and_lays_its_set_again():
    state = _table_pod()
    command = ReplaceTablePack(seat=2, pack=1, cards=None, reason="10 cards", by="j",
                               seed=SEED, sets=SETS, expected=11, now=at(1))
    replaced, relaid = TABLE_DRAFT.decide(command, state)
    assert replaced.drawn is True and relaid.type == "TableSetRevealed"
    assert TABLE_DRAFT.decide(command, state) == [replaced, relaid]
    kinds = [SETS["sample-vtes"].card_index[c].kind for c in replaced.cards]
    assert kinds == sorted(kinds, key=lambda k: k != "crypt")          # 7.7.1
    with pytest.raises(ValueError, match="drawn from the seed"):
        ReplaceTablePack(seat=2, pack=1, cards=None, reason="x", by="j", now=at(1))


def test_a_mixed_draft_draws_the_item_and_cuts_the_piles_again():
    settings = resolve_settings("vtes", {})
    _, starts = mixed_draft_commands(
        seed=SEED, players=["p1", "p2", "p3", "p4"], product=settings["product"],
        draft=settings["draft"], sets=SETS, now=at(0), pile_size=6, pick_seconds=60,
        review_seconds=0, library_pick_seconds=60)
    state = fold(MIXED_DRAFT, MIXED_DRAFT.initial(),
                 MIXED_DRAFT.decide(starts[0], MIXED_DRAFT.initial()))
    command = ReplaceProduct(seat=1, item=2, cards=None, reason="12 cards", by="j", seed=SEED,
                             sets=SETS, expected=11, now=at(1))
    events = MIXED_DRAFT.decide(command, state)
    assert [e.type for e in events] == ["MixedProductReplaced", "TablePackReplaced",
                                        "TableSetRevealed"]
    assert events[0].drawn is True and events[1].drawn is True
    assert events == MIXED_DRAFT.decide(command, state)
    assert events[0].cards == replacement_cards(state.product_meta[0][1], SETS, SEED,
                                                "mixed-draft", state.pod, 1, 2, 0)
