"""One V:EKN table's own aggregate (``TABLE``), given its events: its one result, the
players who leave it after the seating (V:EKN 3.1.4 a Loss; 3.3.2 off a table of five;
7.2.6 a Loss in round 1 of a limited event), and the reseating a swap marks here."""
from __future__ import annotations

from chalicelib.domain.tables.aggregate import TABLE
from chalicelib.domain.tables.events import (
    TablesPlayerDropped,
    TablesTableReported,
    TablesTableReseated,
)
from chalicelib.domain.tables.scoring import score
from chalicelib.domain.tables.table.commands import Drop, Report, Reseat
from chalicelib.domain.tables.table.state import TableFacts
from tests.support.deciders import given

FIVE = TableFacts(round=2, table=3, seats=("A", "B", "C", "D", "E"))
VP = {"A": 3, "B": 2, "C": 0, "D": 0, "E": 0}


def test_a_table_reports_once_scored_from_its_seats():
    reported = given(TABLE).when(Report(FIVE, VP)).then(TablesTableReported(
        round=2, table=3, results=score(list("ABCDE"), VP)))
    given(TABLE, reported.events).when(Report(FIVE, VP)).then_refused("table_reported")


def test_a_leaver_with_a_loss_is_scored_last_at_the_table():
    loss = TablesPlayerDropped(round=2, table=3, player="E", loss=True)
    given(TABLE).when(Drop(FIVE, "E", loss=True)).then(loss)
    (reported,) = given(TABLE, loss).when(Report(FIVE, VP)).then(TablesTableReported).events
    assert reported.results["E"]["dropped"] and reported.results["E"]["place"] == 5
    given(TABLE, loss).when(Drop(FIVE, "E", loss=True)).then_refused("already_dropped")


def test_a_seat_given_up_leaves_a_table_of_four_playing():
    given(TABLE).when(Drop(FIVE, "E", loss=False)).then(
        TablesPlayerDropped(round=2, table=3, player="E", loss=False))
    left = TablesPlayerDropped(round=2, table=3, player="E", loss=False)
    four = {p: vp for p, vp in VP.items() if p != "E"}
    (reported,) = given(TABLE, left).when(Report(FIVE, four)).then(TablesTableReported).events
    assert set(reported.results) == set("ABCD")
    given(TABLE, left).when(Drop(FIVE, "D", loss=False)).then_refused("loss_required")


def test_round_one_of_a_limited_event_needs_the_loss():
    first = TableFacts(round=1, table=1, seats=("A", "B", "C", "D", "E"), limited=True)
    given(TABLE).when(Drop(first, "E", loss=False)).then_refused("loss_required")
    open_event = TableFacts(round=1, table=1, seats=first.seats, limited=False)
    given(TABLE).when(Drop(open_event, "E", loss=False)).then(TablesPlayerDropped)


def test_nothing_to_drop_once_scored_or_when_not_seated_here():
    reported = TablesTableReported(round=2, table=3, results=score(list("ABCDE"), VP))
    given(TABLE, reported).when(Drop(FIVE, "A", loss=True)).then_nothing()
    given(TABLE).when(Drop(FIVE, "Z", loss=True)).then_nothing()


def test_a_reseating_is_marked_unless_scored_or_it_unseats_a_leaver():
    seats = ("B", "A", "C", "D", "E")
    given(TABLE).when(Reseat(FIVE, seats)).then(
        TablesTableReseated(round=2, table=3, seats=list(seats)))
    loss = TablesPlayerDropped(round=2, table=3, player="E", loss=True)
    refused = given(TABLE, loss).when(Reseat(FIVE, ("A", "B", "C", "D", "F"))).then_refused(
        "player_dropped")
    assert refused.details == {"players": ["E"]}
    reported = TablesTableReported(round=2, table=3, results=score(list("ABCDE"), VP))
    given(TABLE, reported).when(Reseat(FIVE, seats)).then_refused("table_reported")
