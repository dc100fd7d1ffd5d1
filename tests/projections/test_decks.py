"""projections/decks.py: deckbuilding's status and one document per player (pool, decks
by label, the active one), the decklists once published."""
from __future__ import annotations

from chalicelib.domain.decks import events as ev
from chalicelib.projections.queries.decks import player_entries, public_view
from tests.projections.harness import (
    assert_exactly_once_and_rebuildable,
    from_log,
    prefixed,
    typed,
)

MINE = prefixed("decks:")


def test_each_players_decks_from_the_events(tmp_path):
    p = from_log(tmp_path, "vtes-sealed-swap", MINE)
    tid = next(s.stream_id for s in p.delivered if s.stream_id.startswith("decks-"))[6:]
    registered = typed(p, ev.DeckRegistered, "decks-")
    assert registered
    latest = {(e.player, e.label): e for e in registered}
    players = sorted({player for player, _ in latest})
    entries = {e["player_id"]: e for e in player_entries(p.views, tid, players)}
    for (player, label), e in latest.items():
        deck = next(d for d in entries[player]["decks"] if d["label"] == label)
        assert deck["version"] == e.version and entries[player]["registered"]
    view = public_view(p.views, tid, players)
    published = bool(typed(p, ev.DecklistsPublished, "decks-"))
    assert view["published"] == published
    assert (view["decklists"] is not None) == published


def test_a_redelivered_event_changes_nothing_and_a_rebuild_equals_incremental(tmp_path):
    assert_exactly_once_and_rebuildable(from_log(tmp_path, "mtg-conspiracy", MINE))
