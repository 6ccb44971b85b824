"""A clairvoyant solver for Tournament: depth-first search with a transposition table.

The solver sees the whole state, stock order included. It searches *macro moves*: a card to a
foundation (together with the foundation-to-foundation moves that prepare that pile, rule T6 (c)), a
tableau card to a reserve cell, a deal, a redeal (and, where the rules allow them, building and
foundation-to-cell moves). Two positions that differ only by T6 (c) moves of a suit whose two
foundations meet, by which copy of a card lies where, or by the order of the reserve cells, are
the same node. Every node ever reached is remembered, so the search is plain graph reachability:
when it runs out of nodes without reaching a win, the position is **proved lost**; when its budget
(nodes or seconds) runs out first, the answer is ``"unknown"``.

Move ordering: reserve cards to foundations, tableau cards to foundations, a tableau card to a cell
that uncovers a card that fits a foundation, then deal, redeal, and the remaining moves.

>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> s = game.position(reserve=["AS"], columns=["2S"], stock="", foundations={
...     "F♣↑": 13, "F♣↓": 13, "F♦↑": 13, "F♦↓": 13, "F♥↑": 13, "F♥↓": 13,
...     "F♠↑": 13, "F♠↓": 11})
>>> result = solve(game, s)
>>> result.status, [game.format_action(a) for a in result.line]
('won', ['T1>F♠↓', 'R1>F♠↓'])
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Final, Literal

import attrs

from cardrules import ArgumentError, ArgumentTypeError, IllegalActionError
from cardrules.games.tournament.actions import (
    FOUNDATION0,
    RESERVE0,
    DealStock,
    Move,
    Redeal,
    TournamentAction,
    foundation_id,
)
from cardrules.games.tournament.engine import builds_on, reachable_ace_sizes
from cardrules.games.tournament.game import TournamentGame
from cardrules.games.tournament.rulebook import TournamentRule
from cardrules.games.tournament.state import PRANK, SUIT, TournamentState

__all__ = ["SolveResult", "hint", "solve"]

_S: Final = SUIT[:52]
_R: Final = PRANK[:52]
# A macro move, replayed into real actions: kind, then its arguments.
Macro = tuple[str, int, int, int, int]
_Node = tuple[bytes, tuple[bytes, ...], bytes, tuple[int, ...], int]


@attrs.frozen
class SolveResult:
    """The solver's answer: ``status`` is ``"won"`` (``line`` wins from the state), ``"lost"``
    (proved: no line wins) or ``"unknown"`` (budget spent); ``nodes`` counts positions searched."""

    status: Literal["won", "lost", "unknown"]
    line: tuple[TournamentAction, ...]
    nodes: int
    seconds: float


class _Search:
    def __init__(self, game: TournamentGame, max_nodes: int, max_seconds: float | None) -> None:
        rules = game.rules
        self.game = game
        self.ncols = game.num_columns
        self.batch = rules.deal_order == "column_batches"
        self.strict = rules.strict_deal_when_stuck
        self.stuck_redeal = rules.redeal_when_stuck
        self.max_redeals = rules.max_redeals
        self.movable = rules.foundation_base_movable
        self.any_source = rules.reserve_sources == "any"
        self.build = rules.cicely_build
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.reach: dict[tuple[int, int], tuple[int, ...]] = {}
        for a in range(14):
            for k in range(14):
                self.reach[(a, k)] = reachable_ace_sizes(a, k, self.movable)

    # -- node helpers ------------------------------------------------------------------------
    def fkey(self, f: tuple[int, ...]) -> tuple[int, ...]:
        out = []
        for s in range(4):
            a, k = f[2 * s], f[2 * s + 1]
            if a + k == 13:
                out.append(999 if self.movable else 1000 + (a if a in (0, 13) else 50))
            else:
                out.append(a * 14 + k)
        return tuple(out)

    def key(self, n: _Node) -> tuple[object, ...]:
        return (n[0], n[1], n[2], self.fkey(n[3]), n[4])

    def deal_cols(self, stream: bytes) -> tuple[list[bytes], bytes]:
        ncols = self.ncols
        total = min(len(stream), 4 * ncols)
        if self.batch:
            cols = [stream[4 * i : 4 * i + 4] for i in range(ncols)]
        else:
            cols = [stream[i:total:ncols] for i in range(ncols)]
        return cols, stream[total:]

    def fits_direct(self, c: int, f: tuple[int, ...]) -> bool:
        s, r = _S[c], _R[c]
        return f[2 * s] == r - 1 or f[2 * s + 1] == 13 - r

    def targets(self, c: int, f: tuple[int, ...]) -> list[tuple[int, int]]:
        """(Ace-pile size to arrange, pile 0 up / 1 down) where card ``c`` can then go."""
        s, r = _S[c], _R[c]
        a, k = f[2 * s], f[2 * s + 1]
        n = a + k
        out = []
        for a2 in self.reach[(a, k)]:
            if a2 == r - 1:
                out.append((a2, 0))
            if n - a2 == 13 - r:
                out.append((a2, 1))
        return out

    def alive(self, n: _Node) -> bool:
        """The engine's T11 test on a node (a dead node is a lost leaf)."""
        res, cols, stock, f, rd = n
        if stock:
            return True
        if rd < self.max_redeals and any(cols):
            return True
        if len(res) < 8 and any(cols):
            return True
        avail = [c[-1] for c in cols if c] + list(res)
        if any(self.targets(c, f) for c in avail):
            return True
        if self.build:
            tops = [c[-1] for c in cols if c]
            return any(x != y and builds_on(self.build, x, y) for x in tops for y in tops)
        return False

    def pop_col(
        self, cols: tuple[bytes, ...], i: int, stock: bytes
    ) -> tuple[tuple[bytes, ...], bytes]:
        col = cols[i][:-1]
        if not col and stock:
            col, stock = stock[:4], stock[4:]
        return (*cols[:i], col, *cols[i + 1 :]), stock

    def children(self, n: _Node) -> list[tuple[int, Macro, _Node]]:
        res, cols, stock, f, rd = n
        out: list[tuple[int, Macro, _Node]] = []
        # card -> foundation, from the reserve (distinct cards) and the column tops
        for c in sorted(set(res)):
            s = _S[c]
            for a2, down in self.targets(c, f):
                f2 = self.place(f, s, a2, down)
                i = res.index(c)
                out.append(
                    (0, ("RF", c, s, a2, down), (res[:i] + res[i + 1 :], cols, stock, f2, rd))
                )
        for i, col in enumerate(cols):
            if not col:
                continue
            c = col[-1]
            s = _S[c]
            for a2, down in self.targets(c, f):
                f2 = self.place(f, s, a2, down)
                cols2, stock2 = self.pop_col(cols, i, stock)
                out.append((1, ("TF", i, s, a2, down), (res, cols2, stock2, f2, rd)))
        if len(res) < 8:
            for i, col in enumerate(cols):
                if not col:
                    continue
                cols2, stock2 = self.pop_col(cols, i, stock)
                res2 = bytes(sorted(res + col[-1:]))
                under = cols2[i]
                prio = 2 if under and self.fits_direct(under[-1], f) else 5
                out.append((prio, ("TR", i, 0, 0, 0), (res2, cols2, stock2, f, rd)))
        if stock and not (
            self.strict
            and (
                any(self.fits_direct(c, f) for c in res)
                or any(col and self.fits_direct(col[-1], f) for col in cols)
            )
        ):
            new, rest = self.deal_cols(stock)
            cols2 = tuple(col + add for col, add in zip(cols, new, strict=True))
            out.append((3, ("deal", 0, 0, 0, 0), (res, cols2, rest, f, rd)))
        if rd < self.max_redeals and any(cols) and (not stock or self.stuck_redeal):
            packet = b"".join(cols) + (stock if self.stuck_redeal else b"")
            new, rest = self.deal_cols(packet)
            out.append((4, ("redeal", 0, 0, 0, 0), (res, tuple(new), rest, f, rd + 1)))
        if self.build:
            for i, ci in enumerate(cols):
                for j, cj in enumerate(cols):
                    if i != j and ci and cj and builds_on(self.build, ci[-1], cj[-1]):
                        cols2, stock2 = self.pop_col(cols, i, stock)
                        cols2 = (*cols2[:j], cols2[j] + ci[-1:], *cols2[j + 1 :])
                        out.append((5, ("TT", i, j, 0, 0), (res, cols2, stock2, f, rd)))
        if self.any_source and len(res) < 8:
            for s in range(4):
                a, k = f[2 * s], f[2 * s + 1]
                for a2 in self.reach[(a, k)]:
                    k2 = a + k - a2
                    if a2 >= (1 if self.movable else 2):
                        card = 13 * s + (12 if a2 == 1 else a2 - 2)  # the top's first copy
                        f2 = self.unplace(f, s, a2 - 1, k2)
                        res2 = bytes(sorted(res + bytes([card])))
                        out.append((6, ("FR", s, a2, 0, 0), (res2, cols, stock, f2, rd)))
                    if k2 >= (1 if self.movable else 2):
                        r = 14 - k2
                        card = 13 * s + (12 if r == 1 else r - 2)
                        f2 = self.unplace(f, s, a2, k2 - 1)
                        res2 = bytes(sorted(res + bytes([card])))
                        out.append((6, ("FR", s, a2, 1, 0), (res2, cols, stock, f2, rd)))
        out.sort(key=lambda t: t[0])
        return out

    @staticmethod
    def place(f: tuple[int, ...], s: int, a2: int, down: int) -> tuple[int, ...]:
        n = f[2 * s] + f[2 * s + 1]
        pair = (a2 + 1, n - a2) if not down else (a2, n - a2 + 1)
        return (*f[: 2 * s], *pair, *f[2 * s + 2 :])

    @staticmethod
    def unplace(f: tuple[int, ...], s: int, a: int, k: int) -> tuple[int, ...]:
        return (*f[: 2 * s], a, k, *f[2 * s + 2 :])

    def run(self, root: _Node) -> tuple[str, list[Macro], int]:
        if sum(root[3]) == 104:
            return "won", [], 0
        visited = {self.key(root)}
        if not self.alive(root):
            return "lost", [], 1
        stack: list[Iterator[tuple[int, Macro, _Node]]] = [iter(self.children(root))]
        path: list[Macro] = []
        nodes = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            _, macro, child = nxt
            k = self.key(child)
            if k in visited:
                continue
            visited.add(k)
            nodes += 1
            if sum(child[3]) == 104:
                return "won", [*path, macro], nodes
            if nodes >= self.max_nodes or (
                self.deadline is not None
                and nodes & 1023 == 0
                and time.perf_counter() > self.deadline
            ):
                return "unknown", [], nodes
            if not self.alive(child):
                continue
            path.append(macro)
            stack.append(iter(self.children(child)))
        return "lost", [], nodes


