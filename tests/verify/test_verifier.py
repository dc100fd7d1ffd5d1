"""The verifier's coverage: every event type the domain emits is checked or listed with
the reason it needs no check (the whole-event runs and their tampering are in
tests/e2e/test_whole_events.py), and bad documents are refused clearly."""
from __future__ import annotations

import json

import pytest

from chalicelib.domain.events import registered
from chalicelib.domain.version import PODIUM_VERSION
from chalicelib.verify.__main__ import main
from chalicelib.verify.engine import verify
from chalicelib.verify.log import LogError, VersionError
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
                  "TablesRoundClosed", "TablesFinalReported", "MixedDraftStarted",
                  "PackReplaced", "TablePackReplaced", "MixedProductReplaced",
                  "TableDraftStarted", "TableSetRevealed", "TableCardPicked",
                  "MixedLibraryRoundStarted", "MixedLibraryCardPicked", "LateArrivalProvided",
                  "LimitedLateArrival", "SealedLateArrival"):
        assert drawn in checked
    # issue 18: every draw is checked; what cannot be (the judge's or the staff's own
    # product, the organizer's choice) is said event by event
    assert NOT_CHECKED == {}


@pytest.mark.parametrize("document", [None, [], {"events": []}, {"tournament_id": "t1"},
                                      {"tournament_id": "t1", "events": [{"type": "X"}]}])
def test_what_is_not_an_audit_log_is_refused(document):
    with pytest.raises(LogError):
        verify(document)


def test_a_gap_or_a_repeat_in_a_stream_is_named():
    events = [{"stream_id": "tournament-t000000000001", "version": v, "type": "X", "data": {}}
              for v in (1, 3, 3)]
    lines = [d.line() for d in verify({"tournament_id": "t000000000001",
                                       "events": events}).differences]
    assert "DIFFERS  tournament-t000000000001 v2 (missing v2): (version): recorded " \
           '"absent", re-derived "every version before v3: deleted"' in lines
    assert any(line.startswith("DIFFERS  tournament-t000000000001 v3 X: (version)")
               for line in lines)


def test_an_unfinished_event_is_a_difference():
    created = {"tournament_id": "t000000000001", "organizer_id": "o1", "name": "n",
               "game": "vtes", "format": "sealed", "structure": "swiss", "seed": None,
               "seed_sha256": "0" * 64, "settings": {}, "created_at": "2026-01-01"}
    events = [{"stream_id": "tournament-t000000000001", "version": 1,
               "type": "TournamentCreated", "data": created}]
    outcome = verify({"tournament_id": "t000000000001", "events": events})
    assert not outcome.ok and any("not finished" in d.line() for d in outcome.differences)


def test_a_tournament_stream_the_domain_cannot_replay_is_refused():
    events = [{"stream_id": "tournament-t000000000001", "version": 1,
               "type": "TournamentCreated", "data": {"seed_sha256": "0" * 64}}]
    with pytest.raises(LogError, match="cannot be replayed"):
        verify({"tournament_id": "t000000000001", "events": events})


def _created(**event: object) -> dict:
    """A log of one tournament's creation (unfinished), its event naming ``event``."""
    created = {"tournament_id": "t000000000001", "organizer_id": "o1", "name": "n",
               "game": "vtes", "format": "sealed", "structure": "swiss", "seed": None,
               "seed_sha256": "0" * 64, "settings": {}, "created_at": "2026-01-01"}
    return {"tournament_id": "t000000000001", "podium_version": PODIUM_VERSION, "events": [
        {"stream_id": "tournament-t000000000001", "version": 1, "type": "TournamentCreated",
         "data": created, **event}]}


def test_the_verifier_names_the_podium_version_it_checks_with_and_the_recorders():
    outcome = verify(_created(schema_version=1, podium_version=PODIUM_VERSION))
    assert outcome.versions.recorded_by == {PODIUM_VERSION: 1}
    assert outcome.versions.warnings == []
    assert outcome.versions.line() == (f"PODIUM   checking with Podium {PODIUM_VERSION} a log "
                                       f"recorded by {PODIUM_VERSION} (1 events), served by "
                                       f"Podium {PODIUM_VERSION}")


@pytest.mark.parametrize("event", [{"podium_version": "99.0.0"}, {"podium_version": "next"},
                                   {"schema_version": 99}])
def test_a_log_from_a_newer_or_unknown_podium_is_refused_unless_accepted(event, tmp_path):
    with pytest.raises(VersionError, match="verify the log with that Podium version"):
        verify(_created(**event))
    if "schema_version" in event:      # accepted, the tournament's shape is still unknown
        with pytest.raises(LogError, match="newer than this code"):
            verify(_created(**event), accept_newer=True)
    else:
        accepted = verify(_created(**event), accept_newer=True)
        assert "checked anyway" in accepted.warnings[0]
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(_created(**event)))
    assert main([str(path)]) == 3


def test_older_and_unnamed_versions_are_checked_with_a_warning():
    older = verify(_created(podium_version="1.0.9"))
    assert "recorded by Podium 1.0.9 are checked with" in older.warnings[0]
    unnamed = verify(_created())
    assert unnamed.versions.recorded_by == {"?": 1}
    assert "do not name the Podium version" in unnamed.warnings[0]
