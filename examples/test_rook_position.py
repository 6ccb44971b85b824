"""Pin a Rook edge case from a one-line position (rook.md §1.5, edge case 2).

Trump (Yellow) is led and seat 0's only trump is the Bird: R17(b) forces the Bird, even though
seat 0 holds no Yellow and could otherwise discard anything; the Bird then wins the trick (R18).
Run with ``python -m pytest examples/test_rook_position.py``.
"""

from __future__ import annotations

from cardrules import get_game
from cardrules.testing import assert_legal, play_moves

POSITION = (
    "play hand dealer=3 scores=0,0 hands=R14,G11,G12,G13,B14,R/R11,R12,Y11,Y12,Y13,B12/"
    "R7,R8,Y8,Y9,Y10,B11/R6,Y6,B8,B9,B10 bids=70,p,p,p buried=Y14,B5,B6,B7,B13 trump=Y "
    "tricks=0:G10,G6,G7,G9/0:R13,R10,R9,R5/0:G14,G5,G8,Y7 trick=3:Y5"
)


def test_edge_2_trump_led_and_the_bird_is_the_only_trump() -> None:
    game = get_game("rook")
    state = game.parse_position(POSITION)
    assert game.to_move(state) == 0
    assert_legal(game, state, "play Bird")  # R17(b): the Bird must be played
    state = play_moves(game, state, "play Bird; play Y11; play Y8")
    assert game.to_move(state) == 0  # R18: the Bird wins the trick; its player leads next
    assert state.captured == (50, 15)  # R4: team 0 adds Y5 + the Bird (25) to its 25
