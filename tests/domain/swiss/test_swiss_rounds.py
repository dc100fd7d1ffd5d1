"""Whole tournaments through the decider: rematches, byes, drops, late arrivals."""
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from swiss_helpers import Harness, players, random_outcome


def _pairs_so_far(h: Harness) -> Counter:
    seen: Counter = Counter()
    for rnd in h.state.rounds:
        for m in rnd.matches:
            seen[frozenset((m.a, m.b))] += 1
    return seen


@settings(max_examples=30, deadline=None)
@given(n=st.integers(6, 48), game=st.sampled_from(["munchkin", "mtg"]),
       seed=st.text("abcdef0123", min_size=1, max_size=8))
def test_no_avoidable_rematch_and_never_two_byes(n, game, seed):
    """Dirac: while every player has met fewer than half the pool, a rematch-free
    pairing exists, so none may happen; every odd round has exactly one bye and no
    player gets two."""
    pool = n - n % 2
    rounds = max(3, min(pool // 2, 8))
    h = Harness(game, seed, {"rounds": rounds})
    rng = random.Random(seed)
    outcome = random_outcome(rng, h.settings["best_of"], h.settings["draws_allowed"])
    byes: Counter = Counter()
    for _ in range(rounds):
        paired = h.pair(players(n))
        assert (paired["bye"] is not None) == (n % 2 == 1)
        if paired["bye"]:
            byes[paired["bye"]] += 1
        seated = [p for m in paired["matches"] for p in (m["a"], m["b"])]
        assert sorted(seated + ([paired["bye"]] if paired["bye"] else [])) == players(n)
        assert [m["table"] for m in paired["matches"]] == list(range(1, n // 2 + 1))
        h.play(paired, outcome)
    assert all(count == 1 for count in byes.values())
    assert max(_pairs_so_far(h).values()) == 1


def test_first_bye_is_random_from_the_seed_and_later_byes_go_to_the_lowest():
    firsts = {Harness("munchkin", f"s{i}").pair(players(9))["bye"] for i in range(12)}
    assert len(firsts) > 3                                   # random, not always the same
    assert Harness("munchkin", "s1").pair(players(9))["bye"] == \
        Harness("munchkin", "s1").pair(players(9))["bye"]    # but reproducible
    h = Harness("munchkin", "s1")
    first = h.pair(players(9))
    h.play(first, lambda m: (1, 0, 0))                       # player a always wins
    losers = {m["b"] for m in first["matches"]}
    second = h.pair(players(9))
    # The lowest-ranked are the four 0-point losers; the bye goes to one of them.
    assert second["bye"] in losers


def test_bye_scores_as_profile_says():
    for game, points in (("munchkin", 2), ("mtg", 3)):
        h = Harness(game, "b")
        paired = h.pair(players(5))
        score = (1, 0, 0) if game == "munchkin" else (2, 0, 0)
        h.play(paired, lambda m, score=score: score)
        from chalicelib.domain.swiss.standings import standings
        row = next(s for s in standings(h.state) if s.record.player == paired["bye"])
        assert (row.record.points, row.record.byes) == (points, 1)


def test_everyone_had_a_bye_then_the_fewest_get_one():
    h = Harness("mtg", "x", {"rounds": 5})
    got = []
    for _ in range(5):
        paired = h.pair(players(3))
        got.append(paired["bye"])
        h.play(paired, lambda m: (2, 0, 0))
    assert sorted(got[:3]) == players(3)
    assert Counter(got).most_common(1)[0][1] == 2


def test_drop_before_next_pairing_and_late_arrival():
    h = Harness("mtg", "d")
    first = h.pair(players(8))
    from chalicelib.domain.swiss import DropPlayer
    dropper = first["matches"][0]["a"]
    h.play(first, lambda m: (2, 1, 0))
    events = h.run(DropPlayer(dropper, dropper, "t"))   # between rounds: no loss recorded
    assert [e.type for e in events] == ["SwissPlayerDropped"]
    second = h.pair(players(8) + ["late"])
    seated = {p for m in second["matches"] for p in (m["a"], m["b"])} | {second["bye"]}
    assert dropper not in seated and "late" in seated
    assert h.state.joined["late"] == 2 and "joined" not in second   # derived, not stored
    from chalicelib.domain.swiss.standings import standings
    rows = {s.record.player: s for s in standings(h.state, through=1)}
    assert rows[dropper].dropped and rows[dropper].record.wins == 1
    # A player missing from the tournament's list (dropped there) is recorded as left.
    h.play(second, lambda m: (2, 0, 0))
    gone = second["matches"][0]["b"]
    third = h.pair([p for p in players(8) + ["late"] if p != gone])
    assert third["left"] == [gone] and h.state.dropped[gone] == 2


def test_pods_keep_drafting_groups_together():
    h = Harness("hack", "pods")
    pods = {p: i // 6 for i, p in enumerate(players(18))}
    for _ in range(3):
        paired = h.pair(players(18), pods)
        assert all(pods[m["a"]] == pods[m["b"]] for m in paired["matches"])
        h.play(paired, lambda m: (2, 1, 0))
    assert max(_pairs_so_far(h).values()) == 1
