"""The heuristic bot clearly beats RandomBot."""

from __future__ import annotations

from cardrules.bots import Bot, RandomBot
from cardrules.games.euchre import EuchreBot, make_game
from cardrules.sim import play_game


def test_heuristic_bot_beats_random_bot() -> None:
    game = make_game()
    wins = 0
    matches = 30
    for seed in range(matches):
        bots: list[Bot] = [EuchreBot(), RandomBot(), EuchreBot(), RandomBot()]
        if seed % 2:
            bots = bots[1:] + bots[:1]  # the bots sit at seats 1 and 3
        final = play_game(game, bots, seed=seed)
        outcome = game.outcome(final)
        assert outcome is not None
        bot_team = 0 if seed % 2 == 0 else 1
        wins += outcome.winners == ((0, 2) if bot_team == 0 else (1, 3))
    # A fair coin wins 30 matches 27 times with probability below 1e-5.
    assert wins >= 27, wins


def test_bot_orders_up_a_strong_hand_and_passes_a_weak_one() -> None:
    from .stacking import act, new_stacked_hand

    game = make_game()
    state = act(game, new_stacked_hand(game), "pass", "pass", "pass", "pass")
    action = EuchreBot().choose(
        game.view(state, 1), game.legal_actions(state), __import__("random").Random(1)
    )
    assert game.format_action(action).startswith("name H")
