"""Benchmark of Tournament Rook: full random hands per second and rollouts per second.

Run ``python benchmarks/bench_rook.py [--quick]``. When ``pyspiel`` imports, OpenSpiel's
``spades`` (its nearest partnership bidding trick game) is measured in the same run: a full random
hand there is 52 chance steps (the deal, chance outcomes from ``chance_outcomes()``), 4 bids and
52 plays, driven from Python exactly as the Rook hand is; the ratio is Rook hands/s over Spades
hands/s (targets: >= 1.0 in issue 4, >= 1.5 in issue 11).

A Rook "full random hand" starts at ``new_hand`` and steps through the Game protocol only, as
``python -m benchmarks`` does: the deal is one chance action (``sample_chance``), then at every
decision one ``legal_actions``, a uniform choice with ``rng.randrange`` and one ``apply`` (the
auction with its redeal requests, the bury among the 2,002 legal buries, the trump call and the 36
plays). ``rook_hands_per_s_random_action`` is the same hand drawn with
:meth:`RookGame.random_action` instead of listing the legal actions (a shortcut, not the target).
A rollout is :meth:`RookGame.rollout` from the state just after the deal (auction, bury and trump
stepped, the play fused on bitmasks) and from the first lead (the play alone).
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: benchmarks.spiel

from benchmarks.spiel import play_out
from cardrules import CHANCE
from cardrules.games.rook import RookGame, RookState, make_game

__all__ = ["run"]


def _best_rate(body: Callable[[int], int], count: int, repeats: int) -> float:
    """The best of ``repeats`` timings of ``body(count)``, as items per second."""
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        done = body(count)
        elapsed = time.perf_counter() - start
        best = max(best, done / elapsed)
    return best


def rook_hands(game: RookGame, count: int, seed: int = 1) -> int:
    """Play ``count`` full random single hands through the Game protocol (the target figure):
    ``sample_chance`` for the deal, ``legal_actions`` + a uniform choice + ``apply`` at each
    decision. Returns ``count``."""
    rng = random.Random(seed)
    to_move, legal, apply, chance = game.to_move, game.legal_actions, game.apply, game.sample_chance
    for k in range(count):
        state = game.new_hand(dealer=k % 4)
        while (seat := to_move(state)) is not None:
            if seat == CHANCE:
                state = apply(state, chance(state, rng))
            else:
                actions = legal(state)
                state = apply(state, actions[rng.randrange(len(actions))])
    return count


def rook_hands_random_action(game: RookGame, count: int, seed: int = 1) -> int:
    """Play ``count`` full random single hands drawn with ``random_action``; returns ``count``."""
    rng = random.Random(seed)
    apply, choose, over = game.apply, game.random_action, game.is_over
    for k in range(count):
        state = game.new_hand(dealer=k % 4)
        while not over(state):
            state = apply(state, choose(state, rng))
    return count


def _after_deal(game: RookGame, seed: int) -> RookState:
    state = game.new_hand(dealer=0)
    return game.apply(state, game.sample_chance(state, random.Random(seed)))


def _first_lead(game: RookGame, seed: int) -> RookState:
    rng = random.Random(seed)
    state = _after_deal(game, seed)
    while state.phase != "play":
        state = game.apply(state, game.random_action(state, rng))
        if game.is_over(state):
            state = _after_deal(game, seed := seed + 1)
    return state


def rook_rollouts(game: RookGame, state: RookState, count: int, seed: int = 2) -> int:
    """Run ``count`` rollouts of ``state``; returns ``count``."""
    rng = random.Random(seed)
    rollout = game.rollout
    for _ in range(count):
        rollout(state, rng)
    return count


def spades_hands(count: int, seed: int = 3) -> int:
    """Play ``count`` full random OpenSpiel ``spades`` hands (needs pyspiel)."""
    import pyspiel

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    for _ in range(count):
        play_out(game.new_initial_state(), rng)
    return count


def run(quick: bool) -> dict[str, float]:
    """Measure and return the figures (per second), with the Spades ratio when pyspiel imports.

    Rook and Spades hands are timed in alternation, best of several rounds each, so that a busy
    machine slows both alike and the ratio stays fair.
    """
    game = make_game()
    scale = 1 if quick else 4
    repeats = 4 if quick else 7
    try:
        import pyspiel  # noqa: F401

        have_spades = True
    except ImportError:
        have_spades = False
    rook_best = shortcut_best = spades_best = 0.0
    rook_hands(game, 50)  # warm the engine's caches (auction steps, play lists)
    for r in range(repeats):
        # A fresh seed each round: new deals, as in a long simulation (no replayed hands).
        rook_best = max(
            rook_best, _best_rate(functools.partial(rook_hands, game, seed=100 + r), 300 * scale, 1)
        )
        shortcut_best = max(
            shortcut_best,
            _best_rate(
                functools.partial(rook_hands_random_action, game, seed=200 + r), 300 * scale, 1
            ),
        )
        if have_spades:
            spades_best = max(spades_best, _best_rate(spades_hands, 300 * scale, 1))
    figures: dict[str, float] = {
        "rook_hands_per_s": rook_best,
        "rook_hands_per_s_random_action": shortcut_best,
    }
    dealt = _after_deal(game, 7)
    figures["rook_rollouts_per_s_from_deal"] = _best_rate(
        lambda n: rook_rollouts(game, dealt, n), 400 * scale, repeats
    )
    lead = _first_lead(game, 7)
    figures["rook_rollouts_per_s_from_first_lead"] = _best_rate(
        lambda n: rook_rollouts(game, lead, n), 2000 * scale, repeats
    )
    if have_spades:
        figures["spades_hands_per_s"] = spades_best
        figures["ratio_rook_over_spades"] = rook_best / spades_best
        figures["ratio_rook_random_action_over_spades"] = shortcut_best / spades_best
        figures["ratio_rook_rollout_from_deal_over_spades"] = (
            figures["rook_rollouts_per_s_from_deal"] / spades_best
        )
    return figures


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (< 20 s)")
    args = parser.parse_args()
    figures = run(args.quick)
    for name, value in figures.items():
        print(f"{name:40s} {value:12.2f}")
    if "spades_hands_per_s" not in figures:
        print("pyspiel not importable: the OpenSpiel spades reference was skipped")


if __name__ == "__main__":
    main()
