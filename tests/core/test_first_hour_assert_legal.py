"""Issue #29, item 7: ``assert_legal`` reads each expected move with the game's own parser.

Texts are compared as actions, not as lower-cased strings: the patience's ASCII pile names
(``T6>FS+`` for ``T6>F♠↑``) are accepted, an unreadable text is reported as unreadable (with the
game's reason), and the failure shows moves in the game's notation.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import get_game
from cardrules.errors import ArgumentTypeError
from cardrules.games.euchre import EuchreState
from cardrules.games.tournament import TournamentState
from cardrules.testing import assert_legal

_ASCII = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "↑": "+", "↓": "-"})


def _patience() -> tuple[Any, TournamentState]:
    game: Any = get_game("tournament")
    state: TournamentState = game.new_hand()
    rng = random.Random(1)
    while game.to_move(state) == -1:  # T2: a reserve with an Ace or King is dealt again
        state = game.apply(state, game.sample_chance(state, rng))
    return game, state


def _euchre() -> tuple[Any, EuchreState]:
    game: Any = get_game("euchre")
    state = game.new_hand(dealer=0)
    return game, game.apply(state, game.sample_chance(state, random.Random(1)))


def test_the_patience_s_ascii_pile_names_are_accepted() -> None:
    """T6(a): the moves to the foundations, written in the ASCII notation the parser reads."""
    game, state = _patience()
    legal = [game.format_action(a) for a in game.legal_actions(state)]
    assert any("F♠↑" in m or "F♥↑" in m for m in legal)  # the deal has a move to build
    written = [m.translate(_ASCII) for m in legal]
    assert all(m.isascii() for m in written)
    assert_legal(game, state, written)
    assert_legal(game, state, "; ".join(m.lower() for m in written))


def test_a_missing_move_is_shown_in_the_game_s_notation() -> None:
    game, state = _patience()
    legal = [game.format_action(a) for a in game.legal_actions(state)]
    first = legal[0]
    with pytest.raises(AssertionError) as caught:
        assert_legal(game, state, [m.translate(_ASCII) for m in legal[1:]])
    assert str(caught.value) == f"legal moves differ: missing none; not expected {first}"


def test_an_unreadable_move_is_reported_as_unreadable_not_missing() -> None:
    game, state = _euchre()
    with pytest.raises(AssertionError) as caught:
        assert_legal(game, state, ["pass", "order", "order alone", "play 9X"])
    message = str(caught.value)
    assert message.startswith("expected move 'play 9X' could not be read: ")
    assert "missing" not in message
    assert "9X" in message.partition(": ")[2]  # the game's own reason follows


def test_the_difference_lists_expected_order_and_the_game_s_order() -> None:
    """Each move as the game writes it: ``J♥`` is shown as Euchre's ``JH``."""
    game, state = _euchre()
    with pytest.raises(AssertionError) as caught:
        assert_legal(game, state, "play 9C; play J♥; pass")
    assert str(caught.value) == (
        "legal moves differ: missing play 9C, play JH; not expected order, order alone"
    )


def test_expected_of_the_wrong_type_is_refused() -> None:
    game, state = _euchre()
    with pytest.raises(ArgumentTypeError, match="expected must be a str or a sequence"):
        assert_legal(game, state, 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="expected must hold texts of moves, not int"):
        assert_legal(game, state, ["pass", 3])  # type: ignore[list-item]
