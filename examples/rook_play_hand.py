"""Play one hand of Tournament Rook: two heuristic bots against two random ones, then print it.

Run ``python examples/rook_play_hand.py [seed]``.
"""

from __future__ import annotations

import random
import sys

from cardrules import CHANCE, record_game
from cardrules.bots import Bot, RandomBot
from cardrules.games.rook import RookBot, make_game


def main(seed: int) -> None:
    """Play the hand of ``seed`` and print its record and result."""
    game = make_game()
    bots: list[Bot] = [RookBot(game), RandomBot(), RookBot(game), RandomBot()]
    rng = random.Random(seed)
    bot_rngs = [random.Random(seed * 10 + s) for s in range(4)]
    state = game.new_hand(dealer=seed % 4)
    steps = []
    while not game.is_over(state):
        seat = game.to_move(state)
        assert seat is not None  # not over
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = bots[seat].choose(
                game.view(state, seat), game.legal_actions(state), bot_rngs[seat]
            )
        steps.append((seat, action))
        state = game.apply(state, action)
    record = record_game(game, steps, start="hand", dealer=seed % 4)
    for seat, text in record.actions:
        who = "chance" if seat == -1 else f"seat {seat}"
        print(f"{who:>7}: {text[:70]}")
    print(state.last_reason, state.last_points)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
