"""Typed bots (issue 30, item 4): ``Bot`` is generic over a game's view and action types, so that
``mypy --strict`` checks a bot against the game it plays.

The static half of these tests is the project's own ``mypy --strict`` run over this file: the lines
marked ``# type: ignore[…]`` are type errors on purpose, and mypy's ``warn_unused_ignores`` (on
under ``strict``) fails the run if one of them stops being an error — if a Rook bot could be seated
at a Euchre table without a type checker noticing. The runtime half checks the same calls do what
the types say.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cardrules import Bot, RandomBot, get_game, play_game, simulate
from cardrules.errors import ArgumentTypeError
from cardrules.games.euchre import EuchreAction, EuchreBot, EuchreView
from cardrules.games.rook import RookAction, RookBot, RookView
from cardrules.games.tournament import TournamentAction, TournamentView
from cardrules.games.voormsi import VoormsiAction, VoormsiHeuristicBot, VoormsiView


class FirstAction:
    """A user's Euchre bot, typed for Euchre."""

    def choose(
        self, view: EuchreView, legal_actions: Sequence[EuchreAction], rng: random.Random
    ) -> EuchreAction:
        return legal_actions[0]


def test_a_users_typed_bot_plays_its_game() -> None:
    euchre = get_game("euchre")
    bots: list[Bot[EuchreView, EuchreAction]] = [
        FirstAction(),
        EuchreBot(),
        RandomBot(),
        FirstAction(),
    ]
    assert simulate(euchre, bots, games=2, start="hand").completed == 2


def test_the_built_in_bots_are_typed_for_their_games() -> None:
    euchre_bot: Bot[EuchreView, EuchreAction] = EuchreBot()
    rook_bot: Bot[RookView, RookAction] = RookBot(get_game("rook"))
    voormsi_bot: Bot[VoormsiView, VoormsiAction] = VoormsiHeuristicBot()
    any_bot: Bot = RandomBot()  # a bare Bot plays anything
    patience_bot: Bot[TournamentView, TournamentAction] = RandomBot()
    assert all(
        isinstance(b, Bot) for b in (euchre_bot, rook_bot, voormsi_bot, any_bot, patience_bot)
    )


def test_a_rook_bot_at_a_euchre_table_is_refused_statically_and_at_run_time() -> None:
    euchre, rook = get_game("euchre"), get_game("rook")
    wrong = [RookBot(rook)] * 4
    with pytest.raises(ArgumentTypeError, match="RookView"):
        play_game(euchre, wrong, seed=1, start="hand")  # type: ignore[misc]
    result = simulate(euchre, wrong, games=1, start="hand")  # type: ignore[misc]
    assert result.completed == 0 and "RookView" in str(result.failures[0])


def test_a_bot_for_another_view_is_a_type_error() -> None:
    # A Euchre bot where a Rook bot is wanted: refused by the type checker.
    rook_bot: Bot[RookView, RookAction] = FirstAction()  # type: ignore[assignment]
    assert isinstance(rook_bot, Bot)  # (structurally a bot all the same, at run time)
