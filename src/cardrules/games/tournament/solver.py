"""A clairvoyant solver for Tournament that decides positions: won, lost, or out of budget.

The solver sees the whole state, stock order included. It walks the graph of positions
depth-first, remembering every position it has reached, until it reaches a win or has nothing left
to visit. The graph is the game's own, with the reductions below; each turns it into a smaller
graph with the same answer, so **when the search runs out of positions without a win, the
position is proved lost**. When a budget (nodes, seconds or memory) runs out first, the answer is
``"unknown"`` and :attr:`SolveResult.budget` names the budget.

>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> s = game.position(reserve=["AS"], columns=["2S"], stock="", foundations={
...     "F♣↑": 13, "F♣↓": 13, "F♦↑": 13, "F♦↓": 13, "F♥↑": 13, "F♥↓": 13,
...     "F♠↑": 13, "F♠↓": 11})
>>> result = solve(game, s)
>>> result.status, [game.format_action(a) for a in result.line]
('won', ['T1>F♠↓', 'R1>F♠↓'])

**Moves.** A node's moves are *macro moves*: a card to a foundation together with the
foundation-to-foundation moves (rule T6 (c)) that prepare its pile, a column's top card to a
reserve cell, a deal, a redeal (and, where the options allow them, Cicely's building and B8's
foundation-to-cell moves). Foundation-to-foundation moves on their own change no card's
availability, so they appear only as the preparation of a move that needs them.

**Equivalences** (two positions with the same key are the same node):

* *Copies* (T1): the two copies of a card are interchangeable; cards are keyed by face.
* *Reserve cells*: the cells are interchangeable (a cell card goes only to a foundation, B8's
  moves go to any empty cell), so the reserve is keyed as a sorted multiset.
* *Meeting foundations*: when a suit's Ace and King foundations meet (their sizes add up to 13),
  T6 (c) moves reach every split of the 13 cards (under B6 ``foundation_base_movable=False`` every
  split that keeps both base cards, plus the one the pile is in), each from each: one node.
* *Stock*: the stock is always a suffix of the packet the pass started with, so it is keyed by
  that packet's number (packets are interned) and the cards dealt from it.
* *Last pass*: with the stock empty and no redeal to come (none left, or no column to gather),
  nothing depends on a column's place any more (no deal, refill or gather reads it), so the columns
  are keyed as a sorted multiset.

**Safe moves** (played at once, as the only move, with ``reductions=True``). A position ``P`` is
replaced by ``P'`` when every winning line from ``P`` can be copied move by move from ``P'``:

* *(A1) Reserve card home.* A reserve card ``c`` of suit ``s`` that fits a foundation directly,
  when the sizes ``a, k`` of the suit's piles add up to at most 11 or at least 14, or to 12 under
  the default B6; not under B8 ``any``. Proof: below 13, and again from 14 on, the two piles cannot swap
  cards (T6 (c) needs the sum 13), so the slot ``c`` fits keeps wanting ``c``'s rank until a card of
  that rank fills it (at 12 both piles want that rank, and either choice gives the same meeting
  node by the equivalence above). ``P'`` (``c`` home, its cell empty) copies every line from ``P``:
  when the line plays ``c``, ``P'`` does nothing; when it plays ``c``'s twin from the tableau,
  ``P'`` parks the twin in the cell ``c`` freed (T6 (b)) and the two positions are equal up to the
  copies; from the reserve, they are equal already. Under B3
  (``strict_deal_when_stuck``) ``P`` cannot deal while ``c`` fits, that is before the relation
  becomes equality, so no deal needs copying. At sum 13 (meeting piles) the rule is off: playing
  ``c`` fixes the split the other cards of the suit must then follow (a cell 5♠ and a column
  6♠ 7♠ 8♠, 8♠ on top, with no other free cell: playing the 8♠ first and building down wins,
  playing the 5♠ first leaves the 6♠ under two cards and one free cell), so it is not safe.
  Under B6 at sum 12 it is off too (a base card then behaves differently on the two piles).
  Under B8 ``any`` it is off: a foundation card taken to a cell there (which can also bring a
  pile pair back to sum 13) would at once be played back, and the reduced graph would lose those
  lines; the cross-check against the plain search found such positions.
* *(A2) Column card home on the last pass.* A column's top card ``c`` that fits directly, with
  its twin already on a foundation, the sum condition of A1, the stock empty and no redeal to
  come, and neither B8 ``any`` nor Cicely's building in force. Proof: nothing is dealt, refilled,
  gathered or built any more, so ``c`` stays its column's top until a line moves it; the only
  places it can go are its foundation slot (then the positions are equal) or a cell (then A1's
  relation holds); its twin is home, so no other card fills the slot. Off under B8 ``any``
  (``P'`` would need two free cells to copy a line that lifts the card under ``c`` from its
  pile to a cell) and with building (``c`` could take a built card).

**Last-pass moves** (with ``reductions=True``, not under B8 ``any`` nor with building).

* *(A3) Digs.* On the last pass a node's children are the cards it can play home next, each with
  what must come before it: a reserve card, or a column's card ``t`` at depth ``d`` (``d`` cards
  above it, ``d`` at most the free cells) together with the ``d`` moves that take those cards to
  cells. A single column-to-cell move is no child of its own. Proof: the last pass has only two
  kinds of progress move, a column's top to a cell and a card home (with its T6 (c)
  preparation), since nothing is dealt, refilled, gathered or built. A winning line from a
  last-pass position with cards left plays a first card ``t`` home. If ``t`` is a column card, the
  cards above it all went to cells before (none went home, ``t`` is the first), and every other
  cell move before ``t``'s took the top of another column; if ``t`` is a reserve card, every cell
  move before it is such an other move. The other moves can wait until just after ``t``'s: ``t``
  going home covers no column's top and takes no cell, so each stays legal in the same order, and
  until they are all played the reordered line never holds more cards in cells than the original
  held just before ``t`` went home (at most 8); then the two lines are in the same position.
  Foundation-to-foundation moves change no card's availability, so they move next to the card
  they prepare. The reordered line starts with a child of A3 and plays at least one card home
  per child, so by induction every winning line survives (and the safe moves A1 and A2, applied
  to each child, keep winning lines by their own proofs).

A column card is *not* safe to play home before the last pass: a column that empties is refilled
at once (T7), and a gathered column shifts every card dealt after it (T9), so ``P'`` would see a
different stock.

**Dead positions** (a node that passes T11 but is proved lost is not expanded):

* *(D1) T11*: the rules' own test (no stock, no redeal, no free cell with a column card, no card
  that fits after T6 (c) moves).
* *(D2) Cell demand on the last pass* (not under B8 ``any`` nor with building). When a suit's
  piles hold 14 cards or more they never swap cards again, each remaining card of the suit has
  exactly one slot, and its *predecessors* (the remaining cards of its pile's chain that must go
  first) are fixed. In a column ``X``, a card above one of its predecessors must wait in a cell
  until that predecessor is played. When the card at height ``q`` of ``X`` becomes the top, every
  card that lay above it and has a predecessor at height ``q`` or lower is in a cell, and so is
  every cell card with such a predecessor in ``X``: if that ever makes more than 8, no line
  empties ``X``, and a position with cards left is never won.

**The probe.** From a position with a redeal left, a *probe* runs first, on 90 % of the node
budget: the same search, except that it leaves each subtree that starts on the last pass through
the cards (both redeals done, under the default rules) after 80 nodes, and each that starts on
the pass before after 3,000 (counted from the subtree's first node, the subtrees inside it
included). Without it the search spends its whole budget on the last two passes below the first
lines of the first pass it tried; the probe tries many of them, and a winnable deal usually needs
the right early moves more than a long search of the last pass. A won probe's line is a line
like any other (replayed through ``apply``); a probe that has left a subtree proves nothing when
it finds no win, and then the complete search starts afresh with the nodes left, so a loss is
still proved only by a search that left nothing out. :attr:`SolveResult.nodes` counts the nodes of
both runs.

Move ordering (it only changes how soon a win is found): reserve cards home, column cards home, a
column card to a cell that uncovers a card that fits, then deal, redeal, and the remaining moves;
on the last pass, reserve cards home and then digs, shallowest first.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import Final, Literal

import attrs

from cardrules import ArgumentError, ArgumentTypeError, IllegalActionError
from cardrules.errors import short_repr
from cardrules.game import check_count
from cardrules.games.tournament.actions import (
    FOUNDATION0,
    RESERVE0,
    DealStock,
    Move,
    Redeal,
    TournamentAction,
    foundation_id,
)
from cardrules.games.tournament.fast import CARD_OF, Macro, Node, SolverModel
from cardrules.games.tournament.game import TournamentGame
from cardrules.games.tournament.rulebook import TournamentRule
from cardrules.games.tournament.state import PRANK, SUIT, TournamentState

__all__ = ["SolveResult", "check_solvable", "hint", "solve"]

_S: Final = SUIT[:52]
_R: Final = PRANK[:52]
_Node = Node  # a node of the model: see :data:`cardrules.games.tournament.fast.Node`
_Child = tuple[int, tuple[Macro, ...], _Node]
Budget = Literal["", "nodes", "seconds", "memory"]
_CARD: Final = CARD_OF  # _CARD[suit][rank]: the card's face index (rank 1 the Ace; rank 0 none)
# a probe's caps on the subtrees that start on the last pass, and on the pass before it (nodes),
# and its share of the node budget (the complete search takes the rest)
_PROBE_CAPS: Final = (80, 3000)
_PROBE_SHARE: Final = 0.9
_CHECK_EVERY: Final = 1024  # nodes between two reads of the clock and of the memory estimate


@attrs.frozen
class SolveResult:
    """The solver's answer.

    ``status`` is ``"won"`` (``line`` wins from the state), ``"lost"`` (proved: no line wins) or
    ``"unknown"`` (a budget ran out: ``budget`` is ``"nodes"``, ``"seconds"`` or ``"memory"``,
    else ``""``); ``nodes`` counts the positions searched (a position the probe and then the
    complete search both visit counts twice), ``memory`` estimates the bytes the larger
    transposition set held (its table and its keys).
    """

    status: Literal["won", "lost", "unknown"]
    line: tuple[TournamentAction, ...]
    nodes: int
    seconds: float
    budget: Budget = ""
    memory: int = 0


def _foundation_codes(movable: bool) -> tuple[tuple[int, ...], ...]:
    """One key byte per suit's pile sizes ``(a, k)``: meeting piles share one code per class."""
    table = []
    for a in range(14):
        row = []
        for k in range(14):
            if a + k != 13:
                row.append(a * 14 + k)  # at most 195
            elif movable:
                row.append(200)
            else:
                row.append(201 if 1 <= a <= 12 else 202 + (a == 13))
        table.append(tuple(row))
    return tuple(table)


