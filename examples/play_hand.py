"""Play one hand of partnership Whist (the reference plugin) between four random bots, narrated.

Run from the repository root::

    python examples/play_hand.py [seed]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "whist_plugin"))

import cardrules_whist as whist

from cardrules import CHANCE, Deal
from cardrules.bots import RandomBot


def main(seed: int = 1) -> None:
    """Play and print one hand."""
    import random

    game = whist.make_game()
    bots = [RandomBot() for _ in range(4)]
    rng = random.Random(seed)
    state = game.new_hand(dealer=0)
    while not game.is_over(state):
        seat = game.to_move(state)
        if seat == CHANCE:
            deal = game.sample_chance(state, rng)
            assert isinstance(deal, Deal)
            state = game.apply(state, deal)
            view = game.view(state, 1)
            assert view.turn_up is not None
            assert view.turn_up.suit is not None
            print(f"Dealer: seat 0. Trump: {view.turn_up.suit.symbol} (turn-up {view.turn_up})")
            for s in range(4):
                print(f"  seat {s}: {game.view(state, s).hand}")
            continue
        assert seat is not None
        play = bots[seat].choose(game.view(state, seat), game.legal_actions(state), rng)
        state = game.apply(state, play)
        trick_no = len(state.play.tricks)
        print(
            f"seat {seat}: {game.format_action(play)}"
            + (f"   (trick {trick_no} to seat {state.play.leader})" if not state.play.trick else "")
        )
    outcome = game.outcome(state)
    assert outcome is not None
    taken = state.play.taken
    print(
        f"Tricks {taken[0] + taken[2]}-{taken[1] + taken[3]}; "
        f"points {outcome.team_points[0]}-{outcome.team_points[1]}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
