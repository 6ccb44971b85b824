"""The fast module of the Tournament patience: the only place that writes a rule out again.

Two hot loops would pay for building a state or a list per step, so they run on their own data
and copy a few rules of :mod:`cardrules.games.tournament.engine` inline:

* the rollout, :func:`fast_playout`: uniformly random play on a mutable :class:`Board`, whose
  legal actions and T11 loss test are the engine's own functions (they read any
  :class:`~cardrules.games.tournament.engine.Layout`); only a move's card transfer (T6), the T7
  refill and the T11 verdict are written out again;
* the clairvoyant solver's model of the moves, :class:`SolverModel`
  (:mod:`cardrules.games.tournament.solver` searches its graph): a node is a few bytes (cards by
  face, foundations by their sizes, the stock as a packet number and a position), and its moves
  are the rules T4–T11 with the options B2–B8 and TV2 on those bytes.

Every copy carries a tag naming each rule id it holds and the engine function(s) it copies
(``# copy of rules T6, T7: play_move, refill_empty_columns``), which
:func:`cardrules.testing.rule_copies` finds; ``tests/games/tournament/test_rule_copies.py``
checks every tag against the functions it names (the rollout seed by seed against stepping,
the solver's moves against the engine's legal moves from many positions).

>>> import random
>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> s = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(4)))
>>> points, won = fast_playout(game.engine, s, random.Random(1))
>>> 0 <= points <= 104, won == (points == 104)
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Final

from cardrules.games.tournament.actions import FOUNDATION0, RESERVE0, DealStock, Move, Resign
from cardrules.games.tournament.engine import (
    TournamentEngine,
    builds_on,
    reachable_ace_sizes,
    refill_empty_columns,
)
from cardrules.games.tournament.state import DECK, PRANK, SUIT, TournamentState

__all__ = [
    "Board",
    "Macro",
    "Node",
    "SolverModel",
    "board_result",
    "board_step",
    "fast_playout",
]

_DECK_SIZE: Final = len(DECK)  # T1: two packs, 104 cards
_S: Final = SUIT[:52]
_R: Final = PRANK[:52]
CARD_OF: Final = tuple(
    tuple(next((c for c in range(52) if _S[c] == s and _R[c] == r), -1) for r in range(14))
    for s in range(4)
)
"""``CARD_OF[suit][rank]``: the face index (0–51) of a card (rank 1 the Ace; rank 0: ``-1``)."""


# -- the rollout on a mutable board ---------------------------------------------------------------
# Stepping builds a state per step; a rollout of random play is dominated by that, and the
# benchmark measured the engine's ``playout`` at 12 % more instructions per rollout than this
# loop. So the rollout keeps a mutable board: its legal actions and its T11 loss test are the
# rule functions themselves; only the card transfer of a move, the T7 refill and the T11 verdict
# are written out again.
class Board:
    """A mutable copy of a state's layout, for :func:`fast_playout` (it is a
    :class:`~cardrules.games.tournament.engine.Layout`, so the engine's rule functions read it).

    >>> from cardrules.games.tournament import make_game
    >>> b = Board(make_game().position(reserve=["AS"]))
    >>> b.reserve[0] >= 0, len(b.columns), b.redeals_used
    (True, 6, 0)
    """

    __slots__ = ("columns", "foundations", "redeals_used", "reserve", "stock")

    def __init__(self, state: TournamentState) -> None:
        self.reserve = list(state.reserve)
        self.columns = [list(c) for c in state.columns]
        self.stock = list(state.stock)
        self.foundations = [list(p) for p in state.foundations]
        self.redeals_used = state.redeals_used


def board_step(engine: TournamentEngine, b: Board, action: Any) -> None:
    """:meth:`TournamentEngine.step <cardrules.games.tournament.engine.TournamentEngine.step>` on
    a mutable :class:`Board`, in place (a legal action of ``engine``'s game; not ``resign``).

    >>> from cardrules.games.tournament import make_game
    >>> game = make_game()
    >>> s = game.position(reserve=["AS"])
    >>> b = Board(s)
    >>> board_step(game.engine, b, game.legal_actions(s)[0])
    >>> [DECK.cards[c].ascii for c in b.foundations[6]]
    ['AS']
    """
    cls = type(action)
    if cls is Move:
        src, dst = action.src, action.dst
        # copy of rule T6: play_move
        if src < RESERVE0:
            card = b.columns[src].pop()
        elif src < FOUNDATION0:
            card, b.reserve[src - RESERVE0] = b.reserve[src - RESERVE0], -1
        else:
            card = b.foundations[src - FOUNDATION0].pop()
        if dst < RESERVE0:
            b.columns[dst].append(card)
        elif dst < FOUNDATION0:
            b.reserve[dst - RESERVE0] = card
        else:
            b.foundations[dst - FOUNDATION0].append(card)
        # copy of rule T7: refill_empty_columns
        # (only the source column can have emptied: a settled layout with a stock has none)
        if src < RESERVE0 and not b.columns[src] and b.stock:
            b.columns[src], b.stock = b.stock[:4], b.stock[4:]
        return
    if cls is DealStock:
        columns, stock = engine.deal_stock(tuple(map(tuple, b.columns)), tuple(b.stock))
    else:
        columns, stock = engine.redeal(b.columns, b.stock)
        b.redeals_used += 1
    columns, stock = refill_empty_columns(columns, stock)
    b.columns, b.stock = [list(c) for c in columns], list(stock)


def board_result(engine: TournamentEngine, b: Board) -> str:
    """The verdict of :meth:`TournamentEngine.settle_layout
    <cardrules.games.tournament.engine.TournamentEngine.settle_layout>` on a board: ``"won"``,
    ``"lost"`` or ``""`` (the game goes on)."""
    # copy of rule T11: settle_layout
    if sum(map(len, b.foundations)) == _DECK_SIZE:
        return "won"
    return "" if engine.can_progress(b) else "lost"


def fast_playout(
    engine: TournamentEngine, state: TournamentState, rng: random.Random
) -> tuple[int, bool]:
    """The engine's :meth:`~cardrules.games.tournament.engine.TournamentEngine.playout` on a
    mutable board: the same legal lists, the same draws from ``rng``, the same transitions, from
    a state in play; returns the cards on the foundations and whether the game was won."""
    b = Board(state)
    result = ""
    legal_actions = engine.legal_actions
    while not result:
        legal = legal_actions(b)
        action = legal[rng.randrange(len(legal))]
        if type(action) is Resign:
            break
        board_step(engine, b, action)
        result = board_result(engine, b)
    return sum(map(len, b.foundations)), result == "won"


# -- the solver's model of the moves --------------------------------------------------------------
Macro = tuple[str, int, int, int, int]
"""A macro move: its kind, then its arguments (:meth:`SolverModel.moves` says which)."""
Node = tuple[bytes, tuple[bytes, ...], int, int, tuple[int, ...], int]
"""A solver node: the reserve (card faces, sorted), the columns (faces, bottom first), the stock's
packet number and the cards dealt from it, the eight foundation sizes, the redeals used."""


class SolverModel:
    """The moves of the patience on the solver's nodes (:data:`Node`), for one rules config.

    A node forgets what the play does not depend on: which copy of a card lies where (T1), the
    order of the reserve cells, and the foundations' cards (their sizes say which they are, T4).
    The moves are *macro moves* (:meth:`moves`): a card to a foundation comes with the
    foundation-to-foundation moves (T6 (c)) that prepare its pile, so those never stand alone.

    >>> from cardrules.games.tournament import make_game
    >>> game = make_game()
    >>> model = SolverModel(game.engine)
    >>> n = model.node(game.position(reserve=["AS"]))
    >>> [macro for _, macro, _ in model.moves(n)][:2]  # A♠ (face 51) home; T3's top home
    [('RF', 51, 3, 0, 0), ('TF', 2, 0, 0, 1)]
    """

    def __init__(self, engine: TournamentEngine) -> None:
        self.ncols = engine.num_columns
        self.batch = engine.order == "batch"  # B2
        self.strict = engine.strict_deal  # B3
        self.stuck_redeal = engine.redeal_when_stuck  # B4
        self.max_redeals = engine.max_redeals  # T9
        self.movable = engine.base_movable  # B6
        self.any_source = engine.any_source  # B8
        self.build = engine.build  # TV2
        self.reach: dict[tuple[int, int], tuple[int, ...]] = {
            (a, k): reachable_ace_sizes(a, k, self.movable) for a in range(14) for k in range(14)
        }
        """T6 (c): the Ace-pile sizes foundation-to-foundation moves reach from sizes ``(a, k)``."""
        self.streams: list[bytes] = []
        self.stream_ids: dict[bytes, int] = {}

    def stream(self, packet: bytes) -> int:
        """The number of a stock packet (interned: equal packets, equal numbers)."""
        sid = self.stream_ids.get(packet)
        if sid is None:
            sid = self.stream_ids[packet] = len(self.streams)
            self.streams.append(packet)
        return sid

    def node(self, state: TournamentState) -> Node:
        """The node of a dealt state."""
        res = bytes(sorted(c % 52 for c in state.reserve if c >= 0))
        cols = tuple(bytes(c % 52 for c in col) for col in state.columns)
        sid = self.stream(bytes(c % 52 for c in state.stock))
        f = tuple(len(p) for p in state.foundations)
        return res, cols, sid, 0, f, state.redeals_used

    def final(self, n: Node) -> bool:
        """No deal, refill or redeal will ever happen again (the last pass)."""
        # copy of rules T9, B4: may_redeal
        _, cols, sid, pos, _, rd = n
        return pos == len(self.streams[sid]) and (rd >= self.max_redeals or not any(cols))

    def deal_cols(self, stream: bytes) -> tuple[list[bytes], int]:
        """T8/T10: the cards each column gets from ``stream`` (B2's order) and how many in all."""
        # copy of rules T8, T10, B2: deal_stock, deal_packet
        ncols = self.ncols
        total = min(len(stream), 4 * ncols)
        if self.batch:
            return [stream[4 * i : 4 * i + 4] for i in range(ncols)], total
        return [stream[i:total:ncols] for i in range(ncols)], total

    def targets(self, c: int, f: tuple[int, ...]) -> list[tuple[int, int]]:
        """(Ace-pile size to arrange, pile 0 up / 1 down) where card ``c`` can then go."""
        # copy of rules T4, T6: fitting_foundations, may_cross
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

    def fits_direct(self, c: int, f: tuple[int, ...]) -> bool:
        """Whether card ``c`` fits a foundation as the piles stand (no T6 (c) move first)."""
        # copy of rule T4: fitting_foundations
        s, r = _S[c], _R[c]
        return f[2 * s] == r - 1 or f[2 * s + 1] == 13 - r

    @staticmethod
    def place(f: tuple[int, ...], s: int, a2: int, down: int) -> tuple[int, ...]:
        """The pile sizes after arranging suit ``s``'s Ace pile at ``a2`` cards (T6 (c)) and
        putting a card on its Ace (``down=0``) or King pile (T6 (a))."""
        # copy of rules T4, T6: play_move
        n = f[2 * s] + f[2 * s + 1]
        pair = (a2 + 1, n - a2) if not down else (a2, n - a2 + 1)
        return (*f[: 2 * s], *pair, *f[2 * s + 2 :])

    @staticmethod
    def unplace(f: tuple[int, ...], s: int, a: int, k: int) -> tuple[int, ...]:
        """The pile sizes with suit ``s``'s piles at ``a`` and ``k`` cards."""
        return (*f[: 2 * s], a, k, *f[2 * s + 2 :])

    def pop_col(
        self, cols: tuple[bytes, ...], i: int, sid: int, pos: int
    ) -> tuple[tuple[bytes, ...], int]:
        """A column loses its top card; T7 refills it when it empties."""
        # copy of rules T6, T7: play_move, refill_empty_columns
        col = cols[i][:-1]
        if not col:
            stream = self.streams[sid]
            if pos < len(stream):
                col = stream[pos : pos + 4]
                pos += len(col)
        return (*cols[:i], col, *cols[i + 1 :]), pos

    def moves(self, n: Node) -> list[tuple[int, Macro, Node]]:
        """Every macro move of ``n`` as ``(priority, macro, child)`` (a lower priority is tried
        first): ``("RF", card, suit, a2, down)`` a reserve card home once the suit's Ace pile is
        arranged at ``a2`` cards (0 up, 1 down), ``("TF", column, suit, a2, down)`` a column's top
        likewise, ``("TR", column, …)`` a column's top to a cell, ``("deal", …)``,
        ``("redeal", …)``, ``("TT", column, onto, …)`` Cicely's building and ``("FR", suit, a2,
        down, …)`` a foundation's top to a cell (B8 ``any``)."""
        # copy of rules T5, T6, B6, B8, TV2: legal_moves
        res, cols, sid, pos, f, rd = n
        stream = self.streams[sid]
        stock_left = pos < len(stream)
        out: list[tuple[int, Macro, Node]] = []
        # card -> foundation, from the reserve (distinct cards) and the column tops
        for c in sorted(set(res)):
            s = _S[c]
            for a2, down in self.targets(c, f):
                f2 = self.place(f, s, a2, down)
                i = res.index(c)
                out.append(
                    (0, ("RF", c, s, a2, down), (res[:i] + res[i + 1 :], cols, sid, pos, f2, rd))
                )
        for i, col in enumerate(cols):
            if not col:
                continue
            c = col[-1]
            s = _S[c]
            for a2, down in self.targets(c, f):
                f2 = self.place(f, s, a2, down)
                cols2, pos2 = self.pop_col(cols, i, sid, pos)
                out.append((1, ("TF", i, s, a2, down), (res, cols2, sid, pos2, f2, rd)))
        if len(res) < 8:
            for i, col in enumerate(cols):
                if not col:
                    continue
                cols2, pos2 = self.pop_col(cols, i, sid, pos)
                res2 = bytes(sorted(res + col[-1:]))
                under = cols2[i]
                prio = 2 if under and self.fits_direct(under[-1], f) else 5
                out.append((prio, ("TR", i, 0, 0, 0), (res2, cols2, sid, pos2, f, rd)))
        # copy of rules T8, B3: may_deal, deal_stock
        if stock_left and not (
            self.strict
            and (
                any(self.fits_direct(c, f) for c in res)
                or any(col and self.fits_direct(col[-1], f) for col in cols)
            )
        ):
            new, total = self.deal_cols(stream[pos:])
            cols2 = tuple(col + add for col, add in zip(cols, new, strict=True))
            out.append((3, ("deal", 0, 0, 0, 0), (res, cols2, sid, pos + total, f, rd)))
        # copy of rules T9, B4: may_redeal, redeal
        if rd < self.max_redeals and any(cols) and (not stock_left or self.stuck_redeal):
            packet = b"".join(cols) + (stream[pos:] if self.stuck_redeal else b"")
            new, total = self.deal_cols(packet)
            sid2 = self.stream(packet[total:])
            out.append((4, ("redeal", 0, 0, 0, 0), (res, tuple(new), sid2, 0, f, rd + 1)))
        if self.build:
            build = self.build
            for i, ci in enumerate(cols):
                for j, cj in enumerate(cols):
                    if i != j and ci and cj and builds_on(build, ci[-1], cj[-1]):
                        cols2, pos2 = self.pop_col(cols, i, sid, pos)
                        cols2 = (*cols2[:j], cols2[j] + ci[-1:], *cols2[j + 1 :])
                        out.append((5, ("TT", i, j, 0, 0), (res, cols2, sid, pos2, f, rd)))
        if self.any_source and len(res) < 8:
            for s in range(4):
                a, k = f[2 * s], f[2 * s + 1]
                for a2 in self.reach[(a, k)]:
                    k2 = a + k - a2
                    if a2 >= (1 if self.movable else 2):
                        card = CARD_OF[s][a2]  # the top's first copy
                        f2 = self.unplace(f, s, a2 - 1, k2)
                        res2 = bytes(sorted(res + bytes([card])))
                        out.append((6, ("FR", s, a2, 0, 0), (res2, cols, sid, pos, f2, rd)))
                    if k2 >= (1 if self.movable else 2):
                        card = CARD_OF[s][14 - k2]
                        f2 = self.unplace(f, s, a2, k2 - 1)
                        res2 = bytes(sorted(res + bytes([card])))
                        out.append((6, ("FR", s, a2, 1, 0), (res2, cols, sid, pos, f2, rd)))
        return out

    def can_progress(self, n: Node) -> bool:
        """T11 on a node: ``False`` when the game is lost (no stock, no redeal, no free cell with
        a column card, no card that fits after T6 (c) moves, no building move)."""
        # copy of rules T11, TV2: can_progress
        if not self.final(n):
            return True  # a deal or a redeal is still to come
        res, cols, _, _, f, _ = n
        if len(res) < 8 and any(cols):
            return True
        avail = [c[-1] for c in cols if c] + list(res)
        if any(self.targets(c, f) for c in avail):
            return True
        if self.build:
            build = self.build
            tops = [c[-1] for c in cols if c]
            return any(x != y and builds_on(build, x, y) for x in tops for y in tops)
        return False
