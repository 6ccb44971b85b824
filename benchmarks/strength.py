"""Bot strength table: ``python benchmarks/strength.py [--games …] [--hands N] [--budgets …] [--jobs J]``.

For each game: the heuristic bot against ``RandomBot``, and ``ISMCTSBot`` at a few iteration budgets
against the heuristic bot (decisions with more than 64 legal actions, and in Rook the auction, bury
and trump call, are left to the heuristic bot: see ``SEARCH_PHASES``). Bots of the tested kind sit in seats 0 and 2 (team 0); to cancel the
seat advantage every deal is played twice, once with the tested bots in each team (the seeds of
``simulate`` are shared, so the two halves see the same deals). Results are win rates of the tested
bot over single hands (a hand is won by the side that scored more in it; ties count half), with
Wilson 95 % intervals, and the mean points per hand. Solitaire games compare mean results instead.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardrules import ISMCTSBot, RandomBot, get_game, simulate, wilson_interval
from cardrules.bots import Bot

# Rook's auction is left to the heuristic bot: random playouts set nearly every contract, so a
# search that judges bids by them learns to pass. ISMCTS searches Rook's card play.
SEARCH_PHASES: dict[str, set[str]] = {"rook": {"play"}}


def heuristic(game: Any) -> Bot:
    bot: Bot = game.heuristic_bot()
    return bot


def duel(
    game: Any, tested: Bot, opponent: Bot, hands: int, seed: int, executor: Executor | None
) -> dict[str, float]:
    """Win rate of ``tested`` against ``opponent`` over ``hands`` deals played from both sides."""
    n = game.num_players
    if n == 1:
        a = simulate(game, [tested], games=hands, seed=seed, start="hand", executor=executor)
        b = simulate(game, [opponent], games=hands, seed=seed, start="hand", executor=executor)
        return {
            "tested_mean": a.mean_team_points[0],
            "opponent_mean": b.mean_team_points[0],
            "games": float(hands),
        }
    first = simulate(
        game,
        [tested if s % 2 == 0 else opponent for s in range(n)],
        games=hands,
        seed=seed,
        start="hand",
        executor=executor,
    )
    second = simulate(
        game,
        [opponent if s % 2 == 0 else tested for s in range(n)],
        games=hands,
        seed=seed,
        start="hand",
        executor=executor,
    )
    wins = first.team_wins[0] + second.team_wins[1] + (first.draws + second.draws) / 2
    total = first.completed + second.completed
    low, high = wilson_interval(wins, total)
    points = (
        first.mean_team_points[0]
        - first.mean_team_points[1]
        + second.mean_team_points[1]
        - second.mean_team_points[0]
    ) / 2
    return {
        "win_rate": wins / total,
        "low": low,
        "high": high,
        "point_margin": points,
        "games": float(total),
    }


def table(
    name: str, hands: int, budgets: Sequence[int], seed: int, executor: Executor | None
) -> list[tuple[str, dict[str, float]]]:
    game = get_game(name)
    rows = [
        ("heuristic vs random", duel(game, heuristic(game), RandomBot(), hands, seed, executor))
    ]
    for budget in budgets:
        # Decisions with very many options (Rook's bury, Voormsi's wide group plays) go to the
        # heuristic bot: a small budget cannot even try each option once.
        search = ISMCTSBot(
            game,
            iterations=budget,
            max_branching=64,
            fallback=heuristic(game),
            search_phases=SEARCH_PHASES.get(name),
        )
        rows.append(
            (
                f"ismcts-{budget} vs heuristic",
                duel(game, search, heuristic(game), hands, seed, executor),
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Bot strength table")
    parser.add_argument("--games", nargs="*", default=["euchre", "rook", "voormsi"])
    parser.add_argument("--hands", type=int, default=200, help="deals per side per row")
    parser.add_argument("--budgets", nargs="*", type=int, default=[50, 200])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    executor = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for name in args.games:
            started = time.perf_counter()
            for label, row in table(name, args.hands, args.budgets, args.seed, executor):
                if "win_rate" in row:
                    print(
                        f"{name:<10} {label:<28} win {row['win_rate']:6.1%} [{row['low']:6.1%}, {row['high']:6.1%}]  margin {row['point_margin']:+6.2f}/hand  n={row['games']:.0f}"
                    )
                else:
                    print(
                        f"{name:<10} {label:<28} mean {row['tested_mean']:.3f} vs {row['opponent_mean']:.3f}  n={row['games']:.0f}"
                    )
            print(f"{name:<10} ({time.perf_counter() - started:.0f} s)")
    finally:
        if executor is not None:
            executor.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
