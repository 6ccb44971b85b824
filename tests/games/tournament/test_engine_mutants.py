"""Tests written to kill survivors of a mutation run over the patience's engine (issue #18).

mutmut forks each mutant from a process that has imported everything and filled the engine's
memo tables, so a function whose answers are memoised (``reachable_ace_sizes``) must be asked
again with its memo emptied for a mutant of it to be run at all.
"""

from __future__ import annotations

import pytest

import cardrules.games.tournament.engine as engine
from cardrules.games.tournament import TournamentGame, make_game
from cardrules.games.tournament.engine import reachable_ace_sizes


def _reachable_by_moves(a: int, k: int, base_movable: bool) -> set[int]:
    """T6 (c) by brute force: the Ace pile's sizes reached by moving a top card across, one at a
    time, where it fits (the tops adjacent: ``a + k == 13``); under B6 (``base_movable=False``) a
    pile's base card (its first card) stays."""
    lowest = 1 if base_movable else 2  # the fewest cards a pile must hold to give its top away
    seen, todo = {(a, k)}, [(a, k)]
    while todo:
        x, y = todo.pop()
        if x + y != 13:
            continue
        for nxt in (
            (x - 1, y + 1) if x >= lowest else None,
            (x + 1, y - 1) if y >= lowest else None,
        ):
            if nxt is not None and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return {x for x, _ in seen}


@pytest.mark.parametrize("base_movable", [True, False])
def test_t6c_b6_reachable_ace_sizes_equal_the_moves_for_every_pair(base_movable: bool) -> None:
    saved = dict(engine._REACH)
    engine._REACH.clear()  # compute afresh, not from the memo filled at import
    try:
        for a in range(14):
            for k in range(14):
                got = reachable_ace_sizes(a, k, base_movable)
                assert got == tuple(sorted(_reachable_by_moves(a, k, base_movable))), (a, k)
                assert reachable_ace_sizes(a, k, base_movable) is got  # memoised
    finally:
        engine._REACH.clear()
        engine._REACH.update(saved)


def test_the_engine_still_offers_the_names_that_moved_to_game() -> None:
    assert engine.TournamentGame is TournamentGame
    assert engine.make_game is make_game
    with pytest.raises(
        AttributeError,
        match=r"^module 'cardrules.games.tournament.engine' has no attribute 'Nothing'$",
    ):
        _ = engine.Nothing
