"""Every hand-inlined copy of a rule is tagged ``# copy of rule <ID>: <function>``, and checked here
against the function it copies.

The patience's rollout (``TournamentEngine.fast_playout``) runs on a mutable board; its card
transfer (rule T6), its refill (rule T7) and its end test (rule T11) are copies of
``TournamentEngine.play_move``, ``refill_empty_columns`` and ``TournamentEngine.settle_layout``.
Each copy is driven from many states of every preset and compared with the step of the rule
functions; a tag this file does not know fails the first test.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardrules.games.tournament import Resign, TournamentGame, TournamentState, make_game
from cardrules.games.tournament import engine as engine_module
from cardrules.games.tournament.engine import Board, TournamentEngine

from .test_conformance import IDS, PRESETS, deep_play

SOURCES = Path(engine_module.__file__).parent
TAG = re.compile(r"#\s*copy of rule (\S+): (\S+)")
TOURNAMENT_PRESETS = [(p, i) for p, i in zip(PRESETS, IDS, strict=True) if "kingsdown" not in i]


def tagged_copies() -> list[tuple[str, str, str]]:
    """(file, rule id, function) of every tagged copy in the game's sources."""
    found = []
    for path in sorted(SOURCES.glob("*.py")):
        for match in TAG.finditer(path.read_text(encoding="utf-8")):
            found.append((path.name, match.group(1), match.group(2)))
    return found


def layout(value: Board | TournamentState) -> tuple[Any, ...]:
    return (
        tuple(value.reserve),
        tuple(tuple(c) for c in value.columns),
        tuple(value.stock),
        tuple(tuple(p) for p in value.foundations),
        value.redeals_used,
    )


def rare_states(game: TournamentGame) -> list[TournamentState]:
    """States random play seldom meets: columns of one card over a stock (a move empties a
    column and T7 refills it), and 102 cards on the foundations (a move makes 103, not a win)."""
    singles = game.position(
        reserve=["2S", "3S", "4S", "5S", "6S", "7S", "8S", None],
        columns=["9H", "10H", "JH", "QH", "KH", "9S", "10S", "JS"][: game.num_columns],
        foundations={"F♣↑": 13, "F♦↑": 13},
    )
    complete = {f"F{s}{d}": 13 for s in "♣♦♥" for d in "↑↓"}
    almost = game.position(
        reserve=["QS", "KS"], stock="", foundations={**complete, "F♠↑": 11, "F♠↓": 13}
    )
    return [singles, almost]


def check_board_step(engine: TournamentEngine, state: TournamentState) -> None:
    """Rules T6 and T7: the board after ``board_step`` is the layout ``step`` gives, for every
    legal action but resigning."""
    for action in engine.legal_actions(state):
        if isinstance(action, Resign):
            continue
        board = Board(state)
        engine.board_step(board, action)
        assert layout(board) == layout(engine.step(state, action)), action


def check_board_result(engine: TournamentEngine, state: TournamentState) -> None:
    """Rule T11: ``board_result`` after each action is the result ``settle_layout`` gives."""
    assert engine.board_result(Board(state)) == state.result
    for action in engine.legal_actions(state):
        if isinstance(action, Resign):
            continue
        board = Board(state)
        engine.board_step(board, action)
        assert engine.board_result(board) == engine.step(state, action).result, action


CHECKS: dict[tuple[str, str], Callable[[TournamentEngine, TournamentState], None]] = {
    ("T6", "TournamentEngine.play_move"): check_board_step,
    ("T7", "refill_empty_columns"): check_board_step,
    ("T11", "TournamentEngine.settle_layout"): check_board_result,
}


def test_every_tagged_copy_has_a_check() -> None:
    """The tags found in the sources are exactly the copies this file checks, and each names a
    function of the engine."""
    found = {(rule, function) for _, rule, function in tagged_copies()}
    assert found == set(CHECKS)
    for _, function in found:
        obj: Any = engine_module
        for part in function.split("."):
            obj = getattr(obj, part)
        assert callable(obj), function


@pytest.mark.parametrize("copy", sorted(CHECKS), ids=lambda c: f"{c[0]}-{c[1]}")
@pytest.mark.parametrize(
    ("options", "name"), TOURNAMENT_PRESETS, ids=[i for _, i in TOURNAMENT_PRESETS]
)
def test_tagged_copy_agrees_with_its_rule_function(
    copy: tuple[str, str], options: dict[str, Any], name: str
) -> None:
    game = make_game(**options)
    check = CHECKS[copy]
    seen = 0
    for seed in range(3):
        for state in [*rare_states(game), *deep_play(game, seed)]:
            if state.phase == "play":
                check(game.engine, state)
                seen += 1
    assert seen >= 30, name


@pytest.mark.parametrize(
    ("options", "name"), TOURNAMENT_PRESETS, ids=[i for _, i in TOURNAMENT_PRESETS]
)
def test_fast_playout_is_playout(options: dict[str, Any], name: str) -> None:
    """The rollout on a board plays, seed by seed, the game the steps in a loop play."""
    game = make_game(**options)
    engine = game.engine
    states = [s for s in deep_play(game, 5) if s.phase == "play"]
    for start in states[:: max(1, len(states) // 5)]:
        for seed in range(10):
            end = engine.playout(start, random.Random(seed))
            points = sum(map(len, end.foundations))
            assert engine.fast_playout(start, random.Random(seed)) == (
                points,
                end.result == "won",
            ), (name, seed)
