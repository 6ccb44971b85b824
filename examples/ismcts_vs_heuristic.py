"""ISMCTS against the heuristic bot in Euchre: ``python examples/ismcts_vs_heuristic.py [hands] [iterations]``.

Each deal is played twice, with the ISMCTS bots in each team in turn, so that the deal and the
seat advantage cancel out. For a strength table with tight intervals see ``benchmarks/strength.py``.
"""

from __future__ import annotations

import sys

from cardrules import ISMCTSBot, get_game, simulate, wilson_interval

hands = int(sys.argv[1]) if len(sys.argv) > 1 else 6
iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 30
game = get_game("euchre")
search, heuristic = ISMCTSBot(game, iterations=iterations), game.heuristic_bot()
first = simulate(game, [search, heuristic, search, heuristic], games=hands, seed=5, start="hand")
second = simulate(game, [heuristic, search, heuristic, search], games=hands, seed=5, start="hand")
wins = first.team_wins[0] + second.team_wins[1] + (first.draws + second.draws) / 2
low, high = wilson_interval(wins, 2 * hands)
margin = (
    first.mean_team_points[0]
    - first.mean_team_points[1]
    + second.mean_team_points[1]
    - second.mean_team_points[0]
) / 2
print(
    f"ISMCTS-{iterations} vs heuristic over {2 * hands} hands: won {wins:g} ({low:.0%}-{high:.0%}), margin {margin:+.2f} points/hand"
)
