"""The verifier's coverage: every event type the domain emits is checked or listed with
the reason it needs no check (the whole-event runs and their tampering are in
tests/e2e/test_whole_events.py), and bad documents are refused clearly."""
from __future__ import annotations

import pytest

from chalicelib.domain.events import registered
from chalicelib.verify.engine import verify
from chalicelib.verify.log import LogError
from chalicelib.verify.registry import FAMILIES, NOT_CHECKED, classified


def _domain_event_types() -> set[str]:
    """Every event type the domain emits: the name of every event class it declares."""
    return set(registered())


def test_every_domain_event_type_is_checked_or_says_why_not():
    """A new event type fails here until the verifier checks it or says why it needs no
    check (a draw it cannot re-derive is reported "not checked", never passed)."""
    types = _domain_event_types()
    assert len(types) > 70
    assert sorted(types - classified()) == []
    checked = {t for f in FAMILIES.values() for t in f.checks}
    for drawn in ("RoundPaired", "TablesRoundSeated", "PodOpened", "DraftStarted",
                  "SealedSwapDealt", "TablesFinalSeated", "TablesFinalStarted", "CardPicked",
                  "TradePodsFormed", "LimitedPodsFormed", "TopCutStarted", "SwissStarted",
                  "TablesTableReported", "FfaPodReported", "RoundClosed", "SealedStarted",
                  "TablesRoundClosed", "TablesFinalReported", "MixedDraftStarted"):
        assert drawn in checked
    assert all(NOT_CHECKED.values())


@pytest.mark.parametrize("document", [None, [], {"events": []}, {"tournament_id": "t1"},
                                      {"tournament_id": "t1", "events": [{"type": "X"}]}])
def test_what_is_not_an_audit_log_is_refused(document):
    with pytest.raises(LogError):
        verify(document)


def test_a_gap_in_a_stream_is_refused():
    events = [{"stream_id": "tournament-t000000000001", "version": v, "type": "X", "data": {}}
              for v in (1, 3)]
    with pytest.raises(LogError, match="gaps"):
        verify({"tournament_id": "t000000000001", "events": events})


def test_an_unfinished_event_is_a_difference():
    created = {"tournament_id": "t000000000001", "organizer_id": "o1", "name": "n",
               "game": "vtes", "format": "sealed", "structure": "swiss", "seed": None,
               "seed_sha256": "0" * 64, "settings": {}, "created_at": "2026-01-01"}
    events = [{"stream_id": "tournament-t000000000001", "version": 1,
               "type": "TournamentCreated", "data": created}]
    outcome = verify({"tournament_id": "t000000000001", "events": events})
    assert not outcome.ok and "not finished" in outcome.differences[0].line()


def test_a_tournament_stream_the_domain_cannot_replay_is_refused():
    events = [{"stream_id": "tournament-t000000000001", "version": 1,
               "type": "TournamentCreated", "data": {"seed_sha256": "0" * 64}}]
    with pytest.raises(LogError, match="cannot be replayed"):
        verify({"tournament_id": "t000000000001", "events": events})
