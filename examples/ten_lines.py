"""Play one hand of Euchre at random, in ten lines: ``python examples/ten_lines.py``."""

import random

from cardrules import CHANCE, get_game

game, rng = get_game("euchre"), random.Random(2026)
state = game.new_hand(dealer=0)
while not game.is_over(state):
    chance = game.to_move(state) == CHANCE
    action = game.sample_chance(state, rng) if chance else rng.choice(game.legal_actions(state))
    print(game.format_action(action)[:60])
    state = game.apply(state, action)
print(game.outcome(state))
