"""The fair player sees only its view and clearly beats RandomBot."""

from __future__ import annotations

from cardrules.bots import RandomBot
from cardrules.games.tournament import make_game
from cardrules.games.tournament.bots import FairPlayer
from cardrules.sim import play_game


def test_fair_player_beats_random_bot() -> None:
    game = make_game()
    fair: list[int] = []
    rand: list[int] = []
    for seed in range(30):
        for bot, out in ((FairPlayer(), fair), (RandomBot(), rand)):
            final = play_game(game, [bot], seed=seed, start="hand")
            result = game.outcome(final)
            assert result is not None
            out.append(result.team_points[0])
    # cards on the foundations: the fair player averages ~50, random play ~2 (it soon resigns)
    assert sum(fair) / 30 > sum(rand) / 30 + 20
    assert min(fair) >= 8  # it always at least plays the reserve's Aces and Kings and more


def test_fair_player_does_not_read_hidden_cards() -> None:
    """Two states with the same view get the same choice."""
    import random

    game = make_game()
    s = game.position(columns=["9S"])
    view = game.view(s, 0)
    other = game.sample_state(view, random.Random(3))
    bot = FairPlayer()
    assert bot.choose(view, game.legal_actions(s), random.Random(0)) == bot.choose(
        game.view(other, 0), game.legal_actions(other), random.Random(0)
    )