def _node(state: TournamentState) -> _Node:
    res = bytes(sorted(c % 52 for c in state.reserve if c >= 0))
    cols = tuple(bytes(c % 52 for c in col) for col in state.columns)
    stock = bytes(c % 52 for c in state.stock)
    f = tuple(len(p) for p in state.foundations)
    return res, cols, stock, f, state.redeals_used


def _replay(
    game: TournamentGame, state: TournamentState, line: list[Macro]
) -> list[TournamentAction]:
    """Turn macro moves into the game's actions, checking each with :meth:`TournamentGame.apply`."""
    actions: list[TournamentAction] = []

    def do(action: TournamentAction) -> None:
        nonlocal state
        state = game.apply(state, action)
        actions.append(action)

    def arrange(s: int, a2: int) -> None:
        up, down = foundation_id(s, False), foundation_id(s, True)
        while len(state.foundations[up - FOUNDATION0]) > a2:
            do(Move(up, down))
        while len(state.foundations[up - FOUNDATION0]) < a2:
            do(Move(down, up))

    def free_cell() -> int:
        return RESERVE0 + state.reserve.index(-1)

    for kind, x, y, z, w in line:
        if kind == "RF":
            arrange(y, z)
            cell = next(i for i, c in enumerate(state.reserve) if c >= 0 and c % 52 == x)
            do(Move(RESERVE0 + cell, foundation_id(y, bool(w))))
        elif kind == "TF":
            arrange(y, z)
            do(Move(x, foundation_id(y, bool(w))))
        elif kind == "TR":
            do(Move(x, free_cell()))
        elif kind == "TT":
            do(Move(x, y))
        elif kind == "FR":
            arrange(x, y)
            do(Move(foundation_id(x, bool(z)), free_cell()))
        elif kind == "deal":
            do(DealStock())
        else:
            do(Redeal())
    return actions


