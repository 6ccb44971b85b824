"""Every hand-written copy of a rule lives in the fast module, is tagged with every rule id it
carries (``# copy of rules T6, T7: play_move, refill_empty_columns``), and is checked here against
the engine function(s) it copies.

The tags are found with :func:`cardrules.testing.rule_copies`. Two families of copies live in
``fast.py``:

* the rollout on a mutable board (``board_step``: the card transfer of T6 and the T7 refill;
  ``board_result``: the T11 verdict), driven from many states of every preset and compared with
  the engine's step;
* the solver's model of the moves (``SolverModel``): from every position met, its macro moves
  reach exactly the positions the engine's legal actions reach (a card to a foundation after any
  foundation-to-foundation preparation, T6 (c); every other move from the position itself), and
  its T11 test agrees with ``TournamentEngine.can_progress``.

A tag this file has no check for, or a tag outside ``fast.py``, fails the first test.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from cardrules.games.tournament import (
    Move,
    Resign,
    TournamentGame,
    TournamentState,
    fast,
    make_game,
)
from cardrules.games.tournament import engine as engine_module
from cardrules.games.tournament.actions import FOUNDATION0, RESERVE0
from cardrules.games.tournament.engine import TournamentEngine
from cardrules.games.tournament.fast import (
    Board,
    Node,
    SolverModel,
    board_result,
    board_step,
    fast_playout,
)
from cardrules.testing import rule_copies

from .test_conformance import IDS, PRESETS, deep_play

SOURCES = engine_module.__file__.rsplit("/", 1)[0]
TOURNAMENT_PRESETS = [(p, i) for p, i in zip(PRESETS, IDS, strict=True) if "kingsdown" not in i]


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
    column and T7 refills it), 102 cards on the foundations (a move makes 103, not a win), and
    meeting spade piles (T6 (c) moves reach other splits)."""
    singles = game.position(
        reserve=["2S", "3S", "4S", "5S", "6S", "7S", "8S", None],
        columns=["9H", "10H", "JH", "QH", "KH", "9S", "10S", "JS"][: game.num_columns],
        foundations={"F♣↑": 13, "F♦↑": 13},
    )
    complete = {f"F{s}{d}": 13 for s in "♣♦♥" for d in "↑↓"}
    almost = game.position(
        reserve=["QS", "KS"], stock="", foundations={**complete, "F♠↑": 11, "F♠↓": 13}
    )
    meeting = game.position(
        reserve=["2S", "9H", None],
        columns=["7S 9S", "8S 6S", "QH"],
        foundations={"F♠↑": 6, "F♠↓": 7, "F♥↑": 7},
    )
    return [singles, almost, meeting]


def play_states(game: TournamentGame) -> list[TournamentState]:
    """The states in play of three deep random games and :func:`rare_states`."""
    out = []
    for seed in range(3):
        for state in [*rare_states(game), *deep_play(game, seed)]:
            if state.phase == "play":
                out.append(state)
    return out


# -- the rollout's copies ------------------------------------------------------------------------
def check_board_step(game: TournamentGame, state: TournamentState) -> None:
    """Rules T6 and T7: the board after ``board_step`` is the layout ``step`` gives, for every
    legal action but resigning."""
    engine = game.engine
    for action in engine.legal_actions(state):
        if isinstance(action, Resign):
            continue
        board = Board(state)
        board_step(engine, board, action)
        assert layout(board) == layout(engine.step(state, action)), action


def check_board_result(game: TournamentGame, state: TournamentState) -> None:
    """Rule T11: ``board_result`` after each action is the result ``settle_layout`` gives."""
    engine = game.engine
    assert board_result(engine, Board(state)) == state.result
    for action in engine.legal_actions(state):
        if isinstance(action, Resign):
            continue
        board = Board(state)
        board_step(engine, board, action)
        assert board_result(engine, board) == engine.step(state, action).result, action


# -- the solver model's copies -------------------------------------------------------------------
def face_layout(state: TournamentState) -> tuple[Any, ...]:
    """A position as the solver may see it, written here without the model's code: the reserve
    as a sorted multiset of faces (cells and copies are interchangeable), columns and stock as
    faces, the foundations' sizes (T4: they say which cards lie there), the redeals used."""
    return (
        bytes(sorted(c % 52 for c in state.reserve if c >= 0)),
        tuple(bytes(c % 52 for c in col) for col in state.columns),
        bytes(c % 52 for c in state.stock),
        tuple(len(p) for p in state.foundations),
        state.redeals_used,
    )


def node_layout(model: SolverModel, n: Node) -> tuple[Any, ...]:
    res, cols, sid, pos, f, rd = n
    return res, cols, model.streams[sid][pos:], f, rd


def crossings(
    engine: TournamentEngine, state: TournamentState, suits: range = range(4)
) -> list[TournamentState]:
    """``state`` and every state foundation-to-foundation moves (T6 (c)) of ``suits`` alone
    reach from it."""
    seen = {layout(state)}
    out, todo = [state], [state]
    while todo:
        here = todo.pop()
        for m in engine.legal_moves(here):
            if (
                m.src >= FOUNDATION0
                and m.dst >= FOUNDATION0
                and (m.src - FOUNDATION0) // 2 in suits
            ):
                nxt = engine.step(here, m)
                if layout(nxt) not in seen:
                    seen.add(layout(nxt))
                    out.append(nxt)
                    todo.append(nxt)
    return out


