"""The games' module-level ``describe(view)`` and ``hand_report(game, state)`` check their
arguments as the games' own methods do (a bare ``AttributeError`` deep inside before)."""

from __future__ import annotations

import importlib
import random

import pytest

from cardrules import ArgumentTypeError, get_game

GAMES = ("euchre", "rook", "voormsi", "tournament")


def _dealt(name: str) -> object:
    game = get_game(name)
    state = game.new_hand(dealer=0) if name != "tournament" else game.new_hand()
    rng = random.Random(1)
    while game.to_move(state) == -1:
        state = game.apply(state, game.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_describe_refuses_what_is_not_a_view_of_its_game(name: str) -> None:
    describe = importlib.import_module(f"cardrules.games.{name}.describe").describe
    game = get_game(name)
    view = game.view(_dealt(name), 0)
    assert describe(view)  # the checks let a view through
    other = get_game("rook" if name != "rook" else "euchre")
    for bad in (None, _dealt(name), other.view(_dealt(other.name), 0)):
        with pytest.raises(
            ArgumentTypeError, match=f"view must be a {type(view).__name__} of {name}"
        ):
            describe(bad)
    with pytest.raises(ArgumentTypeError, match="color must be a bool, not int 1"):
        describe(view, color=1)


@pytest.mark.parametrize("name", GAMES)
def test_the_report_module_refuses_another_game_or_state(name: str) -> None:
    hand_report = importlib.import_module(f"cardrules.games.{name}.report").hand_report
    game = get_game(name)
    state = _dealt(name)
    assert hand_report(game, state) == game.hand_report(state)  # type: ignore[attr-defined]
    other = get_game("voormsi" if name != "voormsi" else "euchre")
    with pytest.raises(ArgumentTypeError, match=f"game must be a {type(game).__name__}, not"):
        hand_report(other, state)
    with pytest.raises(ArgumentTypeError, match=f"game must be a {type(game).__name__}, not"):
        hand_report(None, state)
    for bad in (None, _dealt(other.name), game.view(state, 0)):
        with pytest.raises(ArgumentTypeError, match="state must be a"):
            hand_report(game, bad)