class _Search(SolverModel):
    """One search: the model's moves (:class:`~cardrules.games.tournament.fast.SolverModel`)
    with the equivalences, safe moves, dead tests and budgets of the module docstring."""

    def __init__(
        self,
        game: TournamentGame,
        max_nodes: int,
        max_seconds: float | None,
        max_memory: int | None,
        reductions: bool,
    ) -> None:
        super().__init__(game.engine)
        self.max_nodes = max_nodes
        self.max_memory = max_memory
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.reductions = reductions
        # A1 and A2 would undo B8's foundation-to-cell moves at once (see the module docstring)
        self.safe_moves = reductions and not self.any_source
        # A2, A3 and D2 need a board where cards leave columns only from the top, for good
        self.last_pass_rules = reductions and not self.any_source and not self.build
        self.fcode = _foundation_codes(self.movable)
        self.safe = tuple(tuple(self.safe_ranks(a, k) for k in range(14)) for a in range(14))
        self.chains: dict[tuple[int, ...], dict[int, tuple[int, int]]] = {}
        self.tables: dict[tuple[int, ...], tuple[bytes, bytes]] = {}
        self.fits: dict[tuple[int, ...], bytes] = {}
        self.budget: Budget = ""
        self.memory = 0

    # -- nodes ------------------------------------------------------------------------------------
    def key(self, n: _Node) -> bytes:
        res, cols, sid, pos, f, rd = n
        fc = self.fcode
        head = bytes(
            (rd, sid >> 16, (sid >> 8) & 255, sid & 255, pos,
             fc[f[0]][f[1]], fc[f[2]][f[3]], fc[f[4]][f[5]], fc[f[6]][f[7]])
        )  # fmt: skip
        if self.reductions and self.final(n):
            cols = tuple(sorted(cols))
        return head + res + b"\xff" + b"\xfe".join(cols)

    def safe_ranks(self, a: int, k: int) -> tuple[int, int]:
        """A1/A2: the ranks a card of a suit with pile sizes ``(a, k)`` may be played home safely,
        up and down (``-1``: none). Off when the piles can swap cards (sum 13; 12 under B6)."""
        n = a + k
        if n == 13 or (n == 12 and not self.movable):
            return -1, -1
        return (a + 1 if a < 13 else -1), (13 - k if k < 13 else -1)

    def safe_tables(self, f: tuple[int, ...]) -> tuple[bytes, bytes]:
        """For pile sizes ``f``, two ``bytes.translate`` tables over the card bytes: the pile a
        card may be played home to safely (0 up, 1 down; 2 none) under A1, and under A2 (its twin
        home too). Byte 255 (no card) maps to 2."""
        got = self.tables.get(f)
        if got is None:
            a1 = bytearray([2]) * 256
            a2 = bytearray([2]) * 256
            for c in range(52):
                s, r = _S[c], _R[c]
                a, k = f[2 * s], f[2 * s + 1]
                up, down = self.safe[a][k]
                if r in (up, down):
                    a1[c] = int(r != up)
                    if r <= a or r >= 14 - k:
                        a2[c] = a1[c]
            got = self.tables[f] = (bytes(a1), bytes(a2))
        return got

    def fit_table(self, f: tuple[int, ...]) -> bytes:
        """For pile sizes ``f``, a ``bytes.translate`` table over the card bytes: 1 where the card
        fits a foundation (after T6 (c) moves), else 0."""
        got = self.fits.get(f)
        if got is None:
            table = bytearray(256)
            for c in range(52):
                table[c] = bool(self.targets(c, f))
            got = self.fits[f] = bytes(table)
        return got

    def settle(self, n: _Node) -> tuple[_Node, tuple[Macro, ...]]:
        """Play the safe moves A1 and A2 until none is left."""
        if not self.safe_moves:
            return n, ()
        res, cols, sid, pos, f, rd = n
        last = self.last_pass_rules and self.final(n)
        macros: list[Macro] = []
        while True:
            a1, a2 = self.safe_tables(f)
            codes = res.translate(a1)
            rest = codes.lstrip(b"\x02")
            if rest:
                i = len(codes) - len(rest)
                c = res[i]
                s = _S[c]
                macros.append(("RF", c, s, f[2 * s], rest[0]))
                f = self.place(f, s, f[2 * s], rest[0])
                res = res[:i] + res[i + 1 :]
                continue
            if not last:
                break
            codes = bytes([col[-1] if col else 255 for col in cols]).translate(a2)
            rest = codes.lstrip(b"\x02")
            if not rest:
                break
            i = len(codes) - len(rest)
            col = cols[i]
            s = _S[col[-1]]
            macros.append(("TF", i, s, f[2 * s], rest[0]))
            f = self.place(f, s, f[2 * s], rest[0])
            cols = (*cols[:i], col[:-1], *cols[i + 1 :])
        if not macros:
            return n, ()
        return (res, cols, sid, pos, f, rd), tuple(macros)

    # -- dead positions -----------------------------------------------------------------------------
    def alive(self, n: _Node) -> bool:
        """D1 (the rules' T11 test, :meth:`SolverModel.can_progress`) and, on the last pass, D2;
        ``False`` is a proved loss."""
        if not self.final(n):
            return True  # a deal or a redeal is still to come (T11)
        return self.can_progress(n) and self.chain_room(n)

    def chain_room(self, n: _Node) -> bool:
        """D2 on a last-pass node: ``False`` when some column needs more than 8 cells."""
        if not self.last_pass_rules:
            return True
        res, cols, _, _, f, _ = n
        chain = self.chains.get(f)
        if chain is None:
            # chain[c]: (pile chain, place in the chain) of a card of a suit whose piles hold 14+
            chain = self.chains[f] = {}
            for s in range(4):
                a, k = f[2 * s], f[2 * s + 1]
                if a + k < 14:
                    continue
                for r in range(a + 1, 14):
                    chain[_CARD[s][r]] = (2 * s, r - a)
                for r in range(1, 14 - k):
                    chain[_CARD[s][r]] = (2 * s + 1, 14 - k - r)
        if not chain:
            return True
        cells = [chain[c] for c in res if c in chain]
        for col in cols:
            if len(col) + len(cells) <= 8:
                continue  # too few cards to need more than 8 cells
            items = [(i, *chain[c]) for i, c in enumerate(col) if c in chain]
            if len(items) < 2 and not (items and cells):
                continue
            m = len(col)
            diff = [0] * (m + 1)
            # a card waits in a cell from the time its lowest predecessor below it is buried
            # (items run bottom up, so the first predecessor found is the lowest)
            for i, ch, t in items:
                for j, ch2, t2 in items:
                    if j >= i:
                        break
                    if ch2 == ch and t2 < t:
                        diff[j] += 1
                        diff[i] -= 1
                        break
            for ch, t in cells:
                for j, ch2, t2 in items:
                    if ch2 == ch and t2 < t:
                        diff[j] += 1
                        break
            run = 0
            for q in range(m):
                run += diff[q]
                if run > 8:
                    return False
        return True

    # -- moves ----------------------------------------------------------------------------------
    def dig_children(self, n: _Node) -> list[_Child]:
        """A3 on a last-pass node: each child plays one card home, a cell card, or a column card
        together with the cards above it, taken to cells first (shallowest digs first)."""
        res, cols, sid, pos, f, rd = n
        out: list[tuple[int, tuple[Macro, ...], _Node]] = []
        for c in sorted(set(res)):
            s = _S[c]
            for a2, down in self.targets(c, f):
                i = res.index(c)
                out.append(
                    (0, (("RF", c, s, a2, down),), (res[:i] + res[i + 1 :], cols, sid, pos,
                     self.place(f, s, a2, down), rd))
                )  # fmt: skip
        free = 8 - len(res)
        fits = self.fit_table(f)
        for i, col in enumerate(cols):
            # the cards a dig can reach, top first, as 1 (fits a foundation) or 0
            reach = col[-1 - free :][::-1].translate(fits)
            d = reach.find(1)
            while d >= 0:
                c = col[-1 - d]
                found = self.targets(c, f)
                s = _S[c]
                res2 = bytes(sorted(res + col[len(col) - d :])) if d else res
                cols2 = (*cols[:i], col[: -1 - d], *cols[i + 1 :])
                digs: tuple[Macro, ...] = (("TR", i, 0, 0, 0),) * d
                for a2, down in found:
                    f2 = self.place(f, s, a2, down)
                    child = (res2, cols2, sid, pos, f2, rd)
                    out.append((d + 1, (*digs, ("TF", i, s, a2, down)), child))
                d = reach.find(1, d + 1)
        out.sort(key=lambda t: t[0])
        settled: list[_Child] = []
        for prio, macros, child in out:
            child, auto = self.settle(child)
            settled.append((prio, (*macros, *auto), child))
        return settled

    def children(self, n: _Node) -> list[_Child]:
        """The children of ``n``: on the last pass A3's digs, else every macro move of the
        model (:meth:`SolverModel.moves`), in their order of priority; the safe moves A1 and
        A2 played after each."""
        if self.last_pass_rules and self.final(n):
            return self.dig_children(n)
        out = self.moves(n)
        out.sort(key=lambda t: t[0])
        settled: list[_Child] = []
        for prio, macro, child in out:
            child, auto = self.settle(child)
            settled.append((prio, (macro, *auto), child))
        return settled

    # -- the search -------------------------------------------------------------------------------
    def out_of_budget(self, nodes: int, visited: set[bytes], key_bytes: int) -> bool:
        if nodes >= self.max_nodes:
            self.budget = "nodes"
            return True
        if nodes % _CHECK_EVERY:
            return False
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.budget = "seconds"
            return True
        if self.max_memory is not None:
            self.memory = sys.getsizeof(visited) + key_bytes
            if self.memory > self.max_memory:
                self.budget = "memory"
                return True
        return False

    def run(self, root: _Node, probe: bool = False) -> tuple[str, list[Macro], int]:
        """Depth-first search from ``root``: ``"won"`` with its line, ``"lost"``, or ``"unknown"``
        when a budget runs out. A *probe* leaves each subtree that starts on the last pass
        through the cards (the last redeal done) after ``_PROBE_CAPS[0]`` nodes, and each that
        starts on the pass before after ``_PROBE_CAPS[1]``, so that the budget reaches many lines
        of the earlier passes; a probe that has left a subtree proves no loss, and says
        ``"unknown"`` instead."""
        root, auto = self.settle(root)
        if sum(root[4]) == 104:
            return "won", list(auto), 1
        first = self.key(root)
        visited = {first}
        key_bytes = sys.getsizeof(first)
        if not self.alive(root):
            return "lost", [], 1
        stack: list[Iterator[_Child]] = [iter(self.children(root))]
        path: list[tuple[Macro, ...]] = [auto]
        nodes = 1
        # the capped subtrees open on the stack, outermost first: (stack depth, start, cap, pass)
        cuts: list[tuple[int, int, int, int]] = []
        caps = {self.max_redeals - i: cap for i, cap in enumerate(_PROBE_CAPS)} if probe else {}
        cut = False
        try:
            while stack:
                for i, (depth, start, cap, _) in enumerate(cuts):
                    if nodes - start >= cap:  # leave this subtree (and those open inside it)
                        del stack[depth:], path[depth:], cuts[i:]
                        cut = True
                        break
                nxt = next(stack[-1], None)
                if nxt is None:
                    stack.pop()
                    path.pop()
                    while cuts and len(stack) <= cuts[-1][0]:
                        cuts.pop()
                    continue
                _, macros, child = nxt
                k = self.key(child)
                if k in visited:
                    continue
                visited.add(k)
                key_bytes += sys.getsizeof(k)
                nodes += 1
                if sum(child[4]) == 104:
                    return "won", [m for step in (*path, macros) for m in step], nodes
                if self.out_of_budget(nodes, visited, key_bytes):
                    return "unknown", [], nodes
                if not self.alive(child):
                    continue
                rd = child[5]
                if rd in caps and (not cuts or cuts[-1][3] < rd):
                    cuts.append((len(stack), nodes, caps[rd], rd))
                path.append(macros)
                stack.append(iter(self.children(child)))
            return ("unknown" if cut else "lost"), [], nodes
        finally:
            self.memory = max(self.memory, sys.getsizeof(visited) + key_bytes)


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


