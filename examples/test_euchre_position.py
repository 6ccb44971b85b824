"""Pin a rule edge case from a position text: ``python -m pytest examples/test_euchre_position.py``.

Euchre edge case 4.5.6 (rules E12 and D4): the eldest hand's partner goes alone, so the eldest sits
out, and the first lead passes to the dealer's partner. Only three cards make each trick.

The position is one line (see "Position text" in ``docs/games/euchre.rst``): the dealer, the hands
of seats 0-3, the up-card and kitty, and the calls so far — seat 3 named hearts alone in round two.
"""

from __future__ import annotations

from cardrules import get_game
from cardrules.testing import assert_legal, play_moves

POSITION = (
    "play hand dealer=0 hands=9C,10C,JC,QC,KC/9S,10S,JS,QS,KS/QD,KD,AD,9H,10H/JD,JH,QH,KH,AH "
    "up=AS kitty=AC,9D,10D calls=p,p,p,p,p,p,name-H-alone"
)


def test_E12_eldests_partner_alone_the_dealers_partner_leads() -> None:  # noqa: N802
    game = get_game("euchre")
    state = game.parse_position(POSITION)
    assert game.to_move(state) == 2  # not seat 1, the eldest: it sits out
    assert_legal(game, state, "play QD; play KD; play AD; play 9H; play 10H")
    state = play_moves(game, state, "play AD; play JH; play 9C")  # seats 2, 3, 0: seat 1 is skipped
    assert game.to_move(state) == 3  # the right bower won
    assert len(state.tricks[0][1]) == 3
    assert game.position_text(state).endswith("tricks=2:AD,JH,9C")
