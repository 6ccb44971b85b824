"""The small helpers of cardrules.testing that make a rule test read like the rule."""

from __future__ import annotations

import random

import pytest

from cardrules import get_game
from cardrules.games.euchre import EuchreState
from cardrules.testing import assert_legal, play_moves


def _dealt(dealer: int = 0, seed: int = 3) -> EuchreState:
    game = get_game("euchre")
    s = game.new_hand(dealer=dealer)
    return game.apply(s, game.sample_chance(s, random.Random(seed)))


def test_play_moves_names_the_failing_step_and_the_legal_moves() -> None:
    game = get_game("euchre")
    s = play_moves(game, _dealt(), ["pass", "pass"])
    assert game.to_move(s) == 3
    with pytest.raises(
        AssertionError, match=r"(?s)move 2 \('bid 70', seat 2\).*seat 2: pass, order"
    ):
        play_moves(game, _dealt(), "pass; bid 70")


def test_assert_legal_compares_in_canonical_notation_and_lists_the_difference() -> None:
    game = get_game("euchre")
    s = _dealt()
    legal = [game.format_action(a) for a in game.legal_actions(s)]
    assert_legal(game, s, legal)
    assert_legal(game, s, "; ".join(t.upper() for t in legal))
    with pytest.raises(AssertionError, match="missing play 9C; not expected order alone"):
        assert_legal(game, s, [*legal[:-1], "play 9C"])
