"""Voormsi throughput: full random hands and fused rollouts per second, against OpenSpiel's spades.

A *full random hand* starts from ``new_hand(dealer=…)``, draws the shuffle, and plays uniformly
random legal actions through ``legal_actions``/``apply`` until the hand is over. A *rollout* is
``game.rollout(state, rng)`` from a freshly dealt state. When ``import pyspiel`` works, a full random
``spades`` game (one deal: shuffle, four bids, 52 cards — OpenSpiel's game ends after one hand) is
measured in the same run through the same Python loop shape, and the ratio reported.

The engine caches the legal groups of its rarer positions (groups following groups, a J♣ bound by
V15) per hand it meets, up to a bound, so the timed runs follow one untimed warm-up pass of the
same length.

Usage: ``python benchmarks/bench_voormsi.py [--quick]``. Each figure is the best of several runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: benchmarks.spiel

from benchmarks.spiel import play_out
from cardrules.games.voormsi import VoormsiGame, make_game


def _best_rate(work: Callable[[int], None], count: int, repeats: int) -> float:
    best = float("inf")
    for r in range(repeats):
        start = time.perf_counter()
        work(r)
        best = min(best, time.perf_counter() - start)
    return count / best


def _voormsi_hands(game: VoormsiGame, count: int) -> Callable[[int], None]:
    def work(seed: int) -> None:
        rng = random.Random(seed)
        for k in range(count):
            s = game.new_hand(dealer=k % 4)
            s = game.apply(s, game.sample_chance(s, rng))
            while s.phase == "play":
                legal = game.legal_actions(s)
                s = game.apply(s, legal[rng.randrange(len(legal))])

    return work


def _voormsi_rollouts(game: VoormsiGame, count: int) -> Callable[[int], None]:
    starts = []
    for k in range(16):
        s = game.new_hand(dealer=k % 4)
        starts.append(game.apply(s, game.sample_chance(s, random.Random(k))))

    def work(seed: int) -> None:
        rng = random.Random(seed)
        for k in range(count):
            game.rollout(starts[k % 16], rng)

    return work


def _spades_hands(count: int) -> Callable[[int], None] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    spades = pyspiel.load_game("spades")

    def work(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            play_out(spades.new_initial_state(), rng)

    return work


def run(quick: bool) -> dict[str, float]:
    """Measure and return the figures (per second; ``ratio`` = Voormsi hands / spades hands)."""
    game = make_game()
    hands, rollouts, repeats = (150, 400, 3) if quick else (1000, 3000, 5)
    _voormsi_hands(game, hands * repeats)(-1)  # warm-up: the legal-groups caches fill
    results = {
        "voormsi_hands_per_s": _best_rate(_voormsi_hands(game, hands), hands, repeats),
        "voormsi_rollouts_per_s": _best_rate(_voormsi_rollouts(game, rollouts), rollouts, repeats),
    }
    spades = _spades_hands(hands)
    if spades is not None:
        results["spades_hands_per_s"] = _best_rate(spades, hands, repeats)
        results["ratio_hands_vs_spades"] = (
            results["voormsi_hands_per_s"] / results["spades_hands_per_s"]
        )
        results["ratio_rollouts_vs_spades"] = (
            results["voormsi_rollouts_per_s"] / results["spades_hands_per_s"]
        )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (under ~20 s)")
    args = parser.parse_args()
    results = run(args.quick)
    for name, value in results.items():
        print(f"{name:28s} {value:12.2f}")
    if "spades_hands_per_s" not in results:
        print("pyspiel is not importable: the OpenSpiel spades reference was skipped")


if __name__ == "__main__":
    main()