def engine_successors(engine: TournamentEngine, state: TournamentState) -> set[tuple[Any, ...]]:
    """The positions the engine's legal actions reach, as the solver's macro moves group them:
    a card onto a foundation of its suit (and, under B8 ``any``, a foundation's top to a cell)
    after any T6 (c) preparation of that suit's two piles; every other move from ``state``
    itself. A B8 cell-to-cell move leaves the position as it was (the cells are
    interchangeable); resigning is no move of the solver."""
    out = set()
    for action in engine.legal_actions(state):
        if isinstance(action, Move):
            src, dst = action.src, action.dst
            if src >= FOUNDATION0 or dst >= FOUNDATION0:
                continue  # prepared moves: below
            if src >= RESERVE0 and dst >= RESERVE0:
                assert face_layout(engine.step(state, action)) == face_layout(state)
                continue
        elif isinstance(action, Resign):
            continue
        out.add(face_layout(engine.step(state, action)))
    for suit in range(4):
        piles = (FOUNDATION0 + 2 * suit, FOUNDATION0 + 2 * suit + 1)
        for here in crossings(engine, state, range(suit, suit + 1)):
            for m in engine.legal_moves(here):
                if (m.src in piles) != (m.dst in piles) and max(m.src, m.dst) in piles:
                    out.add(face_layout(engine.step(here, m)))
    return out


def check_solver_moves(game: TournamentGame, state: TournamentState) -> None:
    """Rules T4-T10 with B2-B8 and TV2: the model's macro moves from ``state``'s node reach
    exactly the engine's successors (:func:`engine_successors`)."""
    model = SolverModel(game.engine)
    n = model.node(state)
    assert node_layout(model, n) == face_layout(state)
    got = {node_layout(model, child) for _, _, child in model.moves(n)}
    assert got == engine_successors(game.engine, state)


def check_solver_progress(game: TournamentGame, state: TournamentState) -> None:
    """Rules T9 and T11 (with B4 and TV2): the model's loss test of a node is the engine's
    ``can_progress``, for ``state``, every state T6 (c) moves reach from it, and the states its
    legal actions lead to (lost ones among them)."""
    engine = game.engine
    model = SolverModel(engine)
    nexts = [engine.step(state, a) for a in engine.legal_actions(state) if type(a) is not Resign]
    for here in (*crossings(engine, state), *nexts):
        assert model.can_progress(model.node(here)) == engine.can_progress(here)


Check = Callable[[TournamentGame, TournamentState], None]
CHECKS: dict[tuple[str, tuple[str, ...]], Check] = {
    ("board_step", ("T6",)): check_board_step,
    ("board_step", ("T7",)): check_board_step,
    ("board_result", ("T11",)): check_board_result,
    ("final", ("T9", "B4")): check_solver_progress,
    ("can_progress", ("T11", "TV2")): check_solver_progress,
    ("deal_cols", ("T8", "T10", "B2")): check_solver_moves,
    ("targets", ("T4", "T6")): check_solver_moves,
    ("fits_direct", ("T4",)): check_solver_moves,
    ("place", ("T4", "T6")): check_solver_moves,
    ("pop_col", ("T6", "T7")): check_solver_moves,
    ("moves", ("T5", "T6", "B6", "B8", "TV2")): check_solver_moves,
    ("moves", ("T8", "B3")): check_solver_moves,
    ("moves", ("T9", "B4")): check_solver_moves,
}
"""The check of each tagged copy, by the function holding it and the rule ids it carries."""


def engine_function(name: str) -> Any:
    """The engine function a tag names: a function of the module or a method of the engine."""
    found = getattr(engine_module, name, None) or getattr(TournamentEngine, name, None)
    assert callable(found), f"{name} is no function of the engine"
    return found


def test_every_tagged_copy_is_in_the_fast_module_and_has_a_check() -> None:
    """The tags found in the game's sources are all in ``fast.py``, each names functions of the
    engine, and they are exactly the copies this file checks."""
    copies = rule_copies(SOURCES)
    assert copies, "no tagged copies found"
    assert {c.file for c in copies} == {"fast.py"}
    for copy in copies:
        for name in copy.functions:
            engine_function(name)
    assert {(c.holder, c.rules) for c in copies} == set(CHECKS)


@pytest.mark.parametrize(
    "check",
    [pytest.param(c, id=getattr(c, "__name__", "")) for c in dict.fromkeys(CHECKS.values())],
)
@pytest.mark.parametrize(
    ("options", "name"), TOURNAMENT_PRESETS, ids=[i for _, i in TOURNAMENT_PRESETS]
)
def test_tagged_copy_agrees_with_its_rule_function(
    check: Check, options: dict[str, Any], name: str
) -> None:
    game = make_game(**options)
    states = play_states(game)
    assert len(states) >= 30, name
    for state in states:
        check(game, state)


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
            assert fast_playout(engine, start, random.Random(seed)) == (
                points,
                end.result == "won",
            ), (name, seed)


def test_the_engine_names_of_the_rollout_still_work_and_warn() -> None:
    """``engine.Board`` and the engine's ``board_step``, ``board_result`` and ``fast_playout``
    moved to the fast module: the old names still work, with a ``DeprecationWarning`` naming the
    new place."""
    game = make_game()
    state = next(s for s in deep_play(game, 1) if s.phase == "play")
    with pytest.warns(DeprecationWarning, match=r"fast\.Board"):
        old_board = engine_module.Board
    assert old_board is fast.Board
    action = game.legal_actions(state)[0]
    board = Board(state)
    with pytest.warns(DeprecationWarning, match=r"fast\.board_step"):
        game.engine.board_step(board, action)
    assert layout(board) == layout(game.engine.step(state, action))
    with pytest.warns(DeprecationWarning, match=r"fast\.board_result"):
        assert game.engine.board_result(board) == game.engine.step(state, action).result
    with pytest.warns(DeprecationWarning, match=r"fast\.fast_playout"):
        old = game.engine.fast_playout(state, random.Random(3))
    assert old == fast_playout(game.engine, state, random.Random(3))
