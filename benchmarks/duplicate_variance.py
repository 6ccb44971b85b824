"""How many fewer deals duplicate play needs than plain play to tell two bots apart.

``python benchmarks/duplicate_variance.py [--game euchre] [--deals 400] [--seed 0] [--jobs 1]
[--pairs heuristic/random ismcts50/heuristic]``

For each pair ``A/B`` (``heuristic``, ``random``, or ``ismctsN`` for an ISMCTS bot of N iterations),
line-up 0 is ``A`` at seats 0 and 2 and line-up 1 is ``B`` at 1 and 3. Every deal ``d`` (seed
``game_seed(seed, d)``) is played as a single hand in both rotations of duplicate play
(:func:`cardrules.sim.play_rotation`): line-up 0 in team 0's seats, then in team 1's. Each of those
games is a game of plain play too (a fresh deal, the sides alternating), so the same games measure
both:

* **plain**: the standard deviation, from game to game, of ``x`` = line-up 0's points minus line-up
  1's in the hand (or its win minus theirs: +1, -1, or 0 on a tie), over all the games played;
* **duplicate**: the standard deviation, from deal to deal, of ``x`` averaged over the deal's two
  rotations — what ``simulate(..., duplicate=True)`` reports as ``deviation`` (checked below on the
  first deals).

Both share the mean ``m`` (the mean over all games is the mean of the deals' averages). A 95 %
interval ``m ± 1.96·sd/√n`` excludes 0 from ``n = (1.96·sd/m)²`` samples on: games in plain play,
deals in duplicate (each deal costing two games). The script prints both, and the ratios
``plain games / duplicate deals`` and ``plain games / duplicate games``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardrules import ISMCTSBot, RandomBot, get_game, simulate
from cardrules.bots import Bot
from cardrules.notation import is_number, read_number
from cardrules.sim import game_seed, play_rotation

Z95 = 1.959963984540054


def make_bot(game: Any, name: str) -> Bot:
    """``heuristic``, ``random`` or ``ismctsN``."""
    if name == "random":
        return RandomBot()
    if name == "heuristic":
        bot: Bot = game.heuristic_bot()
        return bot
    if name.startswith("ismcts") and is_number(name[6:]):
        return ISMCTSBot(game, iterations=read_number(name[6:], "iterations", minimum=1))
    raise SystemExit(f"unknown bot {name!r}: heuristic, random or ismctsN")


def deal_values(
    game_name: str, pair: str, seed: int, deals: Sequence[int]
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Per deal: (points difference, win difference) of line-up 0 in rotation 0 and in rotation 1.
    Module-level so that worker processes run it."""
    game = get_game(game_name)
    first, second = pair.split("/")
    a, b = make_bot(game, first), make_bot(game, second)
    bots = [a, b, a, b]
    teams = ((0, 2), (1, 3))
    values = []
    for deal in deals:
        per_rotation = []
        for rotation in (0, 1):
            final = play_rotation(
                game, bots, seed=game_seed(seed, deal), rotation=rotation, start="hand"
            )
            outcome = game.outcome(final)
            assert outcome is not None  # play_rotation returns a finished game
            mine, theirs = (0, 1) if rotation == 0 else (1, 0)  # line-up 0's team, line-up 1's
            won = set(outcome.winners)
            per_rotation.append(
                (
                    outcome.team_points[mine] - outcome.team_points[theirs],
                    int(won == set(teams[mine])) - int(won == set(teams[theirs])),
                )
            )
        values.append(
            ((per_rotation[0][0], per_rotation[1][0]), (per_rotation[0][1], per_rotation[1][1]))
        )
    return values


def deviation(xs: Sequence[float]) -> float:
    mean = sum(xs) / len(xs)
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))


def needed(sd: float, mean: float) -> float:
    return math.inf if mean == 0 else (Z95 * sd / mean) ** 2


def measure(game_name: str, pair: str, deals: int, seed: int, jobs: int) -> list[str]:
    chunks = [list(range(k, min(k + 25, deals))) for k in range(0, deals, 25)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(
                pool.map(
                    deal_values, *zip(*[(game_name, pair, seed, c) for c in chunks], strict=True)
                )
            )
    else:
        parts = [deal_values(game_name, pair, seed, c) for c in chunks]
    rows = [row for part in parts for row in part]
    # The duplicate figures must be simulate's own: check them on the first deals.
    game = get_game(game_name)
    first, second = pair.split("/")
    check = min(deals, 20)
    bots = [make_bot(game, first), make_bot(game, second)] * 2
    summary = simulate(game, bots, games=check, seed=seed, start="hand", duplicate=True).duplicate
    assert summary is not None
    mine = [(p0 + p1) / 2 for (p0, p1), _ in rows[:check]]
    assert abs(summary.comparisons[0].points.mean - sum(mine) / check) < 1e-12, "not simulate's"
    lines = []
    for index, measure_name in ((0, "points/hand"), (1, "wins/hand")):
        games = [x for row in rows for x in row[index]]
        per_deal = [(row[index][0] + row[index][1]) / 2 for row in rows]
        mean = sum(games) / len(games)
        sd_plain, sd_dup = deviation(games), deviation(per_deal)
        n_plain, n_dup = needed(sd_plain, mean), needed(sd_dup, mean)
        lines.append(
            f"{pair:<22} {measure_name:<12} {mean:+7.3f}  {sd_plain:8.3f}  {sd_dup:8.3f}  "
            f"{n_plain:9.0f}  {n_dup:9.0f}  {2 * n_dup:9.0f}  "
            f"{n_plain / n_dup:6.1f}x  {n_plain / (2 * n_dup):6.1f}x"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="euchre")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pairs", nargs="+", default=["heuristic/random", "ismcts50/heuristic"])
    args = parser.parse_args(argv)
    print(f"{args.game}: {args.deals} deals, each played in both rotations; seed {args.seed}")
    print(
        f"{'pair':<22} {'measure':<12} {'mean':>7}  {'sd plain':>8}  {'sd dup':>8}  "
        f"{'plain n':>9}  {'dup deals':>9}  {'dup games':>9}  {'deals':>7}  {'games':>7}"
    )
    for pair in args.pairs:
        started = time.perf_counter()
        for line in measure(args.game, pair, args.deals, args.seed, args.jobs):
            print(line)
        print(f"{'':<22} ({time.perf_counter() - started:.0f} s)")
    print(
        "plain n: games needed for a 95 % interval to exclude 0 in plain play; dup deals/games: "
        "the same in duplicate play; deals, games: plain n divided by dup deals, by dup games"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
