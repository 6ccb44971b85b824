"""Pin a rule edge case from a position text: ``python -m pytest examples/test_voormsi_position.py``.

Voormsi edge case 17 (bonuses B2 and B5): Toqutsit (J♣) beats Voormsi (K♥), then the ♦3 beats
Toqutsit: the ♦3's side takes the over-capture bonus (+2) and Toqutsit's side loses its B2.

The position is one line (see "Position text" in ``docs/games/voormsi.rst``): the last trick of a
single deal, each seat holding one card, the eight tricks before it with their leaders, and the
cards drawn from the stock in order.
"""

from __future__ import annotations

from cardrules import get_game
from cardrules.testing import assert_legal, play_moves

POSITION = (
    "play hand dealer=3 scores=0,0 hands=KH/JC/3D/6H drawn=KS,6H,8C,JH,AS,9C,9S,KC,7H,8D,8S,6D,"
    "6S,9D,AD,5H,5D,6C,7S,5S tricks=0:QH,7D,JD,QD/2:KS,JS,AC,AH/0:9H,5C,QS,7C/0:7H,JH,8S,KC/"
    "3:8H,9D,9C,9S/1:8D,5H,6D,8C/3:7S,5S,5D,6C/3:6S,AS,AD,QC"
)


def test_B5_diamond_three_over_toqutsit_over_voormsi() -> None:  # noqa: N802
    game = get_game("voormsi")
    state = play_moves(game, game.parse_position(POSITION), "lead KH")
    assert_legal(game, state, "play JC")  # V15: an opponent's Voormsi heads the trick
    state = play_moves(game, state, "play JC; play 3D; play 6H")
    report = game.hand_report(state)
    assert report is not None  # the deal is over
    assert [(i.side, i.points, i.rule) for i in report.items] == [(0, 1, "V22"), (0, 2, "B5")]
    assert report.scores_after == (3, 0)  # V22: the fifth unit (+1), and B5 (+2); no B2
