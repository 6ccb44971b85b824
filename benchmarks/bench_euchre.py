"""Euchre benchmark: random full hands, rollouts, and the cost of ``legal_actions`` and ``apply``.

Run ``python benchmarks/bench_euchre.py [--quick]``. When ``pyspiel`` (PyPI ``open-spiel``) is
importable, OpenSpiel's ``euchre`` is measured in the same run and the ratios are printed:

* full random hand: deal to score, one ``legal_actions`` + ``rng.choice`` + ``apply`` per step (the
  same random call on both sides); cardrules deals with one chance action (a shuffle), OpenSpiel
  with its per-card chance outcomes sampled from ``chance_outcomes()``; both start with the chance
  choice of the dealer;
* rollout: from the first card of play, cardrules' fused ``rollout`` vs OpenSpiel's ``clone()``
  followed by random play to the end.

Every figure is the best of many short timed runs (``time.perf_counter``), ours and OpenSpiel's
interleaved, so that the ratios compare the two under the same load.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from cardrules import CHANCE
from cardrules.games.euchre import EuchreGame, EuchreState, make_game

__all__ = ["run"]


def _best(fn: Callable[[], int], repeats: int) -> float:
    """The best rate (items per second) of ``fn`` over ``repeats`` runs; ``fn`` returns its item count."""
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        items = fn()
        elapsed = time.perf_counter() - start
        best = max(best, items / elapsed)
    return best


def _full_hands(game: EuchreGame, hands: int, seed: int) -> Callable[[], int]:
    def work() -> int:
        rng = random.Random(seed)
        # rng.choice, as on OpenSpiel's side: the same random call per step on both sides.
        choice = rng.choice
        legal_actions, apply, sample_chance = game.legal_actions, game.apply, game.sample_chance
        for _ in range(hands):
            state = game.new_hand()
            while True:
                seat = state.to_move
                if seat is None:
                    break
                if seat == CHANCE:
                    state = apply(state, sample_chance(state, rng))
                else:
                    state = apply(state, choice(legal_actions(state)))
        return hands

    return work


def _first_card_states(game: EuchreGame, count: int, seed: int) -> list[EuchreState]:
    rng = random.Random(seed)
    states: list[EuchreState] = []
    while len(states) < count:
        state = game.new_hand()
        while state.to_move is not None and state.phase != "play":
            if state.to_move == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
        if state.phase == "play":
            states.append(state)
    return states


def _steps(game: EuchreGame, hands: int, seed: int) -> list[tuple[EuchreState, Any]]:
    rng = random.Random(seed)
    pairs = []
    for _ in range(hands):
        state = game.new_hand()
        while state.to_move is not None:
            if state.to_move == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            pairs.append((state, action))
            state = game.apply(state, action)
    return pairs


def _openspiel(hands: int, rollouts: int, seed: int) -> dict[str, Callable[[], int]] | None:
    """OpenSpiel's workloads (``None`` without pyspiel), as functions returning their item count."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")

    def full() -> int:
        rng = random.Random(seed)
        choice = rng.choice
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    # Euchre's chance outcomes are uniform; one uniform pick samples them exactly.
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
        return hands

    rng = random.Random(seed + 1)
    starts: list[Any] = []
    while len(starts) < 200:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if _openspiel_in_play(state):
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            starts.append(state)

    def roll() -> int:
        rng2 = random.Random(seed + 2)
        choice = rng2.choice
        n = len(starts)
        for k in range(rollouts):
            state = starts[k % n].clone()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
        return rollouts

    return {"openspiel_full_hands_per_s": full, "openspiel_rollouts_per_s": roll}


def _openspiel_in_play(state: Any) -> bool:
    """Whether an OpenSpiel euchre state is in its play phase (before any card: the first card)."""
    return str(state.current_phase()).endswith("PLAY")


def run(quick: bool) -> dict[str, float]:
    """Measure and return the figures (rates per second, costs in µs, ratios to OpenSpiel).

    The workloads are measured in turn within each repetition (ours, then OpenSpiel's), and the best
    rate of each is kept, so that a load change on a shared machine hits both sides alike.
    """
    # Many short repetitions, ours and OpenSpiel's interleaved, keeping the best of each: on a
    # shared, loaded machine a short slice is more likely to run undisturbed than a long one.
    hands, rollouts, repeats = (300, 1000, 12) if quick else (1000, 3000, 30)
    game = make_game()
    seed = 20261129
    starts = _first_card_states(game, 200, seed)

    def roll() -> int:
        rng = random.Random(seed)
        n = len(starts)
        for k in range(rollouts):
            game.rollout(starts[k % n], rng)
        return rollouts

    pairs = _steps(game, 300 if quick else 1000, seed)
    states = [s for s, _ in pairs]

    def legal() -> int:
        for s in states:
            game.legal_actions(s)
        return len(states)

    def apply() -> int:
        for s, a in pairs:
            game.apply(s, a)
        return len(pairs)

    work: dict[str, Callable[[], int]] = {
        "full_hands_per_s": _full_hands(game, hands, seed),
        "rollouts_per_s": roll,
        "legal_actions_per_s": legal,
        "apply_per_s": apply,
    }
    reference = _openspiel(hands, rollouts, seed)
    if reference is not None:
        work.update(reference)
    best = dict.fromkeys(work, 0.0)
    for _ in range(repeats):
        for name, fn in work.items():
            best[name] = max(best[name], _best(fn, 1))
    results = {
        "full_hands_per_s": best["full_hands_per_s"],
        "rollouts_per_s": best["rollouts_per_s"],
        "us_per_legal_actions": 1e6 / best["legal_actions_per_s"],
        "us_per_apply": 1e6 / best["apply_per_s"],
    }
    if reference is not None:
        results["openspiel_full_hands_per_s"] = best["openspiel_full_hands_per_s"]
        results["openspiel_rollouts_per_s"] = best["openspiel_rollouts_per_s"]
        results["ratio_full_hands"] = (
            results["full_hands_per_s"] / results["openspiel_full_hands_per_s"]
        )
        results["ratio_rollouts"] = results["rollouts_per_s"] / results["openspiel_rollouts_per_s"]
    return results


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (under ~20 s)")
    args = parser.parse_args()
    results = run(args.quick)
    for name, value in results.items():
        print(f"{name:32s} {value:12.2f}")
    if "ratio_full_hands" not in results:
        print("pyspiel is not importable: the OpenSpiel reference was skipped")


if __name__ == "__main__":
    main()
