"""Perft for card games: count the game tree to a fixed depth, as chess engines check move generation.

``perft(game, state, depth)`` walks every sequence of actions from ``state`` — the legal actions of
the seat to move and, with ``out_of_turn=True``, every seat's out-of-turn actions (revoke claims and
corrections, farmer's-hand claims) — and returns :class:`PerftCount`: the leaves reached (sequences of
``depth`` actions, or shorter ones that end the game or reach a shuffle), how many of those ended the
game, and the points each seat scored at those ends, summed. Stored counts from fixed seeded deals pin the rules
exactly: a change in any legality or scoring path changes a count, deterministically, in a way
that :func:`perft_divide` then locates action by action.

>>> import random
>>> from cardrules import get_game
>>> game = get_game("euchre")
>>> start = deal(game, game.new_hand(dealer=0), random.Random(1))
>>> perft(game, start, 1).leaves            # pass, order up, order up alone
3
>>> perft(game, start, 3) == sum(perft_divide(game, start, 3).values(), PerftCount())
True
>>> perft(game, start, 3).leaves
74
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs

from cardrules.errors import ArgumentError, ArgumentTypeError
from cardrules.game import CHANCE, check_rng

__all__ = ["PerftCount", "deal", "endgame", "perft", "perft_divide"]


@attrs.frozen
class PerftCount:
    """The size of a game tree: its leaves, the finished games among them and the points per seat
    (:attr:`~cardrules.game.Outcome.seat_points`) summed over those ends."""

    leaves: int = 0
    ends: int = 0
    points: tuple[int, ...] = ()

    def __add__(self, other: PerftCount) -> PerftCount:
        if not isinstance(other, PerftCount):
            return NotImplemented
        if not self.points:
            summed = other.points
        elif not other.points:
            summed = self.points
        else:
            summed = tuple(a + b for a, b in zip(self.points, other.points, strict=True))
        return PerftCount(self.leaves + other.leaves, self.ends + other.ends, summed)

    def as_list(self) -> list[Any]:
        """``[leaves, ends, points…]`` — the stored form (JSON)."""
        return [self.leaves, self.ends, *self.points]


def _children(game: Any, state: Any, out_of_turn: bool) -> Iterator[tuple[int | None, Any]]:
    """Every action from ``state`` with the seat that takes it (``None``: the seat to move)."""
    for action in game.legal_actions(state):
        yield None, action
    if out_of_turn:
        for seat in range(game.num_players):
            for action in game.out_of_turn_actions(state, seat):
                yield seat, action


def _check_game(game: object) -> None:
    """Refuse anything that does not offer the Game protocol's stepping methods."""
    missing = [
        name
        for name in ("is_over", "to_move", "legal_actions", "out_of_turn_actions", "apply")
        if not callable(getattr(game, name, None))
    ]
    if missing:
        raise ArgumentTypeError(
            f"game must be a cardrules Game, not {type(game).__name__} (no {', '.join(missing)})"
        )


def _check_depth(depth: object) -> int:
    if type(depth) is not int:
        raise ArgumentTypeError(f"depth must be an int, not {type(depth).__name__}")
    if depth < 0:
        raise ArgumentError(f"depth must be 0 or more, not {depth}")
    return depth


def perft(game: Any, state: Any, depth: int, *, out_of_turn: bool = True) -> PerftCount:
    """Count the tree below ``state`` to ``depth`` actions (see the module docstring)."""
    _check_game(game)
    return _perft(game, state, _check_depth(depth), out_of_turn)


def _perft(game: Any, state: Any, depth: int, out_of_turn: bool) -> PerftCount:
    if game.is_over(state):
        return PerftCount(1, 1, tuple(game.outcome(state).seat_points))
    if depth == 0 or game.to_move(state) is CHANCE:  # pragma: no mutate
        return PerftCount(1)
    total = PerftCount()
    for seat, action in _children(game, state, out_of_turn):
        child = game.apply(state, action) if seat is None else game.apply(state, action, seat)
        total = total + _perft(game, child, depth - 1, out_of_turn)  # pragma: no mutate
    return total


def perft_divide(
    game: Any, state: Any, depth: int, *, out_of_turn: bool = True
) -> dict[str, PerftCount]:
    """:func:`perft` split by the first action (``"seat 2: claim"`` for an out-of-turn one).

    The first place where two builds' divides differ names the action whose subtree changed.
    """
    _check_game(game)
    if _check_depth(depth) == 0 or game.is_over(state):
        return {}
    result: dict[str, PerftCount] = {}
    for seat, action in _children(game, state, out_of_turn):
        child = game.apply(state, action) if seat is None else game.apply(state, action, seat)
        text = game.format_action(action)
        key = text if seat is None else f"seat {seat}: {text}"
        result[key] = result.get(key, PerftCount()) + _perft(game, child, depth - 1, out_of_turn)
    return result


def deal(game: Any, state: Any, rng: random.Random) -> Any:
    """``state`` with its pending chance steps (shuffles, dealer draws) taken from ``rng``."""
    _check_game(game)
    check_rng(rng)
    while not game.is_over(state) and game.to_move(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    return state


def endgame(game: Any, state: Any, rng: random.Random, remaining: int) -> Any:
    """A state ``remaining`` actions before the end of one seeded random playout from ``state``.

    Random legal actions (no out-of-turn ones) are drawn from ``rng`` until the hand or game ends;
    the state ``remaining`` steps before that end is returned (the start when the playout is
    shorter). A perft from it reaches the scoring rules at every leaf.
    """
    _check_game(game)
    check_rng(rng)
    if type(remaining) is not int or remaining < 0:
        raise ArgumentError(f"remaining must be an int of 0 or more, not {remaining!r}")
    path = [state]
    while not game.is_over(state):
        if game.to_move(state) is CHANCE:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        path.append(state)
    return path[max(0, len(path) - 1 - remaining)]
