"""The tournament stream's events as stored by earlier versions decode to today's classes."""
from __future__ import annotations

import pytest

from chalicelib.domain.events import EventShapeError, decode
from chalicelib.domain.swiss.events import SwissPlayerDropped
from chalicelib.domain.tournament.events import (
    PlayerDropped,
    TournamentFinished,
    TournamentStarted,
)

AT = "2026-11-22T10:00:00+00:00"
TID = "t0123456789ab"


def test_a_start_that_copied_the_player_list_decodes_without_it():
    stored = {"at": AT, "players": [{"player_id": "p1", "name": "Ann"}]}
    started = decode("TournamentStarted", stored, 1, f"tournament-{TID}")
    assert started == TournamentStarted(at=AT)
    assert started.data == {"at": AT}
    assert "players" in stored                      # the stored payload is left as it was
    assert decode("TournamentStarted", {"at": AT}, 1, f"tournament-{TID}") == started
    assert decode("TournamentStarted", {"at": AT}, 2, f"tournament-{TID}") == started


def test_a_version_newer_than_the_code_is_refused():
    with pytest.raises(EventShapeError, match="newer"):
        decode("TournamentStarted", {"at": AT}, 3, f"tournament-{TID}")


def test_player_dropped_means_the_tournament_drop_and_the_swiss_one_is_its_own_class():
    tournament = decode("PlayerDropped", {"player_id": "p1", "reason": None, "at": AT}, 1,
                        f"tournament-{TID}")
    assert tournament == PlayerDropped(player_id="p1", reason=None, at=AT)
    # stored before SwissPlayerDropped existed, under the tournament's name
    swiss = decode("PlayerDropped", {"player": "p1", "after_round": 2, "by": "j1"}, 1,
                   f"swiss-{TID}")
    assert swiss == SwissPlayerDropped(player="p1", after_round=2, by="j1")
    assert swiss.type == "SwissPlayerDropped"
    with pytest.raises(EventShapeError):       # the Swiss shape is no tournament drop
        decode("PlayerDropped", {"player": "p1", "after_round": 2, "by": "j1"}, 1,
               f"tournament-{TID}")


def test_an_optional_field_is_left_out_of_the_payload_when_absent():
    finished = TournamentFinished(at=AT, seed="s")
    assert finished.data == {"at": AT, "seed": "s"}
    assert decode("TournamentFinished", {"at": AT, "seed": "s"}, 1, "") == finished
    incomplete = {"reason": "rain", "open": []}
    assert TournamentFinished(at=AT, seed="s", incomplete=incomplete).data == {
        "at": AT, "seed": "s", "incomplete": incomplete}