def _check_arguments(game: object, state: object, max_nodes: object, max_seconds: object) -> None:
    if not isinstance(game, TournamentGame):
        raise ArgumentTypeError(f"game must be a TournamentGame, not {type(game).__name__}")
    game.check_state(state)
    if type(max_nodes) is not int:
        raise ArgumentTypeError(f"max_nodes must be an int, not {type(max_nodes).__name__}")
    if max_nodes < 1:
        raise ArgumentError(f"max_nodes must be at least 1, not {max_nodes}")
    if max_seconds is not None:
        if not isinstance(max_seconds, int | float) or isinstance(max_seconds, bool):
            raise ArgumentTypeError(
                f"max_seconds must be a number or None, not {type(max_seconds).__name__}"
            )
        if not max_seconds >= 0:  # (NaN too)
            raise ArgumentError(f"max_seconds must be 0 or more, not {max_seconds}")


def solve(
    game: TournamentGame,
    state: TournamentState,
    *,
    max_nodes: int = 200_000,
    max_seconds: float | None = None,
) -> SolveResult:
    """Find a winning line from ``state`` or prove there is none, within a node/time budget.

    The line is a tuple of the game's own actions (rule T6 (c) preparations included), each checked with
    :meth:`~cardrules.games.tournament.TournamentGame.apply`. ``max_nodes`` is a positive
    ``int``, ``max_seconds`` ``None`` or a number of seconds (0 or more).
    """
    _check_arguments(game, state, max_nodes, max_seconds)
    start = time.perf_counter()
    if state.phase == "deal":
        raise IllegalActionError(
            TournamentRule.T2, "deal the cards first: the solver needs a dealt state"
        )
    if state.phase == "over":
        status: Literal["won", "lost"] = "won" if state.result == "won" else "lost"
        return SolveResult(status, (), 0, 0.0)
    search = _Search(game, max_nodes, max_seconds)
    result, line, nodes = search.run(_node(state))
    actions = tuple(_replay(game, state, line)) if result == "won" else ()
    seconds = time.perf_counter() - start
    if result == "won":
        return SolveResult("won", actions, nodes, seconds)
    return SolveResult("lost" if result == "lost" else "unknown", (), nodes, seconds)


def hint(
    game: TournamentGame,
    state: TournamentState,
    *,
    max_nodes: int = 50_000,
    max_seconds: float | None = None,
) -> TournamentAction | None:
    """The first action of a winning line from ``state`` (clairvoyant: it reads the stock order),
    or ``None`` when the position is lost or the budget does not find a win."""
    result = solve(game, state, max_nodes=max_nodes, max_seconds=max_seconds)
    return result.line[0] if result.line else None
