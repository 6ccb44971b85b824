"""PIMC against ISMCTS at (about) equal time per move, in duplicate, on Euchre hands.

``python benchmarks/pimc_vs_ismcts.py [--deals 150] [--samples 10] [--iterations 600]``

Both bots search the card play only and leave the bidding to the heuristic bot, so the comparison
is of their card play. The script first times each bot's card-play decisions (CPU time, over the
card plays of eight seeded random hands) — choose ``--iterations`` so that the two times match —
then plays ``--deals`` duplicate Euchre hands (:func:`cardrules.simulate` with ``duplicate=True``:
the same deals with the line-ups swapped) and prints the paired 95 % interval on the difference in
points a hand, PIMC's line-up minus ISMCTS's.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardrules import ISMCTSBot, Table, get_game, simulate
from cardrules.bots.pimc import PIMCBot


def seconds_per_decision(game: Any, bot: Any, hands: int = 8) -> float:
    """CPU seconds per card-play decision of ``bot`` (at least two legal cards), over the card
    plays of ``hands`` seeded random hands."""
    total, decisions = 0.0, 0
    for seed in range(hands):
        table = Table(game, start="hand", dealer=0, rng=random.Random(seed))
        rng = random.Random(seed)
        while not table.is_over:
            legal = table.legal_actions()
            seat = table.to_move
            if table.state.phase == "play" and len(legal) > 1 and seat is not None:
                began = time.process_time()
                bot.choose(table.view(seat), legal, rng)
                total += time.process_time() - began
                decisions += 1
            table.push(legal[rng.randrange(len(legal))])
    return total / max(decisions, 1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=600)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args(argv)
    game = get_game("euchre")
    heuristic = game.heuristic_bot()
    pimc = PIMCBot(game, samples=args.samples, fallback=heuristic)
    ismcts = ISMCTSBot(game, iterations=args.iterations, search_phases={"play"}, fallback=heuristic)
    print(
        f"CPU per card-play decision: PIMC-{args.samples} "
        f"{seconds_per_decision(game, pimc) * 1000:.1f} ms, ISMCTS-{args.iterations} "
        f"{seconds_per_decision(game, ismcts) * 1000:.1f} ms"
    )
    result = simulate(
        game,
        [pimc, ismcts, pimc, ismcts],
        games=args.deals,
        seed=args.seed,
        start="hand",
        duplicate=True,
    )
    assert result.duplicate is not None
    print("line-up 0 = PIMC, line-up 1 = ISMCTS")
    print("\n".join(result.duplicate.lines()))


if __name__ == "__main__":
    main()
