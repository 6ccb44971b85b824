"""RandomBot and play_game."""

from __future__ import annotations

import random

import cardrules_whist as whist
import pytest

from cardrules import CardrulesError
from cardrules.bots import Bot, RandomBot
from cardrules.sim import play_game


def test_random_bot_is_a_bot_and_uniform() -> None:
    bot = RandomBot()
    assert isinstance(bot, Bot)
    assert repr(bot) == "RandomBot()"
    rng = random.Random(3)
    picks = [bot.choose(None, (1, 2, 3), rng) for _ in range(3000)]
    assert all(abs(picks.count(v) - 1000) < 120 for v in (1, 2, 3))
    with pytest.raises(CardrulesError):
        bot.choose(None, (), rng)


def test_play_game_same_seed_same_game() -> None:
    game = whist.make_game()
    a = play_game(game, [RandomBot()] * 4, seed=5)
    b = play_game(game, [RandomBot()] * 4, seed=5)
    assert a == b and game.is_over(a)
    hand = play_game(game, [RandomBot()] * 4, seed=5, start="hand", dealer=1)
    assert game.is_over(hand) and hand.single_hand


def test_play_game_errors() -> None:
    game = whist.make_game()
    with pytest.raises(CardrulesError, match="needs 4 bots"):
        play_game(game, [RandomBot()], seed=1)
    with pytest.raises(CardrulesError, match="no end"):
        play_game(game, [RandomBot()] * 4, seed=1, max_steps=3)
