"""projections/product.py: the product entered for each player (its latest revision)."""
from __future__ import annotations

from chalicelib.domain import streams
from chalicelib.domain.product.events import PlayerProductEntered
from chalicelib.projections.queries.product import entry_view_id
from tests.projections.harness import assert_exactly_once_and_rebuildable, prefixed, stores

TID = "t0000000000b1"


def _entered(player: str, revision: int, packs: int) -> PlayerProductEntered:
    return PlayerProductEntered(tournament=TID, player=player, source="entered",
                                packs=[{"set": "s"}] * packs, starters=[], revision=revision,
                                reason=None, by="org", at=f"2026-11-27T10:0{revision}:00+00:00")


def test_the_latest_entry_of_each_player(tmp_path):
    p = stores(tmp_path, prefixed("product-entry:"))
    p.given(streams.player_product(TID, "p1"), _entered("p1", 1, 3), _entered("p1", 2, 2))
    p.given(streams.player_product(TID, "p2"), _entered("p2", 1, 4))
    assert p.doc(entry_view_id(TID, "p1")) == {
        "tournament_id": TID, "player_id": "p1", "source": "entered", "revision": 2,
        "packs": 2, "starters": 0, "entered_at": "2026-11-27T10:02:00+00:00"}
    assert p.doc(entry_view_id(TID, "p2"))["packs"] == 4
    assert_exactly_once_and_rebuildable(p)
