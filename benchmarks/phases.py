"""Where a full hand's time goes, per phase: ``python -m benchmarks.phases [--hands N] [GAME …]``.

Random full hands are played through the Game protocol as the suite's ``hands/s`` figure plays them
(:func:`benchmarks.__main__.random_hand`: ``to_move``, then ``legal_actions`` + ``apply`` for a
seat, ``sample_chance`` + ``apply`` for chance), and each step's CPU time is charged to the phase
of the state it starts from (``state.phase``: ``deal``, ``bidding``, ``play`` …). The table gives,
per game and phase, the steps per hand, the microseconds per hand and per step, and the share of
the hand's time — the profile behind the compiled build's go/no-go on the performance page.

The clock is read around every step, which adds the same small cost to each; compare the shares
and the per-step times of one run, not their absolute sum with the suite's ``hands/s``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardrules import CHANCE, get_game

GAMES = ("euchre", "rook", "voormsi", "tournament")


def phase_profile(name: str, hands: int, seed: int = 1) -> dict[str, tuple[float, float]]:
    """Per phase of ``name``: (steps per hand, CPU seconds per hand) over ``hands`` random hands."""
    game: Any = get_game(name)
    rng = random.Random(seed)
    steps: dict[str, int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    clock = time.process_time
    for number in range(hands):
        state = game.new_hand(dealer=number % game.num_players)
        while (seat := game.to_move(state)) is not None:
            phase = state.phase
            start = clock()
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                actions = game.legal_actions(state)
                state = game.apply(state, actions[rng.randrange(len(actions))])
            seconds[phase] += clock() - start
            steps[phase] += 1
    return {phase: (steps[phase] / hands, seconds[phase] / hands) for phase in steps}


def render(name: str, profile: dict[str, tuple[float, float]]) -> str:
    """``name``'s profile as a table: a line per phase, the most costly first."""
    total = sum(secs for _, secs in profile.values()) or 1.0
    lines = [f"{name}: {total * 1e6:.0f} µs a hand (clocked steps)"]
    for phase, (count, secs) in sorted(profile.items(), key=lambda item: -item[1][1]):
        per_step = secs / count * 1e6 if count else 0.0
        lines.append(
            f"  {phase:<14}{count:>7.1f} steps  {secs * 1e6:>9.1f} µs  "
            f"{per_step:>6.2f} µs/step  {secs / total:>6.1%}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """The command line: the profile of each game named (all four by default)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.phases", description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--hands", type=int, default=2000, help="random hands per game")
    args = parser.parse_args(argv)
    for name in args.games:
        print(render(name, phase_profile(name, args.hands)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
