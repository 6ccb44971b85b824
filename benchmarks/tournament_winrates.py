"""Win rates of Tournament patience over seeded deals: the clairvoyant solver and the fair player.

Deal ``k`` is drawn with ``random.Random(k)`` exactly as :func:`cardrules.sim.play_game` draws it
(every shuffle of the B1 rejection loop included), so both strategies play the same deals.

* **Solver** (clairvoyant: it knows the stock order): ``solve`` with a node budget per deal; a
  deal counts as decided when the solver finds a win or proves that none exists.
* **Fair player** (:class:`~cardrules.games.tournament.bots.FairPlayer`): sees only the view.

Rates come with Wilson 95 % intervals. Usage::

    python benchmarks/tournament_winrates.py --deals 1000 --nodes 50000 [--jobs 4] [--preset NAME]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from cardrules import CHANCE
from cardrules.games.tournament import make_game
from cardrules.games.tournament.bots import FairPlayer
from cardrules.games.tournament.solver import solve
from cardrules.sim import play_game


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default).

    >>> tuple(round(x, 4) for x in wilson(22, 100))
    (0.1501, 0.3098)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def one_deal(args: tuple[int, int, str | None]) -> tuple[int, str, int, bool]:
    """(seed, solver status, solver nodes, fair player won) for deal ``seed``."""
    seed, nodes, preset = args
    game = make_game(preset=preset) if preset else make_game()
    rng = random.Random(seed)
    state = game.new_hand()
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    result = solve(game, state, max_nodes=nodes)
    final = play_game(game, [FairPlayer()], seed=seed, start="hand")
    return seed, result.status, result.nodes, final.result == "won"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--nodes", type=int, default=50_000, help="solver node budget per deal")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--json", default=None, help="write the per-deal results here")
    args = parser.parse_args()
    work = [(s, args.nodes, args.preset) for s in range(args.first, args.first + args.deals)]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(one_deal, work, chunksize=4))
    else:
        rows = [one_deal(w) for w in work]
    seconds = time.perf_counter() - start
    n = len(rows)
    won = sum(r[1] == "won" for r in rows)
    lost = sum(r[1] == "lost" for r in rows)
    fair = sum(r[3] for r in rows)
    lo, hi = wilson(won, n)
    print(
        f"deals: {n} (seeds {args.first}..{args.first + n - 1}), rules: {args.preset or 'default'}"
    )
    print(f"solver budget: {args.nodes} nodes per deal; wall time {seconds:.0f} s")
    print(f"solver won: {won} ({won / n:.1%}, Wilson 95% {lo:.1%}-{hi:.1%}) = a lower bound")
    print(
        f"solver proved lost: {lost}; decided: {won + lost} ({(won + lost) / n:.1%}); unknown: {n - won - lost}"
    )
    if won + lost < n:
        ub = (n - lost) / n
        print(f"upper bound on the clairvoyant win rate (won + unknown): {ub:.1%}")
    lo, hi = wilson(fair, n)
    print(f"fair player won: {fair} ({fair / n:.1%}, Wilson 95% {lo:.1%}-{hi:.1%})")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"args": vars(args), "rows": rows, "seconds": seconds}, fh)


if __name__ == "__main__":
    main()
