"""The rule steps of the Tournament patience and of Kingsdown Eights, on ints.

Cards are indices of the ``double104`` deck (``DECK`` of :mod:`~cardrules.games.tournament.state`);
piles are the pile ids of :mod:`~cardrules.games.tournament.actions` (columns from 0, reserve
cells from ``RESERVE0``, foundations from ``FOUNDATION0``). Every rule lives in one named
function, found here by its id:

=========  ========================================================================================
Rule       Function
=========  ========================================================================================
T1         :func:`canonical_order` (the two packs: both copies of a card are interchangeable)
T2         :func:`reserve_has_ace_or_king`; B1's ``swap_in`` is :func:`swap_in_ace_or_king`
T3         :meth:`TournamentEngine.opening` (reserve, then the columns, the rest is the stock)
T4         :func:`fitting_foundations` (which foundation a card fits: Ace pile up, King pile down)
T5         :func:`top_card` (the available card of a pile), :func:`available_cards`
T6         :meth:`TournamentEngine.legal_moves` (every legal move) and
           :meth:`TournamentEngine.move_is_legal` (one move), from the clauses (a)
           :func:`fitting_foundations`, (b) :func:`free_cells`, (c)
           :meth:`TournamentEngine.may_cross` (B6: :meth:`TournamentEngine.may_leave`) and (d)
           nothing else: the two offer no other move but the options' own, B8 ``any`` and
           Cicely's building (TV2, :func:`builds_on`)
T7         :func:`refill_empty_columns`
T8         :meth:`TournamentEngine.may_deal` (with B3) and :meth:`TournamentEngine.deal_stock`
T9         :meth:`TournamentEngine.may_redeal` (with B4) and :meth:`TournamentEngine.redeal`
T10        :meth:`TournamentEngine.deal_packet` (a short packet goes to T1, T2, … in fours)
T11        win: :func:`all_on_foundations`; loss: :meth:`TournamentEngine.can_progress` (False
           means lost), which reads the T6 (c) closure :func:`reachable_ace_sizes`; both are
           applied after every step by :meth:`TournamentEngine.settle`
=========  ========================================================================================

Kingsdown Eights (:class:`KingsdownEngine`) shares the functions where its rules coincide: the win
test of KE7 is :func:`all_on_foundations`, KE3's building is :func:`builds_on` (down in
alternating colours), and a deal, KE5, uses the core ``deal_to_columns`` as T8 does.

=========  ========================================================================================
KE1        :func:`kingsdown_opening`
KE2        :func:`kingsdown_fits`
KE3        :func:`kingsdown_builds` (on :func:`builds_on`)
KE4        :meth:`KingsdownEngine.legal_moves` (reserve piles are sources only)
KE5        :meth:`KingsdownEngine.may_deal` (with B3) and :meth:`KingsdownEngine.deal_stock`
KE6        :meth:`KingsdownEngine.legal_moves` (no move leaves a foundation)
KE7        win: :func:`all_on_foundations`; loss: :meth:`KingsdownEngine.settle`
=========  ========================================================================================

The options of a rules config (B1–B8, TV1–TV3) are read once, by the engine object of the game, and
the steps above consult them:

=========  ========================================================================================
B1         :func:`reserve_has_ace_or_king` (the default reshuffles) and :func:`swap_in_ace_or_king`
B2         :meth:`TournamentEngine.deal_packet` (column batches or row by row, for T3, T8 and T9)
B3         :meth:`TournamentEngine.may_deal`
B4         :meth:`TournamentEngine.may_redeal` and :meth:`TournamentEngine.redeal` (the stock left
           goes under the packet)
B5         :func:`refill_empty_columns` (nothing to refill from: the column stays empty)
B6         :meth:`TournamentEngine.may_leave`
B7         nothing fills a cell by itself: only :meth:`TournamentEngine.legal_moves` offers it
B8         :meth:`TournamentEngine.legal_moves` and :meth:`TournamentEngine.move_is_legal` (the
           sources of a reserve cell)
TV1        :meth:`TournamentEngine.reveal` (what the player has seen of squared columns)
TV2        :func:`builds_on` (Cicely's building) and the options of its preset
TV3        :class:`KingsdownEngine` (rules KE1–KE7 above)
=========  ========================================================================================

Which rule a refused action breaks, in words, is :meth:`TournamentEngine.why_illegal` (a move) and
:meth:`TournamentEngine.why_no_redeal`.

A step takes a state and returns the next one. :meth:`KingsdownEngine.playout` (Kingsdown's
rollout) and :meth:`TournamentEngine.playout` are the steps in a loop. Nothing here is written
twice: the patience's rollout on a mutable board and the solver's model of the moves live in
:mod:`cardrules.games.tournament.fast`, the one module allowed tagged copies of these rules, each
checked against the functions it copies.

>>> engine = TournamentEngine(TournamentRules())
>>> ace = DECK.index("AS")
>>> fitting_foundations(ace, ((),) * 8) == [FOUNDATION0 + 6]  # T4: the ♠ Ace foundation
True
>>> engine.may_redeal(TournamentState("play", columns=((ace,),) + ((),) * 5))
True
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

from cardrules import Outcome, deal_to_columns
from cardrules.game import GameConfig
from cardrules.games.tournament.actions import (
    FOUNDATION0,
    NUM_PILES,
    RESERVE0,
    DealStock,
    Move,
    Redeal,
    Resign,
    pile_words,
)
from cardrules.games.tournament.rulebook import TournamentRule
from cardrules.games.tournament.rules import TournamentRules
from cardrules.games.tournament.state import (
    DECK,
    PRANK,
    SUIT,
    KingsdownState,
    TournamentState,
)

if TYPE_CHECKING:  # import compatibility: the game classes lived here before game.py
    from cardrules.games.tournament.fast import Board as Board
    from cardrules.games.tournament.game import TournamentGame as TournamentGame
    from cardrules.games.tournament.game import make_game as make_game

__all__ = [
    "KD_FOUNDATION0",
    "KingsdownEngine",
    "Layout",
    "TournamentEngine",
    "all_on_foundations",
    "available_cards",
    "builds_on",
    "canonical_order",
    "fitting_foundations",
    "free_cells",
    "kingsdown_builds",
    "kingsdown_fits",
    "kingsdown_opening",
    "outcome_of",
    "reachable_ace_sizes",
    "refill_empty_columns",
    "reserve_has_ace_or_king",
    "swap_in_ace_or_king",
    "top_card",
]

_RED: Final = (False, True, True, False)  # ♣ ♦ ♥ ♠
_DECK_SIZE: Final = len(DECK)  # T1: two packs, 104 cards
_FOUNDATIONS: Final = range(FOUNDATION0, FOUNDATION0 + 8)
KD_FOUNDATION0: Final = 16
"""Kingsdown Eights: the id of the first foundation (tableau piles 0–7, reserve piles 8–15)."""


def __getattr__(name: str) -> Any:
    """``TournamentGame`` and ``make_game`` moved to :mod:`~cardrules.games.tournament.game`;
    importing them from here still works. ``Board`` moved to
    :mod:`~cardrules.games.tournament.fast` (deprecated here: it warns)."""
    if name in ("TournamentGame", "make_game"):
        from cardrules.games.tournament import game

        return getattr(game, name)
    if name == "Board":
        return _fast("Board")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Layout(Protocol):
    """What the Tournament rule functions read: a :class:`TournamentState`, or any object with
    these fields."""

    @property
    def reserve(self) -> Sequence[int]: ...
    @property
    def columns(self) -> Sequence[Sequence[int]]: ...
    @property
    def stock(self) -> Sequence[int]: ...
    @property
    def foundations(self) -> Sequence[Sequence[int]]: ...
    @property
    def redeals_used(self) -> int: ...


# -- the rules that need no option -------------------------------------------------------------


def canonical_order(order: Sequence[int]) -> tuple[int, ...]:
    """T1: a shuffle of the two packs, with the earlier copy of each card given the lower index.

    The two copies of a card are interchangeable, so this changes no game; it makes a record's
    text replay to the very same state (as ``DeckSpec.shuffle`` numbers its copies).

    >>> canonical_order([52, 0, 1]) == (0, 52, 1)
    True
    """
    seen = [0] * 52
    canonical = []
    for c in order:
        canonical.append(c % 52 + 52 * seen[c % 52])
        seen[c % 52] += 1
    return tuple(canonical)


def reserve_has_ace_or_king(reserve: Sequence[int]) -> bool:
    """T2: whether the reserve holds an Ace or a King (a deal without one is not kept).

    >>> reserve_has_ace_or_king([DECK.index("2C"), DECK.index("KH")])
    True
    """
    return any(PRANK[c] in (1, 13) for c in reserve)


def swap_in_ace_or_king(order: Sequence[int]) -> tuple[int, ...]:
    """B1 ``swap_in`` (PySolFC): the Ace or King nearest the bottom of the deck moves to R1, the
    top of the deal, when the first eight cards (the reserve) hold neither.

    >>> order = [DECK.index(c) for c in "2C 3C 4C 5C 6C 7C 8C 9C KH 10C".split()]
    >>> [DECK.cards[c].ascii for c in swap_in_ace_or_king(order)][:2]
    ['KH', '2C']
    """
    j = max(i for i in range(8, len(order)) if PRANK[order[i]] in (1, 13))
    return (order[j], *order[:j], *order[j + 1 :])


def fitting_foundations(card: int, piles: Sequence[Sequence[int]]) -> list[int]:
    """T4 and T6 (a): the foundations ``card`` may go onto now (pile ids).

    The Ace foundation of a suit takes the card one above its top (an Ace when empty), the King
    foundation the card one below (a King when empty): a pile's size says which rank it wants.

    >>> fitting_foundations(DECK.index("KS"), ((),) * 8) == [FOUNDATION0 + 7]
    True
    """
    s = SUIT[card]
    r = PRANK[card]
    up = FOUNDATION0 + 2 * s
    out = []
    if len(piles[2 * s]) == r - 1:
        out.append(up)
    if len(piles[2 * s + 1]) == 13 - r:
        out.append(up + 1)
    return out


def top_card(layout: Layout, pile: int) -> int:
    """T5: the available card of a pile (a column's top, a cell's card, a foundation's top), or
    ``-1`` when it holds none."""
    if pile < RESERVE0:
        col = layout.columns[pile]
        return col[-1] if col else -1
    if pile < FOUNDATION0:
        return layout.reserve[pile - RESERVE0]
    f = layout.foundations[pile - FOUNDATION0]
    return f[-1] if f else -1


def available_cards(layout: Layout) -> list[int]:
    """T5: the top card of each column, then every card in the reserve."""
    return [col[-1] for col in layout.columns if col] + [c for c in layout.reserve if c >= 0]


def free_cells(reserve: Sequence[int]) -> list[int]:
    """T6 (b): the empty reserve cells (pile ids), where a column's top card may go.

    >>> free_cells([5, -1, 7, -1, 1, 2, 3, 4]) == [RESERVE0 + 1, RESERVE0 + 3]
    True
    """
    return [RESERVE0 + i for i, c in enumerate(reserve) if c < 0]


def reachable_ace_sizes(a: int, k: int, base_movable: bool) -> tuple[int, ...]:
    """T6 (c): the sizes the Ace foundation of a suit can reach from sizes ``(a, k)`` of its Ace
    and King foundations by foundation-to-foundation moves alone (B6: ``base_movable=False``
    keeps each base card on its pile).

    Cards cross only where the two tops are adjacent (``a + k == 13``); then any split is
    reachable, one card at a time.

    >>> reachable_ace_sizes(5, 3, True), reachable_ace_sizes(13, 0, False)[:3]
    ((5,), (1, 2, 3))
    """
    key = (a, k, base_movable)
    got = _REACH.get(key)
    if got is None:
        if a + k != 13:
            got = (a,)  # the two tops are not adjacent: nothing moves across
        elif base_movable:
            got = tuple(range(14))
        else:  # B6 variant: neither base card can leave its pile
            got = tuple(sorted({a, *range(1, 13)}))
        _REACH[key] = got
    return got


_REACH: Final[dict[tuple[int, int, bool], tuple[int, ...]]] = {}


def builds_on(kind: str | None, card: int, onto: int) -> bool:
    """Building on the tableau (TV2, Cicely's ``cicely_build``; KE3 builds down in alternating
    colours): may ``card`` go onto ``onto``? ``None``: no building (T6 (d)).

    >>> queen, king, king_of_hearts = DECK.index("QH"), DECK.index("KS"), DECK.index("KH")
    >>> builds_on("down_any_suit", queen, king), builds_on("down_in_suit", queen, king)
    (True, False)
    >>> builds_on("down_in_suit", queen, king_of_hearts), builds_on(None, queen, king_of_hearts)
    (True, False)
    >>> builds_on("down_alternate_colours", queen, king)
    True
    """
    r, t = PRANK[card], PRANK[onto]
    if kind == "down_in_suit":
        return SUIT[card] == SUIT[onto] and r == t - 1
    if kind == "down_alternate_colours":
        return _RED[SUIT[card]] != _RED[SUIT[onto]] and r == t - 1
    if kind == "down_any_suit":
        return r == t - 1
    if kind == "up_or_down_in_suit":
        return SUIT[card] == SUIT[onto] and abs(r - t) == 1
    return False


def refill_empty_columns(
    columns: tuple[tuple[int, ...], ...], stock: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """T7: each empty column takes four stock cards at once (all that are left when fewer
    remain), from column T1 on; with the stock empty it stays empty.

    >>> refill_empty_columns(((1,), (), ()), (7, 8, 9, 10, 11))
    (((1,), (7, 8, 9, 10), (11,)), ())
    """
    if stock and not all(columns):
        cols = list(columns)
        for i, col in enumerate(cols):
            if not col and stock:
                cols[i], stock = stock[:4], stock[4:]
        columns = tuple(cols)
    return columns, stock


def all_on_foundations(piles: Sequence[Sequence[int]]) -> bool:
    """T11 and KE7: the game is won when all 104 cards lie on the foundations."""
    return sum(map(len, piles)) == _DECK_SIZE


# -- the Tournament rules under a rules config ----------------------------------------------------


class TournamentEngine:
    """The rule steps of one Tournament rules config (options read once; see the module's table).

    It also interns the :class:`Move` objects and the other actions, so that every legal-action
    list holds the same objects (no action is built per step).
    """

    __slots__ = (
        "_moves",
        "any_source",
        "base_movable",
        "build",
        "deal_stock_action",
        "max_redeals",
        "num_columns",
        "order",
        "redeal_action",
        "redeal_when_stuck",
        "reserve_fix",
        "resign_action",
        "strict_deal",
        "visible_columns",
    )

    def __init__(self, rules: TournamentRules) -> None:
        self.num_columns: int = rules.num_columns
        self.order: Any = "batch" if rules.deal_order == "column_batches" else "row"  # B2
        self.reserve_fix = rules.reserve_fix  # B1
        self.strict_deal = rules.strict_deal_when_stuck  # B3
        self.redeal_when_stuck = rules.redeal_when_stuck  # B4
        self.base_movable = rules.foundation_base_movable  # B6
        self.any_source = rules.reserve_sources == "any"  # B8
        self.max_redeals = rules.max_redeals  # T9
        self.visible_columns = rules.visible_columns  # TV1
        self.build = rules.cicely_build  # TV2
        # every move interned at once: the engine is never written to after this (thread-safe)
        self._moves: Final = {
            (s, d): Move(s, d) for s in range(NUM_PILES) for d in range(NUM_PILES)
        }
        self.deal_stock_action, self.redeal_action, self.resign_action = (
            DealStock(),
            Redeal(),
            Resign(),
        )

    def move(self, src: int, dst: int) -> Move:
        """The interned :class:`Move` from ``src`` to ``dst`` (pile ids 0–23)."""
        return self._moves[(src, dst)]

    # -- the deal (T1-T3, B1) ---------------------------------------------------------------------
    def opening(
        self, order: tuple[int, ...]
    ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]] | None:
        """T2, T3: the reserve (the first eight cards), the columns of four and the stock from a
        canonical shuffle (:func:`canonical_order`); ``None`` when B1 ``reshuffle`` rejects the
        shuffle (T2: no Ace or King in the reserve)."""
        if not reserve_has_ace_or_king(order[:8]):
            if self.reserve_fix == "reshuffle":
                return None
            order = swap_in_ace_or_king(order)
        columns, stock = deal_to_columns(order[8:], self.num_columns, 4, order=self.order)
        return order[:8], columns, stock

    def reveal(self, known: int, columns: Sequence[Sequence[int]]) -> int:
        """TV1: add the cards the player now sees in the columns (all of them, or only the tops
        when the columns are squared)."""
        if self.visible_columns:
            for col in columns:
                for c in col:
                    known |= 1 << c
        else:
            for col in columns:
                if col:
                    known |= 1 << col[-1]
        return known

    # -- legal moves (T5, T6, B6, B8, TV2) ----------------------------------------------------
    def may_leave(self, pile: Sequence[int]) -> bool:
        """B6: may the top card of a foundation leave it? Not from an empty pile, and under
        ``foundation_base_movable=False`` not the base card (its Ace or King)."""
        return len(pile) > 1 or (self.base_movable and bool(pile))

    def may_cross(self, piles: Sequence[Sequence[int]], f: int) -> bool:
        """T6 (c): may the top card of foundation ``f`` move onto the other foundation of its
        suit? It may leave its pile (B6) and it fits there (T4)."""
        pile = piles[f - FOUNDATION0]
        return self.may_leave(pile) and f ^ 1 in fitting_foundations(pile[-1], piles)

    def legal_moves(self, layout: Layout) -> list[Move]:
        """T6: every legal move, in a fixed order: reserve cards (to foundations, then under B8
        ``any`` to cells), column tops (to foundations, then to cells), foundation tops (across,
        then under B8 to cells), then Cicely's building moves."""
        mv = self.move
        piles = layout.foundations
        out: list[Move] = []
        cells_free = free_cells(layout.reserve)
        any_source = self.any_source
        for i, c in enumerate(layout.reserve):
            if c >= 0:
                out.extend(mv(RESERVE0 + i, f) for f in fitting_foundations(c, piles))  # T6 (a)
                if any_source:  # B8
                    out.extend(mv(RESERVE0 + i, d) for d in cells_free)
        for i, col in enumerate(layout.columns):
            if col:
                out.extend(mv(i, f) for f in fitting_foundations(col[-1], piles))  # T6 (a)
                out.extend(mv(i, d) for d in cells_free)  # T6 (b)
        for f in _FOUNDATIONS:
            pile = piles[f - FOUNDATION0]
            if not pile:
                continue
            if self.may_cross(piles, f):  # T6 (c)
                out.append(mv(f, f ^ 1))
            if any_source and self.may_leave(pile):  # B8 (and B6)
                out.extend(mv(f, d) for d in cells_free)
        if self.build:  # TV2
            cols = layout.columns
            for i, a in enumerate(cols):
                for j, b in enumerate(cols):
                    if i != j and a and b and builds_on(self.build, a[-1], b[-1]):
                        out.append(mv(i, j))
        return out

    def move_is_legal(self, layout: Layout, src: int, dst: int) -> bool:
        """T6 for one move (pile ids 0–23): whether ``Move(src, dst)`` is among
        :meth:`legal_moves`, without building that list."""
        piles = layout.foundations
        reserve = layout.reserve
        if src < RESERVE0:
            if src >= self.num_columns:
                return False
            col = layout.columns[src]
            if not col:
                return False  # T5
            card = col[-1]
            if dst >= FOUNDATION0:
                return dst in fitting_foundations(card, piles)  # T6 (a)
            if dst >= RESERVE0:
                return dst in free_cells(reserve)  # T6 (b)
            if not self.build or dst >= self.num_columns or dst == src:
                return False  # T6 (d)
            onto = layout.columns[dst]
            return bool(onto) and builds_on(self.build, card, onto[-1])  # TV2
        if src < FOUNDATION0:
            card = reserve[src - RESERVE0]
            if card < 0:
                return False  # T5
            if dst >= FOUNDATION0:
                return dst in fitting_foundations(card, piles)  # T6 (a)
            return self.any_source and dst in free_cells(reserve)  # B8 "any"; else T6 (d)
        if dst >= FOUNDATION0:
            return dst == src ^ 1 and self.may_cross(piles, src)  # T6 (c)
        return (
            self.any_source
            and self.may_leave(piles[src - FOUNDATION0])
            and dst in free_cells(reserve)
        )  # B8 "any" (and B6); else T6 (d)

    # -- deal and redeal (T8-T10, B3, B4) --------------------------------------------------------
    def may_deal(self, layout: Layout) -> bool:
        """T8: the stock may be dealt while it holds cards; under B3 (``strict_deal_when_stuck``)
        only when no column or reserve card can go to a foundation."""
        if not layout.stock:
            return False
        if not self.strict_deal:
            return True
        piles = layout.foundations
        return not any(fitting_foundations(c, piles) for c in available_cards(layout))

    def deal_stock(
        self, columns: tuple[tuple[int, ...], ...], stock: tuple[int, ...]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """T8: four stock cards onto each column, covering it (B2's order); a short stock stops
        part-way. Returns the columns and the rest of the stock."""
        new, rest = deal_to_columns(stock, self.num_columns, 4, order=self.order)
        return tuple((*col, *add) for col, add in zip(columns, new, strict=True)), rest

    def may_redeal(self, layout: Layout) -> bool:
        """T9: a redeal is left, the stock is empty (B4 ``redeal_when_stuck``: or not), and some
        column holds a card."""
        return (
            layout.redeals_used < self.max_redeals
            and (not layout.stock or self.redeal_when_stuck)
            and any(layout.columns)
        )

    def redeal(
        self, columns: Sequence[Sequence[int]], stock: Sequence[int]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """T9: each column is put onto its left neighbour, T1 at the bottom, and the packet,
        unshuffled, is dealt again (T10); under B4 the stock left goes under the packet."""
        packet = tuple(c for col in columns for c in col)
        if self.redeal_when_stuck:
            packet += tuple(stock)
        return self.deal_packet(packet)

    def deal_packet(
        self, packet: Sequence[int]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """T10 (and T3): new columns of four from the packet, T1 first (B2's order), a short
        packet running out part-way; returns the columns and the rest (the new stock)."""
        return deal_to_columns(packet, self.num_columns, 4, order=self.order)

    # -- why an action is refused (the messages of IllegalActionError) ------------------------
    def why_no_redeal(self, state: Layout) -> tuple[TournamentRule, str]:
        """T9, B4: the rule a refused redeal breaks, and why, in words."""
        if state.redeals_used >= self.max_redeals:
            return TournamentRule.T9, f"no redeal left ({self.max_redeals} allowed)"
        if state.stock and not self.redeal_when_stuck:
            return TournamentRule.B4, "a redeal needs an empty stock"
        return TournamentRule.T9, "every column is empty (nothing to gather)"

    def why_illegal(self, state: Layout, src: int, dst: int) -> tuple[TournamentRule, str]:
        """T3–T7, B5–B8, TV2: the rule ``Move(src, dst)`` breaks (int pile ids 0–23; asked only of
        a move that is not legal), and why, in words.

        Piles are named with their kind (``column T6``, ``reserve R5``), never bare, so that no
        pile is read as the rule of the same name.
        """
        ncols = self.num_columns
        if not all(0 <= p < ncols or RESERVE0 <= p < FOUNDATION0 + 8 for p in (src, dst)):
            return (
                TournamentRule.T3,
                f"this layout has columns T1-T{ncols}, reserve cells R1-R8 and 8 foundations",
            )
        card = top_card(state, src)
        if card < 0:
            return TournamentRule.T5, f"{pile_words(src)} holds no available card"
        if dst >= FOUNDATION0:
            if src >= FOUNDATION0:
                if dst != src ^ 1:
                    return (
                        TournamentRule.T6,
                        "a foundation card moves only onto the other foundation of its suit",
                    )
                if len(state.foundations[src - FOUNDATION0]) == 1 and not self.base_movable:
                    return TournamentRule.B6, "a foundation's base card may not move"
                return TournamentRule.T6, f"{DECK.cards[card]} does not fit on {pile_words(dst)}"
            return (
                TournamentRule.T6,
                f"{DECK.cards[card]} does not fit on {pile_words(dst)} (rule T4)",
            )
        if dst >= RESERVE0:
            if src >= RESERVE0 and not self.any_source:
                return TournamentRule.B8, "reserve cells are filled from the tableau only"
            if state.reserve[dst - RESERVE0] >= 0:
                return TournamentRule.T6, f"{pile_words(dst)} is not empty"
            if src == dst:
                return TournamentRule.T6, "a card cannot move onto its own cell"
            return TournamentRule.B6, "a foundation's base card may not move"
        if not state.columns[dst]:
            return (
                TournamentRule.T7,
                f"{pile_words(dst)} is empty and the stock is empty: it stays empty (rule B5)",
            )
        if not self.build or src >= RESERVE0:
            return (
                TournamentRule.T6,
                "no building on the tableau; reserve cards go only to foundations",
            )
        return TournamentRule.TV2, f"{DECK.cards[card]} does not build on {pile_words(dst)}"

    # -- the end (T11) ----------------------------------------------------------------------------
    def can_progress(self, layout: Layout) -> bool:
        """T11: may the game still progress? It may while the stock holds cards or a redeal is
        allowed, while an empty cell can take a column card, or while some available card can go
        to a foundation in a layout that foundation-to-foundation moves (T6 (c)) alone reach.
        (Cicely: while a building move is possible.) ``False`` means the game is lost."""
        if layout.stock or self.may_redeal(layout):
            return True
        columns = layout.columns
        if -1 in layout.reserve and any(columns):
            return True
        piles = layout.foundations
        movable = self.base_movable
        for c in available_cards(layout):
            s, r = SUIT[c], PRANK[c]
            a, k = len(piles[2 * s]), len(piles[2 * s + 1])
            n = a + k
            for a2 in reachable_ace_sizes(a, k, movable):
                if a2 == r - 1 or n - a2 == 13 - r:
                    return True
        if self.build:  # Cicely: a building move may uncover a card (documented extension)
            tops = [col[-1] for col in columns if col]
            for x in tops:
                for y in tops:
                    if x != y and builds_on(self.build, x, y):
                        return True
        return False

    # -- the steps ---------------------------------------------------------------------------------
    def settle(self, state: TournamentState) -> TournamentState:
        """After every step: T7 refill, the newly seen cards (TV1), then T11 won or lost."""
        return self.settle_layout(
            state.reserve, state.columns, state.stock, state.foundations, state.redeals_used,
            state.reserve_deals, state.known, state.config,
        )  # fmt: skip

    def settle_layout(
        self,
        reserve: tuple[int, ...],
        columns: tuple[tuple[int, ...], ...],
        stock: tuple[int, ...],
        piles: tuple[tuple[int, ...], ...],
        redeals_used: int,
        reserve_deals: int,
        known: int,
        config: GameConfig | None,
    ) -> TournamentState:
        """:meth:`settle` on a layout's fields (a step builds one state, not two), of the game
        whose ``config`` is given (the state's it steps from)."""
        columns, stock = refill_empty_columns(columns, stock)
        known = self.reveal(known, columns)
        if all_on_foundations(piles):
            return TournamentState(
                "over", reserve, columns, stock, piles, redeals_used, reserve_deals, known, "won",
                config,
            )  # fmt: skip
        state = TournamentState(
            "play", reserve, columns, stock, piles, redeals_used, reserve_deals, known, "", config
        )
        if not self.can_progress(state):
            return TournamentState(
                "over", reserve, columns, stock, piles, redeals_used, reserve_deals, known, "lost",
                config,
            )  # fmt: skip
        return state

    def deal(self, state: TournamentState, order: Sequence[int]) -> TournamentState:
        """The chance step (T1–T3, B1): a rejected shuffle leaves a chance state that counts it."""
        opened = self.opening(canonical_order(order))
        if opened is None:
            # T2/B1: gather and shuffle again; the next step is another chance Deal.
            return TournamentState(
                "deal", reserve_deals=state.reserve_deals + 1, config=state.config
            )
        reserve, columns, stock = opened
        return TournamentState(
            "play", reserve, columns, stock, ((),) * 8, 0, state.reserve_deals + 1,
            self.reveal(0, columns), config=state.config,
        )  # fmt: skip

    def play_move(self, state: TournamentState, src: int, dst: int) -> TournamentState:
        """T6: the card on ``src`` goes onto ``dst`` (a legal move), then :meth:`settle`."""
        reserve, columns, piles = state.reserve, state.columns, state.foundations
        if src < RESERVE0:
            col = columns[src]
            card = col[-1]
            columns = (*columns[:src], col[:-1], *columns[src + 1 :])
        elif src < FOUNDATION0:
            k = src - RESERVE0
            card = reserve[k]
            reserve = (*reserve[:k], -1, *reserve[k + 1 :])
        else:
            k = src - FOUNDATION0
            card = piles[k][-1]
            piles = (*piles[:k], piles[k][:-1], *piles[k + 1 :])
        if dst < RESERVE0:
            columns = (*columns[:dst], (*columns[dst], card), *columns[dst + 1 :])
        elif dst < FOUNDATION0:
            k = dst - RESERVE0
            reserve = (*reserve[:k], card, *reserve[k + 1 :])
        else:
            k = dst - FOUNDATION0
            piles = (*piles[:k], (*piles[k], card), *piles[k + 1 :])
        return self.settle_layout(
            reserve, columns, state.stock, piles, state.redeals_used, state.reserve_deals,
            state.known, state.config,
        )  # fmt: skip

    def play_deal(self, state: TournamentState) -> TournamentState:
        """T8 (a legal deal), then :meth:`settle`."""
        columns, stock = self.deal_stock(state.columns, state.stock)
        return self._dealt(state, columns, stock, state.redeals_used)

    def play_redeal(self, state: TournamentState) -> TournamentState:
        """T9/T10 (a legal redeal), then :meth:`settle`."""
        columns, stock = self.redeal(state.columns, state.stock)
        return self._dealt(state, columns, stock, state.redeals_used + 1)

    def _dealt(
        self,
        state: TournamentState,
        columns: tuple[tuple[int, ...], ...],
        stock: tuple[int, ...],
        redeals_used: int,
    ) -> TournamentState:
        return self.settle_layout(
            state.reserve, columns, stock, state.foundations, redeals_used, state.reserve_deals,
            state.known, state.config,
        )  # fmt: skip

    @staticmethod
    def resign(state: TournamentState) -> TournamentState:
        """T11: the player gives up, which loses."""
        return TournamentState(
            "over", state.reserve, state.columns, state.stock, state.foundations,
            state.redeals_used, state.reserve_deals, state.known, "resigned", state.config,
        )  # fmt: skip

    def legal_actions(self, state: Layout) -> list[Any]:
        """The legal actions of a state in play: :meth:`legal_moves`, then ``deal`` (T8),
        ``redeal`` (T9) and ``resign`` (T11) where allowed."""
        out: list[Any] = self.legal_moves(state)
        if self.may_deal(state):
            out.append(self.deal_stock_action)
        if self.may_redeal(state):
            out.append(self.redeal_action)
        out.append(self.resign_action)
        return out

    def step(self, state: TournamentState, action: Any) -> TournamentState:
        """The next state after a legal action of a state in play (unchecked)."""
        cls = type(action)
        if cls is Move:
            return self.play_move(state, action.src, action.dst)
        if cls is DealStock:
            return self.play_deal(state)
        if cls is Redeal:
            return self.play_redeal(state)
        return self.resign(state)

    def playout(self, state: TournamentState, rng: random.Random) -> TournamentState:
        """Uniformly random legal play from a state in play to the end: :meth:`legal_actions`
        and :meth:`step` in a loop. This is the reference the game's rollout
        (:func:`cardrules.games.tournament.fast.fast_playout`) is tested against."""
        while state.phase == "play":
            legal = self.legal_actions(state)
            state = self.step(state, legal[rng.randrange(len(legal))])
        return state

    # -- the rollout on a mutable board: moved to the fast module ----------------------------------
    def board_step(self, b: Any, action: Any) -> None:
        """Deprecated: :func:`cardrules.games.tournament.fast.board_step` (``board_step(engine,
        board, action)``)."""
        return _fast("board_step")(self, b, action)  # type: ignore[no-any-return]

    def board_result(self, b: Any) -> str:
        """Deprecated: :func:`cardrules.games.tournament.fast.board_result` (``board_result(engine,
        board)``)."""
        return _fast("board_result")(self, b)  # type: ignore[no-any-return]

    def fast_playout(self, state: TournamentState, rng: random.Random) -> tuple[int, bool]:
        """Deprecated: :func:`cardrules.games.tournament.fast.fast_playout` (``fast_playout(engine,
        state, rng)``)."""
        return _fast("fast_playout")(self, state, rng)  # type: ignore[no-any-return]


def _fast(name: str) -> Any:
    """``name`` of :mod:`~cardrules.games.tournament.fast`, with the warning that it moved there."""
    warnings.warn(
        f"the engine's {name} moved to cardrules.games.tournament.fast: use fast.{name}",
        DeprecationWarning,
        stacklevel=3,
    )
    from cardrules.games.tournament import fast

    return getattr(fast, name)


def outcome_of(points: int, won: bool) -> Outcome:
    """The end of a game (T11, KE7): ``points`` are the cards on the foundations (0–104), the
    same for the player's team; winners ``(0,)`` and return +1 on a win, else -1."""
    return Outcome((points,), (points,), (0,) if won else (), (1.0 if won else -1.0,))


# -- Kingsdown Eights (KE1-KE7) ------------------------------------------------------------------


def kingsdown_opening(
    order: Sequence[int],
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """KE1: one card on each of the eight tableau piles, then four on each of the eight reserve
    piles (in batches of four); the other 64 cards are the stock."""
    rows = tuple((c,) for c in order[:8])
    reserves, stock = deal_to_columns(order[8:], 8, 4)
    return rows, reserves, stock


def kingsdown_fits(card: int, piles: Sequence[Sequence[int]]) -> list[int]:
    """KE2: the foundations (ids from 16) ``card`` may go onto: the two of its suit, built up from
    the Ace.

    >>> kingsdown_fits(DECK.index("AS"), ((),) * 8)
    [22, 23]
    """
    s = SUIT[card]
    r = PRANK[card] - 1
    return [KD_FOUNDATION0 + 2 * s + d for d in (0, 1) if len(piles[2 * s + d]) == r]


def kingsdown_builds(card: int, row: Sequence[int]) -> bool:
    """KE3: a tableau pile takes a card one rank lower in the other colour (:func:`builds_on`,
    ``"down_alternate_colours"``, read from a table generated from it at import); any card
    fills an empty pile.

    >>> kingsdown_builds(DECK.index("QH"), (DECK.index("KS"),)), kingsdown_builds(0, ())
    (True, True)
    """
    return not row or _ALTERNATE_BUILDS[card * _DECK_SIZE + row[-1]]


_ALTERNATE_BUILDS: Final[tuple[bool, ...]] = tuple(
    builds_on("down_alternate_colours", card, onto)
    for card in range(_DECK_SIZE)
    for onto in range(_DECK_SIZE)
)
"""KE3's table: ``[card * 104 + onto]`` is ``builds_on("down_alternate_colours", card, onto)``
(Kingsdown asks it 128 times a position; the test of the table compares every pair)."""


class KingsdownEngine:
    """The rule steps of Kingsdown Eights (see the module's table); the only option is B3."""

    __slots__ = ("deal_stock_action", "moves", "resign_action", "strict_deal")

    def __init__(self, rules: TournamentRules) -> None:
        self.strict_deal = rules.strict_deal_when_stuck  # B3
        self.moves: Final = {(s, d): Move(s, d) for s in range(24) for d in range(24)}
        """The interned moves by ``(src, dst)`` (pile ids 0–23)."""
        self.deal_stock_action, self.resign_action = DealStock(), Resign()

    def legal_moves(self, state: KingsdownState) -> list[Move]:
        """KE2–KE4, KE6: the top card of a tableau or reserve pile onto a foundation where it fits
        (KE2) or onto a tableau pile where it builds (KE3); reserve piles are never a destination
        (KE4) and foundations never a source (KE6). A tableau pile's lone card is not offered an
        empty pile (the piles are interchangeable: that move changes nothing)."""
        moves = self.moves
        out: list[Move] = []
        piles = state.foundations
        rows = state.rows
        for src, pile in (*enumerate(rows), *enumerate(state.reserves, 8)):
            if not pile:
                continue
            card = pile[-1]
            out.extend(moves[(src, f)] for f in kingsdown_fits(card, piles))
            for d, row in enumerate(rows):
                if (
                    d != src
                    and kingsdown_builds(card, row)
                    and not (src < 8 and len(pile) == 1 and not row)
                ):
                    out.append(moves[(src, d)])
        return out

    def may_deal(self, state: KingsdownState) -> bool:
        """KE5: the stock may be dealt while it holds cards; under B3 only when no tableau or
        reserve card can go to a foundation."""
        if not state.stock:
            return False
        if self.strict_deal:
            tops = [p[-1] for p in (*state.rows, *state.reserves) if p]
            return not any(kingsdown_fits(c, state.foundations) for c in tops)
        return True

    @staticmethod
    def deal_stock(
        reserves: tuple[tuple[int, ...], ...], stock: tuple[int, ...]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """KE5: four stock cards onto each reserve pile, R1 first; a short stock stops part-way."""
        new, rest = deal_to_columns(stock, 8, 4)
        return tuple((*p, *add) for p, add in zip(reserves, new, strict=True)), rest

    def settle(self, state: KingsdownState) -> KingsdownState:
        """KE7: won with all cards on the foundations; lost with the stock empty and no move."""
        if all_on_foundations(state.foundations):
            return KingsdownState(
                "over", state.rows, state.reserves, state.stock, state.foundations, "won",
                state.config,
            )  # fmt: skip
        if not state.stock and not self.legal_moves(state):
            return KingsdownState(
                "over", state.rows, state.reserves, state.stock, state.foundations, "lost",
                state.config,
            )  # fmt: skip
        return state

    def deal(self, state: KingsdownState, order: Sequence[int]) -> KingsdownState:
        """The chance step (KE1) at ``state`` (the deal), then :meth:`settle`."""
        rows, reserves, stock = kingsdown_opening(order)
        return self.settle(KingsdownState("play", rows, reserves, stock, config=state.config))

    def play_move(self, state: KingsdownState, src: int, dst: int) -> KingsdownState:
        """KE2/KE3: the top card of ``src`` onto ``dst`` (a legal move), then :meth:`settle`."""
        rows, reserves, piles = list(state.rows), list(state.reserves), list(state.foundations)
        if src < 8:
            card = rows[src][-1]
            rows[src] = rows[src][:-1]
        else:
            card = reserves[src - 8][-1]
            reserves[src - 8] = reserves[src - 8][:-1]
        if dst < 8:
            rows[dst] = (*rows[dst], card)
        else:
            piles[dst - KD_FOUNDATION0] = (*piles[dst - KD_FOUNDATION0], card)
        return self.settle(
            KingsdownState(
                "play", tuple(rows), tuple(reserves), state.stock, tuple(piles), "", state.config
            )
        )

    def play_deal(self, state: KingsdownState) -> KingsdownState:
        """KE5 (a legal deal), then :meth:`settle`."""
        reserves, stock = self.deal_stock(state.reserves, state.stock)
        return self.settle(
            KingsdownState("play", state.rows, reserves, stock, state.foundations, "", state.config)
        )

    @staticmethod
    def resign(state: KingsdownState) -> KingsdownState:
        """KE7: the player gives up, which loses."""
        return KingsdownState(
            "over", state.rows, state.reserves, state.stock, state.foundations, "resigned",
            state.config,
        )  # fmt: skip

    def legal_actions(self, state: KingsdownState) -> list[Any]:
        """:meth:`legal_moves`, then ``deal`` (KE5) where allowed and ``resign`` (KE7)."""
        out: list[Any] = self.legal_moves(state)
        if self.may_deal(state):
            out.append(self.deal_stock_action)
        out.append(self.resign_action)
        return out

    def step(self, state: KingsdownState, action: Any) -> KingsdownState:
        """The next state after a legal action of a state in play (unchecked)."""
        cls = type(action)
        if cls is Move:
            return self.play_move(state, action.src, action.dst)
        if cls is DealStock:
            return self.play_deal(state)
        return self.resign(state)

    def playout(self, state: KingsdownState, rng: random.Random) -> KingsdownState:
        """Uniformly random legal play to the end: :meth:`legal_actions` and :meth:`step` in a
        loop."""
        while state.phase == "play":
            legal = self.legal_actions(state)
            state = self.step(state, legal[rng.randrange(len(legal))])
        return state
