"""OpenSpiel's Python MCTS on cardrules games: ``python examples/openspiel_search.py [simulations]``.

Registers Voormsi and Rook as Python games in ``pyspiel`` (extra ``[openspiel]``), deals a hand, and
asks OpenSpiel's ``MCTSBot.mcts_search`` for a move at the first decision. (``MCTSBot.step`` crashes on
Python games in the released wheel, so the search is called directly.) MCTS here sees the whole
state — it is OpenSpiel's perfect-information search, shown as a way to run OpenSpiel's algorithms on
cardrules games; ``cardrules.ISMCTSBot`` is the information-set search.
"""

from __future__ import annotations

import random
import sys

import numpy as np
from open_spiel.python.algorithms import mcts

from cardrules.adapters.openspiel import register

simulations = int(sys.argv[1]) if len(sys.argv) > 1 else 20
for name in ("voormsi", "rook"):
    game = register(name)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=evaluator,
        random_state=np.random.RandomState(1),
    )
    root = bot.mcts_search(state)
    best = root.best_child()
    player = state.current_player()
    print(
        f"{game}: seat {player} chooses {state.action_to_string(player, best.action)} after {root.explore_count} simulations"
    )
