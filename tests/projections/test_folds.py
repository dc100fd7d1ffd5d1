"""projections/folds.py: a decider's state folded from a stream's events up to a version
(what the Swiss standings rank), cached per stream without ever folding an event twice
into one state, and refolded from the start for an earlier version."""
from __future__ import annotations

from chalicelib.domain import streams
from chalicelib.domain.decider import FunctionDecider
from chalicelib.domain.tournament.events import PlayerRegistered
from chalicelib.projections.folds import StreamStates
from chalicelib.store.ports import NewEvent, append
from chalicelib.store.sqlite_events import SqliteEventStore

NAMES = FunctionDecider("names", tuple, None,  # type: ignore[arg-type]
                        lambda state, e: (*state, e.player_id), stream=streams.tournament)


def _registered(n: int) -> PlayerRegistered:
    return PlayerRegistered(player_id=f"p{n}", name=f"P{n}", member_id=None, late=False,
                            registered_at="2026-11-27T10:00:00+00:00")


def test_folds_up_to_a_version_each_event_once(tmp_path):
    events = SqliteEventStore(str(tmp_path / "events.db"), synchronous="OFF")
    append(events, "tournament-t0000000000c1", 0, [NewEvent.of(_registered(n))
                                                    for n in range(1, 6)])
    reads = []
    original = events.read
    events.read = lambda *a, **k: reads.append((a, k)) or original(*a, **k)  # type: ignore
    states = StreamStates(events)
    assert states.state(NAMES, "tournament-t0000000000c1", 2) == ("p1", "p2")
    assert states.state(NAMES, "tournament-t0000000000c1", 5) == ("p1", "p2", "p3", "p4", "p5")
    assert reads[-1][1] == {"after": 2, "limit": 3}          # only what is new
    assert states.state(NAMES, "tournament-t0000000000c1", 3) == ("p1", "p2", "p3")
    assert reads[-1][1] == {"after": 0, "limit": 3}          # earlier: from the start
    assert states.state(NAMES, "tournament-t0000000000c1", 3) == ("p1", "p2", "p3")
