"""Benchmark of Tournament patience: random-play games per second and solver deals decided per second.

Usage: ``python benchmarks/bench_tournament.py [--quick]``. Each figure is the best of several
timed runs (``time.perf_counter``). Figures:

* ``random_games_per_s``: whole games (deal included) with uniformly random legal actions, as
  ``check_game`` plays them (``resign`` is one of the legal actions, so games are short);
* ``deep_random_games_per_s``: random legal actions other than ``resign`` until the game ends by
  T11 (or 1,000 steps, then resign): full-length games;
* ``rollouts_per_s``: :meth:`TournamentGame.rollout` from a dealt state;
* ``solver_deals_decided_per_s``, ``solver_nodes_per_s``: the clairvoyant solver on seeded deals
  with a 20,000-node budget, seeds 0-7 (quick) or 0-29 (a deal is decided when it is won or
  proved lost);
* ``pyspiel_solitaire_games_per_s``: when ``import pyspiel`` works. OpenSpiel has no Tournament,
  so the reference is its one-player patience ``solitaire`` (Klondike), random play driven from
  Python the same way — a different game, given only as an order of magnitude.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from cardrules import CHANCE
from cardrules.games.tournament import Resign, TournamentGame, TournamentState, make_game
from cardrules.games.tournament.solver import solve
from cardrules.games.tournament.winnable import seeded_deal


def _best(fn: Callable[[], float], repeats: int) -> float:
    return max(fn() for _ in range(repeats))


def _dealt(game: TournamentGame, seed: int) -> TournamentState:
    return seeded_deal(game, seed)[0]


def random_games(game: TournamentGame, games: int, deep: bool) -> float:
    """Games per second of uniformly random play (``deep``: never resign before step 1,000)."""
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(games):
        s = game.new_hand()
        steps = 0
        while not game.is_over(s):
            if game.to_move(s) == CHANCE:
                s = game.apply(s, game.sample_chance(s, rng))
                continue
            legal = game.legal_actions(s)
            if deep:
                legal = tuple(a for a in legal if not isinstance(a, Resign)) or legal
                if steps >= 1000:
                    legal = (Resign(),)
            s = game.apply(s, legal[rng.randrange(len(legal))])
            steps += 1
    return games / (time.perf_counter() - start)


def rollouts(game: TournamentGame, count: int) -> float:
    s = _dealt(game, 3)
    rng = random.Random(2)
    start = time.perf_counter()
    for _ in range(count):
        game.rollout(s, rng)
    return count / (time.perf_counter() - start)


def solver_rate(game: TournamentGame, seeds: range, nodes: int) -> tuple[float, float, int]:
    """(deals decided per second, nodes per second, decided count) over ``seeds``."""
    states = [_dealt(game, s) for s in seeds]
    start = time.perf_counter()
    decided = 0
    total_nodes = 0
    for s in states:
        result = solve(game, s, max_nodes=nodes)
        decided += result.status != "unknown"
        total_nodes += result.nodes
    seconds = time.perf_counter() - start
    return decided / seconds, total_nodes / seconds, decided


def pyspiel_solitaire(games: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("solitaire")
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return float(games / (time.perf_counter() - start))


def run(quick: bool) -> dict[str, float]:
    """Measure every figure; ``quick`` keeps the whole run under ~20 s."""
    game = make_game()
    repeats = 2 if quick else 3
    out: dict[str, float] = {}
    out["random_games_per_s"] = _best(
        lambda: random_games(game, 300 if quick else 2000, False), repeats
    )
    out["deep_random_games_per_s"] = _best(
        lambda: random_games(game, 5 if quick else 30, True), repeats
    )
    out["rollouts_per_s"] = _best(lambda: rollouts(game, 300 if quick else 2000), repeats)
    seeds = range(8) if quick else range(30)
    best = max(
        (solver_rate(game, seeds, 20_000) for _ in range(1 if quick else 2)), key=lambda t: t[0]
    )
    out["solver_deals_decided_per_s"], out["solver_nodes_per_s"], decided = best
    out["solver_deals"] = float(len(seeds))
    out["solver_deals_decided"] = float(decided)
    ref = pyspiel_solitaire(50 if quick else 300)
    if ref is not None:
        out["pyspiel_solitaire_games_per_s"] = ref
        out["ratio_random_games_vs_pyspiel_solitaire"] = out["random_games_per_s"] / ref
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Tournament patience benchmark")
    parser.add_argument("--quick", action="store_true", help="a short run (under ~20 s)")
    args = parser.parse_args()
    for name, value in run(args.quick).items():
        print(f"{name:42s} {value:12.1f}")


if __name__ == "__main__":
    main()