def check_solvable(game: object) -> TournamentGame:
    """``game`` if the solver covers it (Tournament, its presets and Cicely); else an error.

    The one check of the solver's users (:func:`solve`, the winnable deals, the search player).

    >>> from cardrules.games.tournament import make_game
    >>> check_solvable(make_game(preset="kingsdown_eights"))
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: game must be a TournamentGame (the solver covers Tournament, its presets and Cicely, not Kingsdown Eights), not get_game(...
    """
    if not isinstance(game, TournamentGame):
        raise ArgumentTypeError(
            "game must be a TournamentGame (the solver covers Tournament, its presets and "
            f"Cicely, not Kingsdown Eights), not {short_repr(game)}"
        )
    return game


def _check_arguments(
    game: object,
    state: object,
    max_nodes: object,
    max_seconds: object,
    max_memory: object,
    reductions: object,
) -> None:
    check_solvable(game).check_state(state)
    check_count(max_nodes, "max_nodes")
    if max_seconds is not None:
        if not isinstance(max_seconds, int | float) or isinstance(max_seconds, bool):
            raise ArgumentTypeError(
                f"max_seconds must be a number or None, not {type(max_seconds).__name__}"
            )
        if not max_seconds >= 0:  # (NaN too)
            raise ArgumentError(f"max_seconds must be 0 or more, not {max_seconds}")
    if max_memory is not None:
        if type(max_memory) is not int:
            raise ArgumentTypeError(
                f"max_memory must be an int (bytes) or None, not {type(max_memory).__name__}"
            )
        if max_memory < 0:
            raise ArgumentError(f"max_memory must be 0 or more bytes, not {max_memory}")
    if type(reductions) is not bool:
        raise ArgumentTypeError(
            f"reductions must be True or False, not {type(reductions).__name__}"
        )


