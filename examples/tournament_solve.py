"""Deal a game of Tournament patience, ask the clairvoyant solver, and let the fair player play it.

Run: ``python examples/tournament_solve.py [seed]``.
"""

from __future__ import annotations

import random
import sys

from cardrules import CHANCE
from cardrules.games.tournament import make_game
from cardrules.games.tournament.bots import FairPlayer
from cardrules.games.tournament.solver import solve
from cardrules.sim import play_game


def main(seed: int) -> None:
    game = make_game()
    rng = random.Random(seed)
    state = game.new_hand()
    while game.to_move(state) == CHANCE:  # each rejected reserve is another shuffle (T2, B1)
        state = game.apply(state, game.sample_chance(state, rng))
    print(f"deal {seed}: {state.reserve_deals} shuffle(s); reserve:",
          " ".join(str(c) for c in game.view(state, 0).reserve))  # fmt: skip
    result = solve(game, state, max_nodes=30_000)
    print(f"solver: {result.status} after {result.nodes} nodes ({result.seconds:.2f} s)")
    if result.line:
        print("winning line starts:", " ".join(game.format_action(a) for a in result.line[:12]))
    final = play_game(game, [FairPlayer()], seed=seed, start="hand")
    outcome = game.outcome(final)
    assert outcome is not None
    print(f"fair player: {final.result}, {outcome.team_points[0]} cards on the foundations")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
