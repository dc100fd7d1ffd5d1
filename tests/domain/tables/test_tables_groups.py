
import pytest

from chalicelib.domain.errors import Invalid
from chalicelib.domain.tables.groups import round_size, seatable, sit_out_plan, table_sizes


def test_group_sizes_every_count_4_to_200():
    for n in range(4, 201):
        if n in (6, 7, 11):
            assert not seatable(n)
            with pytest.raises(Invalid):
                table_sizes(n)
            continue
        sizes = table_sizes(n)
        assert sum(sizes) == n and set(sizes) <= {4, 5}
        # as many fives as possible: fewer than five fours, and no better split exists
        fours = sizes.count(4)
        assert fours < 5
        assert not any((n - 4 * f) % 5 == 0 and n - 4 * f >= 0 for f in range(fours))


def test_small_counts_rejected():
    for n in (0, 1, 2, 3):
        with pytest.raises(Invalid):
            table_sizes(n)


@pytest.mark.parametrize("count,rounds,plan,games", [
    (6, 3, (4, 4, 4), 2), (7, 3, (5, 5, 4), 2), (11, 3, (9, 8, 5), 2),
    (11, 4, (9, 8, 8, 8), 3), (6, 4, (5, 5, 4, 4), 3),
    (7, 6, (5, 5, 5, 5, 4, 4), 4),  # 5 games would need 35 seats, 6 rounds give 30
])
def test_sit_out_plans_give_every_player_the_same_games(count, rounds, plan, games):
    assert sit_out_plan(count, rounds) == plan
    assert all(seatable(p) and p < count for p in plan)
    assert sum(plan) == count * games


def test_seatable_counts_play_in_full():
    assert sit_out_plan(13, 3) == (13, 13, 13)
    assert round_size(13, 3, 5) == 13