def solve(
    game: TournamentGame,
    state: TournamentState,
    *,
    max_nodes: int = 200_000,
    max_seconds: float | None = None,
    max_memory: int | None = None,
    reductions: bool = True,
) -> SolveResult:
    """Find a winning line from ``state`` or prove there is none, within the budgets.

    The line is a tuple of the game's own actions (rule T6 (c) preparations included), each checked
    with :meth:`~cardrules.games.tournament.TournamentGame.apply`. ``max_nodes`` is a positive
    ``int``; ``max_seconds`` ``None`` or a number of seconds (0 or more); ``max_memory`` ``None``
    or a number of bytes for the transposition set (estimated every 1,024 nodes, as is the
    clock). ``reductions=False`` switches off the safe moves, the D2 dead test, the last-pass
    digs, the last-pass column equivalence and the probe of the module docstring: the plain
    search, slower, with the same answers.

    Every Queen below blocks the Jack of another suit, and the full reserve holds Kings and 2s
    that cannot move; the two redeals give the columns back unchanged:

    >>> from cardrules.games.tournament import make_game
    >>> game = make_game()
    >>> s = game.position(
    ...     reserve=["KS", "KH", "KD", "KC", "2S", "2H", "2D", "2C"],
    ...     columns=["AS 3S JS QH", "AH 3H JH QS", "AD 3D JD QC", "AC 3C JC QD"],
    ...     stock="", foundations={f"F{s}{d}": 10 for s in "♣♦♥♠" for d in "↑↓"})
    >>> solve(game, s).status, solve(game, s, reductions=False).status
    ('lost', 'lost')
    >>> result = solve(game, s, max_nodes=2)
    >>> result.status, result.budget
    ('unknown', 'nodes')
    """
    _check_arguments(game, state, max_nodes, max_seconds, max_memory, reductions)
    start = time.perf_counter()
    if state.phase == "deal":
        raise IllegalActionError(
            TournamentRule.T2, "deal the cards first: the solver needs a dealt state"
        )
    if state.phase == "over":
        status: Literal["won", "lost"] = "won" if state.result == "won" else "lost"
        return SolveResult(status, (), 0, 0.0)
    search = _Search(game, max_nodes, max_seconds, max_memory, reductions)
    root = search.node(state)
    result, nodes = "unknown", 0
    line: list[Macro] = []
    if reductions and root[5] < search.max_redeals:
        # a probe first (wins come much sooner), then the complete search with the nodes left
        search.max_nodes = max(1, int(max_nodes * _PROBE_SHARE))
        result, line, nodes = search.run(root, probe=True)
    if result == "unknown" and search.budget in ("", "nodes") and nodes < max_nodes:
        search.max_nodes = max_nodes - nodes
        search.budget = ""
        result, line, used = search.run(root)
        nodes += used
    if result == "unknown" and not search.budget:
        search.budget = "nodes"  # the probe left subtrees and took every node
    actions = tuple(_replay(game, state, line)) if result == "won" else ()
    seconds = time.perf_counter() - start
    if result == "won":
        return SolveResult("won", actions, nodes, seconds, "", search.memory)
    if result == "lost":
        return SolveResult("lost", (), nodes, seconds, "", search.memory)
    return SolveResult("unknown", (), nodes, seconds, search.budget, search.memory)


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
