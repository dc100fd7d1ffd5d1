"""A tournament's streams as a venue transfer lists them, on every adapter: the streams
named after it and every credential stream with their versions, and the credential
streams' first events, exactly what reading every event would find (without it on
SQLite and DynamoDB); another tournament's streams and the tallies are not listed."""
from __future__ import annotations

from chalicelib.application.venue_streams import tournament_streams
from chalicelib.store.ports import NewEvent, StreamWrite, Tally, append
from chalicelib.store.venue_listing import listed

TID, OTHER = "t0123456789ab", "tfedcba987654"


def _ev(kind: str = "Happened", **data) -> NewEvent:
    return NewEvent(kind, data, {"actor": {"role": "test", "id": "x"}})


def _token(role: str, **principal) -> NewEvent:
    return _ev("TokenIssued", principal={"role": role, **principal}, token_hash="h")


def test_a_tournament_s_streams_are_listed_as_a_full_read_finds_them(event_store):
    append(event_store, f"tournament-{TID}", 0, [_ev(), _ev(), _ev()])
    append(event_store, f"match-{TID}-r1-2", 0, [_ev()])
    append(event_store, f"swiss-{OTHER}", 0, [_ev(), _ev()])
    append(event_store, "token-" + "a" * 64, 0, [_token("player", id="p1", tournament_id=TID),
                                                  _ev("TokenRevoked")])
    append(event_store, "token-" + "b" * 64, 0, [_token("player", id="p2",
                                                         tournament_id=OTHER)])
    append(event_store, "token-" + "c" * 64, 0, [_token("organizer", id="o1")])
    append(event_store, "keys-j1", 0, [_ev("KeyIssued", tournament_id=TID)])
    append(event_store, "account-o1", 0, [_ev()])
    event_store.append_batch([StreamWrite(f"match-{TID}-r1-3", 0, (_ev(),))],
                             tallies=[Tally(f"swiss-{TID}-r1", 3)])

    versions, firsts = listed(event_store, TID)
    assert {sid: v for sid, v in versions.items() if TID in sid} == {
        f"tournament-{TID}": 3, f"match-{TID}-r1-2": 1, f"match-{TID}-r1-3": 1}
    assert versions["token-" + "a" * 64] == 2 and f"swiss-{OTHER}" not in versions
    assert sorted(e.stream_id for e in firsts) == sorted(
        ["token-" + c * 64 for c in "abc"] + ["keys-j1"])
    assert all(e.version == 1 for e in firsts)

    found = tournament_streams(event_store, TID, "o1")
    assert found == {f"tournament-{TID}": 3, f"match-{TID}-r1-2": 1, f"match-{TID}-r1-3": 1,
                     "token-" + "a" * 64: 2, "token-" + "c" * 64: 1, "keys-j1": 1}
