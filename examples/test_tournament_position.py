"""Pin a Tournament edge case from a one-line position (tournament.md §2.5, edge case 3).

Foundations meeting: the spade Ace foundation is at 6, the spade King foundation at 7. The second
6♠ (in R1) may go onto the King foundation (7→6, rules T4 and T6 (a)), and the Ace foundation's 6♠ may move
across too (rule T6 (c)); the King foundation's 7♠ may also go back onto the Ace foundation.
Run with ``python -m pytest examples/test_tournament_position.py``.
"""

from __future__ import annotations

from cardrules import get_game
from cardrules.testing import assert_legal, play_moves

_UP, _DOWN = "A,2,3,4,5,6,7,8,9,10,J,Q,K", "K,Q,J,10,9,8,7,6,5,4,3,2,A"
POSITION = (
    "play shuffles=1 redeals=0 R=6S,5S,4S,3S,2S,AS,KS,QS T=JS/10S,9S,8S,7S/-/-/-/- "
    + " ".join(f"F{s}+={_UP} F{s}-={_DOWN}" for s in "CDH")
    + " FS+=A,2,3,4,5,6 FS-=K,Q,J,10,9,8,7 S=-"
)


def test_edge_3_foundations_meeting() -> None:
    game = get_game("tournament")
    state = game.parse_position(POSITION)
    assert_legal(game, state, "R1>F♠↓; T2>F♠↑; F♠↑>F♠↓; F♠↓>F♠↑; redeal; resign")
    state = play_moves(game, state, "F♠↑>F♠↓")  # rule T6 (c): the Ace pile's 6♠ crosses over
    assert_legal(game, state, "R1>F♠↑; R2>F♠↓; F♠↑>F♠↓; F♠↓>F♠↑; redeal; resign")
    state = play_moves(game, state, "R1>F♠↑; T2>F♠↑")  # the second 6♠ builds on, then 7♠
    # 6? is the reserve's 6♠ (never seen in the tableau); the piles have passed each other
    assert "FS+=A,2,3,4,5,6?,7 FS-=K,Q,J,10,9,8,7,6 S=-" in game.position_text(state)
