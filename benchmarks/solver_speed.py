"""The double-dummy solver's speed: whole hands solved from a trick on, median and worst.

``python benchmarks/solver_speed.py [--games euchre,rook,voormsi] [--deals 10] [--seed 0]
[--from-trick 0] [--node-limit 3000000]``

For each game and each seeded deal ``d`` (``random.Random(seed * 1000 + d)``), the deal is dealt
as a single hand, the bidding (if any) is played with random legal actions, then ``--from-trick``
tricks are played with random legal cards; :func:`cardrules.solver.solve_double_dummy` then solves
the position (every legal action's exact value and a principal line) from a fresh solver. The
script prints, per game, how many deals were solved within ``--node-limit`` positions, the
median and worst time and positions of those, and positions per second (all solved deals
together). A deal over the limit counts as unsolved: its time is printed as ``> t``.

``--from-trick`` takes several values (``0,3,5``): one table row per start. ``0`` is the first
lead of the hand (Euchre's whole hand, Rook's ten tricks, a Voormsi deal from its first lead).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardrules import get_game
from cardrules.notation import is_number, read_number
from cardrules.perft import deal
from cardrules.solver import SolverLimitError, solve_double_dummy


def start(game: Any, seed: int, tricks: int) -> Any:
    """The seeded deal's position ``tricks`` tricks into the card play (random bids and cards)."""
    rng = random.Random(seed)
    state = deal(game, game.new_hand(dealer=seed % game.num_players), rng)
    while state.phase != "play":
        if game.is_over(state):  # a thrown-in hand (everyone passed): deal again
            state = game.new_hand(dealer=seed % game.num_players)
        state = deal(game, state, rng)  # a redeal's shuffle, if one is due
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    while state.phase == "play" and len(state.tricks) < tricks:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


SUITE_STARTS: dict[str, tuple[int, int]] = {"euchre": (0, 10), "rook": (4, 5), "voormsi": (5, 5)}
"""What the benchmark suite solves per game: (from which trick, how many deals) — whole Euchre
hands; Rook and Voormsi from late enough to finish in seconds (see the Analysis page)."""


def solve_deals(
    game: Any, trick: int, deals: int, seed: int, limit: int
) -> tuple[list[float], list[int], list[float]]:
    """Seconds and positions of each deal solved from ``trick``, and the seconds of those over the
    node ``limit``."""
    times: list[float] = []
    nodes: list[int] = []
    over: list[float] = []
    for d in range(deals):
        state = start(game, seed * 1000 + d, trick)
        if state.phase != "play":
            continue
        began = time.perf_counter()
        try:
            result = solve_double_dummy(game, state, node_limit=limit)
        except SolverLimitError:
            over.append(time.perf_counter() - began)
            continue
        times.append(time.perf_counter() - began)
        nodes.append(result.nodes)
    return times, nodes, over


def suite_figures(games: list[str]) -> dict[str, dict[str, float]]:
    """The solver's figures for ``python -m benchmarks``: per game of :data:`SUITE_STARTS`, the
    start trick, deals solved, median and worst seconds, and positions per second."""
    figures: dict[str, dict[str, float]] = {}
    for name in games:
        if name not in SUITE_STARTS:
            continue
        trick, deals = SUITE_STARTS[name]
        times, nodes, over = solve_deals(get_game(name), trick, deals, 0, 3_000_000)
        if times:
            figures[name] = {
                "from_trick": trick,
                "solved": len(times),
                "deals": len(times) + len(over),
                "median_s": statistics.median(times),
                "worst_s": max(times),
                "nodes_per_s": sum(nodes) / sum(times),
            }
    return figures


def numbers(text: str) -> list[int]:
    values = []
    for part in text.split(","):
        if not is_number(part):
            raise SystemExit(f"not a number: {part!r}")
        values.append(read_number(part, "a number"))
    return values


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="euchre,rook,voormsi")
    parser.add_argument("--deals", default="10")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--from-trick", default="0")
    parser.add_argument("--node-limit", default="3000000")
    args = parser.parse_args(argv)
    deals = numbers(args.deals)[0]
    seed = numbers(args.seed)[0]
    limit = numbers(args.node_limit)[0]
    print(f"{sys.version.split()[0]}, {deals} deals, node limit {limit:,}")
    print(
        f"{'game':8} {'from':>5} {'solved':>7} {'median s':>9} {'worst s':>9} "
        f"{'median nodes':>13} {'worst nodes':>12} {'nodes/s':>9}"
    )
    for name in args.games.split(","):
        game = get_game(name)
        for trick in numbers(args.from_trick):
            times, nodes, over = solve_deals(game, trick, deals, seed, limit)
            solved = f"{len(times)}/{len(times) + len(over)}"
            if times:
                rate = sum(nodes) / sum(times)
                worst = f"{max(times):9.3f}" if not over else f"> {max(over):7.1f}"
                print(
                    f"{name:8} {trick:5} {solved:>7} {statistics.median(times):9.3f} {worst:>9} "
                    f"{int(statistics.median(nodes)):13,} {max(nodes):12,} {rate:9,.0f}"
                )
            else:
                print(
                    f"{name:8} {trick:5} {solved:>7} {'-':>9} {'> ' + format(max(over), '.1f'):>9}"
                )


if __name__ == "__main__":
    main()
