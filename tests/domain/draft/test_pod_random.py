"""Random interleavings of picks, pre-selections and timeouts: cards are conserved, each
seat's picks follow the passing direction, and replay reproduces the state."""
import pytest

from chalicelib.domain.draft.commands import MakePick, Preselect, Sweep
from chalicelib.domain.errors import Conflict
from chalicelib.domain.rng import derive

from .pod_helpers import T0, Pod, start


@pytest.mark.parametrize("case", range(12))
def test_random_draft_conserves_cards_and_replays(case):
    rng = derive("random-draft", case)
    n = rng.randint(2, 9)
    game = rng.choice(["mtg", "vtes", "munchkin"])
    draft = {"pick_seconds": rng.choice([0, 20]), "review_seconds": rng.choice([0, 30]),
             "pod_min": 2, "pod_max": 10, "pod_preferred": 9}
    _, opens = start(game, n, seed=f"s{case}", draft=draft)
    pod = Pod(opens[0])
    now = T0
    steps = 0
    while not pod.state.finished and steps < 5000:
        steps += 1
        now += rng.randint(0, 8000)
        seat = rng.randrange(pod.state.size)
        player = pod.state.seats[seat]
        state = pod.state
        pack = state.current_pack(seat)
        action = rng.random()
        try:
            if pack and action < 0.15:
                pod.run(Preselect(player=player, card=rng.choice(pack), now=now))
            elif action < 0.25:
                pod.run(Sweep(now=now))
            else:
                card = rng.choice(pack) if pack else "none"
                special = state.specials.get(card, {})
                note = (special.get("choices") or ["x"])[0] if special.get("action") == "reveal" \
                    else None
                pod.run(MakePick(player=player, card=card, now=now, note=note))
        except Conflict:
            pass
        except Exception as exc:  # a card that left the pack through an auto-pick
            assert type(exc).__name__ == "Invalid", exc
        if not pod.state.timer.get("pick_seconds") and pod.state.in_break() and steps % 7 == 0:
            pod.run(Sweep(now=now + 10 ** 9))
    while not pod.state.finished:  # finish: open due rounds, then everyone picks
        now += 10 ** 8
        pod.run(Sweep(now=now))
        for seat, player in enumerate(pod.state.seats):
            pack = pod.state.current_pack(seat)
            if pack and not pod.state.specials.get(pack[0], {}).get("action") == "reveal":
                pod.run(MakePick(player=player, card=pack[0], now=now))
            elif pack:
                special = pod.state.specials[pack[0]]
                pod.run(MakePick(player=player, card=pack[0], now=now,
                                 note=(special.get("choices") or ["x"])[0]))
    state = pod.state
    opened = sorted(c for rnd in state.packs_by_round for pack in rnd for c in pack)
    drafted = sorted(c for s in range(state.size) for c in state.pool(s))
    assert opened == drafted
    for s in range(state.size):
        for p in state.picks[s]:
            # the k-th pick of a round comes from the seat k-1 places upstream
            step = -1 if p.round % 2 == 1 else 1
            assert p.origin == (s + step * (p.number - 1)) % state.size
    assert pod.replay() == state
