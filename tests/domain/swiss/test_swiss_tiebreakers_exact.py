"""The MTR chain ranks in integers (no Fraction while pairing) and must give exactly
what the appendix C definition gives in fractions: the same order, the same ties, the
same values shown, on many whole events (draws, byes and drops included)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from bench.swiss_events import Event
from chalicelib.domain.swiss.records import records
from chalicelib.domain.swiss.standings import ordered
from chalicelib.domain.swiss.tiebreakers import coin, pct


def reference(recs, settings) -> dict[str, dict[str, Fraction]]:
    """MTR appendix C in fractions, straight from the definition."""
    pw = settings["points_win"]
    mwp = {p: pct(r.points, pw * r.rounds_played) for p, r in recs.items()}
    gwp = {p: pct(3 * r.game_wins + r.game_draws,
                  3 * (r.game_wins + r.game_losses + r.game_draws)) for p, r in recs.items()}

    def mean(values):
        return sum(values, Fraction(0)) / len(values) if values else Fraction(0)
    return {p: {"omw": mean([mwp[o] for o in r.opponents]), "gw": gwp[p],
                "ogw": mean([gwp[o] for o in r.opponents])} for p, r in recs.items()}


@pytest.mark.parametrize("players,seed", [(n, s) for n in (9, 24, 61) for s in range(4)])
def test_integer_keys_rank_and_show_exactly_what_the_fractions_do(players, seed):
    event = Event(players, 7, seed)
    assert event.settings["tiebreakers"] == "mtr"
    for paired in event.run():
        state = event.state
        recs = records(state.rounds, state.settings, event.players)
        got, shown, _ = ordered(recs, state.settings, state.seed_key, len(state.rounds))
        values = reference(recs, state.settings)
        expected = sorted(recs, reverse=True, key=lambda p: (
            recs[p].points, values[p]["omw"], values[p]["gw"], values[p]["ogw"],
            coin(state.seed_key, p), p))
        assert got == expected, f"round {paired.number}"
        assert all(shown(p) == values[p] for p in recs)


def reference_records(rounds, settings, players) -> dict[str, dict]:
    """Each player's record, one side of one match at a time."""
    recs = {p: {"points": 0, "wins": 0, "losses": 0, "draws": 0, "byes": 0, "game_wins": 0,
                "game_losses": 0, "game_draws": 0, "opponents": [], "defeated": [],
                "defeated_by": [], "first_defeat": None} for p in players}
    for rnd in rounds:
        if rnd.bye is not None:
            recs[rnd.bye]["byes"] += 1
            recs[rnd.bye]["points"] += settings["points_bye"]
            recs[rnd.bye]["game_wins"] += settings["best_of"] // 2 + 1
        for m in rnd.matches:
            score = rnd.results.get(m.id)
            if score is None:
                continue
            for me, opp, mine, theirs in ((m.a, m.b, score.a, score.b),
                                          (m.b, m.a, score.b, score.a)):
                r = recs[me]
                r["opponents"].append(opp)
                r["game_wins"] += mine
                r["game_losses"] += theirs
                r["game_draws"] += score.draws
                kind = "wins" if mine > theirs else "losses" if theirs > mine else "draws"
                r[kind] += 1
                r["points"] += settings[{"wins": "points_win", "losses": "points_loss",
                                         "draws": "points_draw"}[kind]]
                if kind == "wins":
                    r["defeated"].append(opp)
                if kind == "losses":
                    r["defeated_by"].append(opp)
                    r["first_defeat"] = r["first_defeat"] or rnd.number
    return recs


@pytest.mark.parametrize("players,seed", [(9, 1), (40, 2), (101, 3)])
def test_records_are_the_sum_of_each_side_of_each_match(players, seed):
    event = Event(players, 8, seed)
    for _ in event.run():
        state = event.state
        got = records(state.rounds, state.settings, event.players)
        expected = reference_records(state.rounds, state.settings, event.players)
        assert {p: {k: getattr(r, k) for k in expected[p]} for p, r in got.items()} == expected
