"""Pictures of table play (renege mode, R24): every reachable view can be drawn.

A correction hands cards back in sight of all (R24, A4); the state lists them as ``returned`` while
they are in their holder's hand, and no longer once they are played again, so a picture shows each
such card face up exactly once, in the right hand.
"""

from __future__ import annotations

import random

from cardrules import CHANCE, svg
from cardrules.games.rook import make_game
from cardrules.games.rook.picture import state_scene


def test_R24_every_view_of_random_table_play_is_drawn() -> None:
    """R24: random table play with corrections and claims out of turn, many seeds: every seat's
    view and the whole table are drawn at every step; a returned card is listed once, in the
    hand that holds it."""
    corrections = 0
    for options in ({}, {"renege_correction_window": "current_trick"}):
        game = make_game(renege_mode=True, **options)
        for seed in range(40):
            rng = random.Random(seed)
            state = game.new_hand(dealer=seed % 4)
            while True:
                for seat in range(4):
                    assert svg.render(game.view(state, seat), game).startswith("<svg")
                state_scene(state, game)
                assert len(set(state.returned)) == len(state.returned)
                for holder, card in state.returned:
                    assert state.hands[holder] >> card & 1, (seed, holder, card)
                if game.is_over(state):
                    break
                if state.to_move is not None and state.to_move != CHANCE and rng.random() < 0.4:
                    other = rng.randrange(4)
                    extra = game.out_of_turn_actions(state, other)
                    if extra:
                        before = len(state.corrected)
                        state = game.apply(state, rng.choice(extra), seat=other)
                        corrections += len(state.corrected) > before
                        continue
                state = game.apply(state, game.random_action(state, rng))
    assert corrections > 20
