"""Section 4.6 statistics, checked exactly where they are combinatorial and by seeded simulation of
deals within a confidence interval (4.5 standard errors: a deterministic seed, and a window no honest
shuffle leaves)."""

from __future__ import annotations

import math
import random

from cardrules import Deal
from cardrules.games.euchre import DECK, make_game


def test_stat_hand_counts_exact() -> None:
    assert math.comb(24, 5) == 42_504
    assert math.comb(7, 5) * 4 == 84  # five of the seven trumps, any of four trump suits
    assert round(84 / 42_504 * 100, 3) == 0.198
    assert round(math.comb(8, 5) / math.comb(24, 5) * 100, 5) == 0.13175
    assert round(4 * math.comb(8, 5) / math.comb(24, 5) * 100, 3) == 0.527


def _within(hits: int, n: int, p: float) -> bool:
    se = math.sqrt(p * (1 - p) / n)
    return abs(hits / n - p) < 4.5 * se


def test_stat_upcard_is_a_jack_one_in_six() -> None:
    game = make_game()
    state = game.new_hand(dealer=0)
    rng = random.Random(46)
    n = 30_000
    jacks = 0
    for _ in range(n):
        deal = game.sample_chance(state, rng)
        assert isinstance(deal, Deal)
        jacks += DECK.card(deal.order[20]).rank == 11  # 4.7: the up-card is stream[20]
    assert _within(jacks, n, 4 / 24)


def test_stat_farmers_hand_frequency_per_deal() -> None:
    game = make_game(farmers_hand="redeal_all_9_10")
    state = game.new_hand(dealer=0)
    rng = random.Random(4627)
    n = 60_000
    hits = 0
    for _ in range(n):
        dealt = game.apply(state, game.sample_chance(state, rng))
        hits += any(game.is_farmers_hand(h) for h in dealt.hands)
    assert _within(hits, n, 4 * math.comb(8, 5) / math.comb(24, 5))
