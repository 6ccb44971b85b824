"""Statistics of the patience, checked by seeded simulation: the rejected reserves of rule T2."""

from __future__ import annotations

import math
import random

from cardrules import CHANCE
from cardrules.games.tournament import make_game
from cardrules.games.tournament.state import PRANK


def test_2_6_first_reserve_needs_a_reshuffle_24_95_percent() -> None:
    """T2/B1: P(no A and no K among 8 of 104) = C(88,8)/C(104,8) ≈ 24.95 %; mean deals ≈ 1.333."""
    exact = math.comb(88, 8) / math.comb(104, 8)
    assert abs(exact - 0.2495) < 5e-5
    game = make_game()
    rng = random.Random(2024)
    n = 20_000
    rejected = 0
    for _ in range(n):
        s = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), rng))
        rejected += game.to_move(s) == CHANCE
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(rejected / n - exact) < 4 * se  # 4 standard errors: ±1.2 points
    # the whole rejection loop: expected number of shuffles 1 / (1 - p) ≈ 1.3324
    deals = []
    for _ in range(4_000):
        s = game.new_hand()
        while game.to_move(s) == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
        assert any(PRANK[c] in (1, 13) for c in s.reserve)
        deals.append(s.reserve_deals)
    mean = sum(deals) / len(deals)
    expected = 1 / (1 - exact)
    sd = math.sqrt(exact) / (1 - exact)  # geometric distribution
    assert abs(mean - expected) < 4 * sd / math.sqrt(len(deals))
