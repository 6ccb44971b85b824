"""Tournament positions: the one-line text of a state (the patience's FEN) and the checks of a layout.

This is cold code: nothing here runs while a game is played.

The text (:func:`position_text`) is one line of space-separated tokens::

    deal shuffles=N
    play shuffles=N redeals=N R=… T=… [FC+=…] [FC-=…] … [FS-=…] S=…
    over RESULT shuffles=N redeals=N R=… T=… [FC+=…] … S=…

* the phase first: ``deal`` (the chance step is next), ``play``, or ``over`` followed by the result
  (``won``, ``lost`` or ``resigned``, T11);
* ``shuffles`` the shuffles drawn so far (T2/B1: each rejected reserve costs one), ``redeals``
  the redeals used (T9);
* ``R=`` the reserve cells R1…R8, ``-`` for an empty cell; ``T=`` the tableau columns T1… joined
  by ``/``, each bottom card first, ``-`` for an empty column; ``S=`` the stock, the next card
  dealt first, ``-`` when empty (written last); cards within a pile are joined by ``,`` and
  written in ASCII as in :mod:`cardrules.cards` (``10S``, ``QH``; Unicode and ``T`` for ten are
  read too);
* before ``S=``, one token per non-empty foundation, in pile order, named as in the move notation (ASCII ``FC+`` … ``FS-``,
  Unicode ``F♣↑`` … read too), its cards bottom first as **ranks** only (the pile gives the
  suit): ``FS+=A,2,3`` is A♠ 2♠ 3♠ on the spade Ace foundation, ``FH-=K,Q`` K♥ Q♥ on the heart
  King foundation (T4).

Two marks after a card record what a state knows beyond the layout, so that the text reads back
to the very same value:

* ``'`` — the deck holds each card twice; cards are matched to the two copies in the order the
  text lists them (reserve, tableau, foundations in pile order, stock; the order a deal and
  :meth:`~cardrules.games.tournament.engine.TournamentGame.position` place them in). A card marked
  ``'`` is the deck's second copy listed *before* the first one (only needed to read back
  exactly: the copies play alike).
* ``!`` and ``?`` — the state's ``known`` flag (what the player has seen of the card's place, which
  the view shows). Where a card is normally unseen — a reserve cell, a covered card of squared
  columns (Napoleon's Flank), the stock before the first redeal — ``!`` marks one the player has
  seen (a cell filled from the tableau, a covered card seen on top before). Where a card is
  normally seen — a foundation, the stock after a redeal of fanned columns — ``?`` marks one the
  player has not (an Ace or King that went up straight from the reserve as dealt; stock cards
  that were never dealt, under ``redeal_when_stuck``). The top card of a column, and every card
  of fanned columns, is always seen.

>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> s = game.position(reserve=["KS"], stock="", foundations={"F♠↑": 12, "F♠↓": 13})
>>> text = game.position_text(s)
>>> text.split()[:5], text.split()[-3:]
(['play', 'shuffles=1', 'redeals=0', 'R=KS,-,-,-,-,-,-,-', 'T=-/-/-/-/-/-'], ['FS+=A,2,3,4,5,6,7,8,9,10,J,Q', 'FS-=K,Q,J,10,9,8,7,6,5,4,3,2,A', 'S=-'])
>>> game.parse_position(text) == s
True
>>> game.position_text(game.new_hand())
'deal shuffles=0'
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    NotationError,
    PositionError,
    Suit,
    parse_cards,
)
from cardrules.errors import short_repr
from cardrules.games.tournament.actions import FOUNDATION0, parse_pile, pile_name
from cardrules.games.tournament.rulebook import TournamentRule
from cardrules.games.tournament.state import DECK, PRANK, SUIT, Result, TournamentState
from cardrules.notation import read_number
from cardrules.positions import Segment, read_position, write_segment

if TYPE_CHECKING:
    from cardrules.games.tournament.game import TournamentGame
    from cardrules.games.tournament.kingsdown import KingsdownEightsGame, KingsdownState

__all__ = [
    "build_position",
    "check_kingsdown_layout",
    "check_layout",
    "check_position_args",
    "fill_foundations",
    "kingsdown_position_text",
    "parse_kingsdown_position",
    "parse_position",
    "position_error",
    "position_text",
]

_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_BASE: Final[dict[Card, int]] = {DECK.cards[i]: i for i in range(52)}
"""The first copy's index of each card (the second copy is ``index + 52``)."""
_RANK_TEXT: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RESULTS: Final = ("won", "lost", "resigned")


def position_error(rule: TournamentRule, why: str) -> PositionError:
    """The error of a layout that breaks ``rule``: its message names the rule in the written form
    (``rule T7 (refilling a column): …``), so that the rule is never read as the pile of the same
    name. Unreadable text is a :class:`~cardrules.errors.NotationError` instead."""
    return PositionError(rule, why)


# -- writing -------------------------------------------------------------------------------------
class _Writer:
    """Writes cards in text order, marking a second copy listed before its first (``'``)."""

    def __init__(self) -> None:
        self.seen: set[int] = set()

    def mark(self, c: int) -> str:
        base = c % 52
        self.seen.add(c)
        return "'" if c >= 52 and base not in self.seen else ""


def position_text(game: TournamentGame, state: TournamentState) -> str:
    """The one-line text of ``state`` (see the module docstring)."""
    if state.phase == "deal":
        return write_segment("deal", (), [("shuffles", str(state.reserve_deals))])
    w = _Writer()
    known = state.known
    visible = game.rules.visible_columns
    cards = DECK.cards

    def card(c: int, seen_by_default: bool, rank_only: bool = False) -> str:
        text = _RANK_TEXT[PRANK[c]] if rank_only else cards[c].ascii
        text += w.mark(c)
        seen = bool(known >> c & 1)
        if seen != seen_by_default:
            text += "!" if seen else "?"
        return text

    fields: list[tuple[str, str | None]] = [
        ("shuffles", str(state.reserve_deals)),
        ("redeals", str(state.redeals_used)),
        ("R", ",".join(card(c, False) if c >= 0 else "-" for c in state.reserve)),
    ]
    cols = [
        ",".join(card(c, visible or k == len(col) - 1) for k, c in enumerate(col)) or "-"
        for col in state.columns
    ]
    fields.append(("T", "/".join(cols)))
    for k, pile in enumerate(state.foundations):
        if pile:
            name = pile_name(FOUNDATION0 + k, ascii=True)
            fields.append((name, ",".join(card(c, True, rank_only=True) for c in pile)))
    stock_seen = visible and state.redeals_used > 0
    fields.append(("S", ",".join(card(c, stock_seen) for c in state.stock) or "-"))
    words = [state.result] if state.phase == "over" else []
    return write_segment(state.phase, words, fields)


# -- reading -------------------------------------------------------------------------------------
class _Reader:
    """Matches the cards of a text to the deck's copies (T1) and collects the ``known`` flags."""

    def __init__(self, flags: bool = True) -> None:
        self.used: set[int] = set()
        self.known = 0
        self.flags = flags

    def card(self, token: str, seen_by_default: bool, suit: int | None = None) -> int:
        text = token
        marks = ""
        while text and text[-1] in "'!?":
            marks = text[-1] + marks
            text = text[:-1]
        if len(marks) != len(set(marks)) or ("!" in marks and "?" in marks):
            raise NotationError(f"position: {token!r}: a card takes ' and one of ! or ? at most")
        if not self.flags and ("!" in marks or "?" in marks):
            raise NotationError(
                f"position: {token!r}: every card of this layout is seen (no ! or ?)"
            )
        if suit is not None:
            text += _SUITS[suit].letter
        try:
            parsed = Card.parse(text)
        except NotationError:
            raise NotationError(f"position: not a card: {token!r}") from None
        base = _BASE.get(parsed)
        if base is None:
            raise NotationError(f"position: {token!r} is not a card of the two packs (rule T1)")
        index = base + 52 if "'" in marks or base in self.used else base
        if index in self.used:
            raise position_error(
                TournamentRule.T1, f"{parsed} is listed more often than the two packs hold it"
            )
        self.used.add(index)
        seen = seen_by_default
        if "!" in marks:
            if seen_by_default:
                raise NotationError(
                    f"position: {token!r}: '!' marks a seen card where cards are normally unseen"
                )
            seen = True
        if "?" in marks:
            if not seen_by_default:
                raise NotationError(
                    f"position: {token!r}: '?' marks an unseen card where cards are seen"
                )
            seen = False
        if seen:
            self.known |= 1 << index
        return index


def _int(fields: dict[str, str], key: str) -> int:
    if key not in fields:
        raise NotationError(f"position text: {key}=N is missing")
    return read_number(fields[key], f"position text: {key} (a number)")


class _Keys:
    """The keys of a layout segment: the named fields, and any foundation's pile name (``FC+``,
    ``F♣↑`` …) that ``pile`` reads (``None``: not a foundation)."""

    def __init__(self, names: tuple[str, ...], pile: Callable[[str], int | None]) -> None:
        self.names = names
        self.pile = pile

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and (key in self.names or self.pile(key) is not None)


def _foundation(key: str) -> int | None:
    if key[:1].upper() != "F":
        return None
    try:
        pile = parse_pile(key)
    except NotationError:
        return None
    return pile if FOUNDATION0 <= pile < FOUNDATION0 + 8 else None


_NAMES: Final = ("shuffles", "redeals", "R", "T", "S")
_GRAMMAR: Final = dict.fromkeys(("deal", "play", "over"), _Keys(_NAMES, _foundation))


def _segment(text: str, grammar: Mapping[str, Container[str]]) -> tuple[Segment, Result]:
    """The one segment of a patience position and its result (``over`` is followed by it)."""
    (seg,) = read_position(text, grammar)
    if seg.head == "over":
        if len(seg.words) != 1 or seg.words[0] not in _RESULTS:
            raise NotationError("position text: 'over' is followed by won, lost or resigned")
        return seg, seg.words[0]  # type: ignore[return-value]
    if seg.words:
        raise NotationError(
            f"position text: {seg.head} is followed by key=value fields, not {seg.words[0]!r:.30}"
        )
    return seg, ""


def parse_position(game: TournamentGame, text: str) -> TournamentState:
    """The state of a position text written by :func:`position_text` (see the module docstring).

    Unreadable text raises :class:`~cardrules.errors.NotationError`; a layout that breaks a rule
    raises :class:`~cardrules.errors.PositionError` naming it (``T1`` every card once, ``T4``
    foundations as runs, ``T7`` refills, ``T9`` redeals, ``T11`` the result …), as
    :meth:`~cardrules.games.tournament.engine.TournamentGame.position` does.

    >>> from cardrules.games.tournament import make_game
    >>> make_game().parse_position("deal shuffles=٣")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: position text: shuffles (a number) must be written with the digits 0-9, not '٣'
    """
    seg, result = _segment(text, _GRAMMAR)
    phase = seg.head
    fields: dict[str, str] = {}
    piles: list[tuple[int, str]] = []
    for key, value in seg.fields:
        pile = None if key in _NAMES else _foundation(key)
        if pile is None:
            fields[key] = value
            continue
        if any(p == pile for p, _ in piles):
            raise NotationError(f"position text: foundation {pile_name(pile)} is given twice")
        piles.append((pile, value))
    shuffles = _int(fields, "shuffles")
    if phase == "deal":
        if set(fields) != {"shuffles"} or piles:
            raise NotationError("position text: a deal position has no cards (only shuffles=N)")
        return TournamentState("deal", reserve_deals=shuffles, config=game.config)
    for key in ("R", "T", "S"):
        if key not in fields:
            raise NotationError(f"position text: {key}=… is missing")
    redeals = _int(fields, "redeals")
    r = _Reader()
    cells = fields["R"].split(",")
    if len(cells) != 8:
        raise position_error(TournamentRule.T2, f"the reserve has 8 cells R1-R8, not {len(cells)}")
    reserve = tuple(-1 if t == "-" else r.card(t, False) for t in cells)
    visible = game.rules.visible_columns
    cols = fields["T"].split("/")
    if len(cols) != game.num_columns:
        raise position_error(
            TournamentRule.T3, f"this layout has {game.num_columns} columns, not {len(cols)}"
        )
    columns = []
    for col in cols:
        items = [] if col == "-" else col.split(",")
        columns.append(
            tuple(r.card(t, visible or k == len(items) - 1) for k, t in enumerate(items))
        )
    found: list[tuple[int, ...]] = [()] * 8
    for pile, value in sorted(piles):
        suit = (pile - FOUNDATION0) // 2
        found[pile - FOUNDATION0] = tuple(r.card(t, True, suit) for t in value.split(","))
    seen = visible and redeals > 0
    stock = () if fields["S"] == "-" else tuple(r.card(t, seen) for t in fields["S"].split(","))
    state = TournamentState(
        phase,  # type: ignore[arg-type]
        reserve,
        tuple(columns),
        stock,
        tuple(found),
        redeals,
        shuffles,
        r.known,
        result,
        game.config,
    )
    check_layout(game, state)
    return state


# -- checks --------------------------------------------------------------------------------------
def _names(indices: object) -> str:
    return " ".join(DECK.cards[i].ascii for i in sorted(indices))  # type: ignore[call-overload]


def stock_problem(
    game: TournamentGame, state: TournamentState
) -> tuple[TournamentRule, str] | None:
    """The rule a dealt layout's stock breaks, and why (``None``: none).

    The deal leaves ``104 - 8 - 4 * columns`` cards in the stock (T3: 72 with six columns) and
    the stock never grows: columns are refilled (T7) and dealt (T8) from it, and a redeal (T9)
    deals the gathered tableau, which holds at most what the 8 reserve cards dealt leave.

    >>> from cardrules.games.tournament import make_game
    >>> game = make_game()
    >>> state = game.parse_position(game.position_text(game.position(reserve=["AS", "AH", "AD", "AC"] * 2)))
    >>> stock_problem(game, state) is None, len(state.stock)
    (True, 72)
    """
    dealt = 104 - 8 - 4 * game.num_columns
    if len(state.stock) > dealt:
        return TournamentRule.T3, (
            f"the deal leaves {dealt} cards in the stock, and the stock never grows (T7, T8, T9); "
            f"this one holds {len(state.stock)}"
        )
    return None


def check_layout(game: TournamentGame, state: TournamentState) -> None:
    """Raise :class:`~cardrules.errors.PositionError` naming the rule a position breaks.

    Checked: the deal phase holds no cards (T2); eight cells (T2), this variant's columns (T3) and
    eight foundations (T4); every card of the two packs exactly once (T1); at least one shuffle
    drawn (T2/B1); redeals within ``max_redeals`` (T9); each foundation a run of its suit from its
    base (T4); no empty column while the stock holds cards (T7); every card of fanned columns and
    every column's top card seen (T3, T5); and the result: ``won`` exactly when all 104 cards are
    on the foundations, ``play`` only while the game can progress, ``lost`` only when it cannot
    (T11).
    """
    rules = game.rules
    if state.phase == "deal":
        if state != TournamentState("deal", reserve_deals=state.reserve_deals, config=state.config):
            raise position_error(
                TournamentRule.T2, "before the deal nothing is laid out and nothing is decided"
            )
        if type(state.reserve_deals) is not int or state.reserve_deals < 0:
            raise position_error(TournamentRule.T2, "the number of shuffles is an int >= 0")
        return
    if state.phase not in ("play", "over"):
        raise position_error(
            TournamentRule.T11, f"the phase is deal, play or over, not {state.phase!r}"
        )
    if len(state.reserve) != 8:
        raise position_error(
            TournamentRule.T2, f"the reserve has 8 cells, not {len(state.reserve)}"
        )
    if len(state.columns) != game.num_columns:
        raise position_error(
            TournamentRule.T3,
            f"this layout has {game.num_columns} columns, not {len(state.columns)}",
        )
    if len(state.foundations) != 8:
        raise position_error(
            TournamentRule.T4, f"there are 8 foundations, not {len(state.foundations)}"
        )
    placed = [c for c in state.reserve if c >= 0]
    for pile in (*state.columns, state.stock, *state.foundations):
        placed.extend(pile)
    if sorted(placed) != list(range(104)):
        extra = {c for c in placed if placed.count(c) > 1 or not 0 <= c < 104}
        missing = set(range(104)) - set(placed)
        why = []
        if missing:
            why.append(f"missing {_names(missing)}")
        if extra:
            why.append("placed twice or unknown: " + " ".join(map(str, sorted(extra))))
        raise position_error(
            TournamentRule.T1, "every card of the two packs lies exactly once; " + "; ".join(why)
        )
    problem = stock_problem(game, state)
    if problem is not None:
        raise position_error(*problem)
    if state.reserve_deals < 1:
        raise position_error(TournamentRule.T2, "a dealt layout has drawn at least one shuffle")
    if not 0 <= state.redeals_used <= rules.max_redeals:
        raise position_error(
            TournamentRule.T9,
            f"redeals used must be 0-{rules.max_redeals}, not {state.redeals_used}",
        )
    for k, pile in enumerate(state.foundations):
        suit, down = divmod(k, 2)
        for n, c in enumerate(pile):
            expected = 13 - n if down else n + 1
            if SUIT[c] != suit or PRANK[c] != expected:
                raise position_error(
                    TournamentRule.T4,
                    f"foundation {pile_name(FOUNDATION0 + k)} is built {'down from K' if down else 'up from A'}"
                    f" in {_SUITS[suit].symbol}; {DECK.cards[c]} cannot lie at place {n + 1}",
                )
    if state.stock and not all(state.columns):
        raise position_error(
            TournamentRule.T7, "an empty column is refilled at once while the stock holds cards"
        )
    for col in state.columns:
        for k, c in enumerate(col):
            if (rules.visible_columns or k == len(col) - 1) and not state.known >> c & 1:
                raise position_error(
                    TournamentRule.T5, f"{DECK.cards[c]} lies face up in the tableau: it is seen"
                )
    on_foundations = sum(map(len, state.foundations))
    if (state.result == "won") != (on_foundations == 104):
        raise position_error(
            TournamentRule.T11, "the game is won exactly when all 104 cards are on the foundations"
        )
    if state.phase == "play":
        if state.result:
            raise position_error(TournamentRule.T11, "a game in play has no result")
        if not game.engine.can_progress(state):
            raise position_error(
                TournamentRule.T11, "no progress is possible: this game is over (lost)"
            )
    elif state.result == "lost" and game.engine.can_progress(state):
        raise position_error(TournamentRule.T11, "the game can still progress: it is not lost")
    elif state.result not in _RESULTS:
        raise position_error(TournamentRule.T11, "a finished game is won, lost or resigned")


# -- building a position -----------------------------------------------------------------------
def build_position(
    game: TournamentGame,
    *,
    reserve: Sequence[str | None],
    columns: Sequence[str],
    foundations: Mapping[str, str | int] | None,
    stock: str | None,
    redeals_used: int,
) -> TournamentState:
    """:meth:`TournamentGame.position <cardrules.games.tournament.TournamentGame.position>`: a
    hand-built position, settled (T7, T11) and checked as :func:`check_layout` does."""
    check_position_args(game, reserve, columns, foundations, stock, redeals_used)
    free: dict[Card, list[int]] = {}
    for i, card in enumerate(DECK.cards):
        free.setdefault(card, []).append(i)

    def take(card: Card) -> int:
        if not free.get(card):
            raise position_error(
                TournamentRule.T1, f"{card} is used more often than the two packs hold it"
            )
        return free[card].pop(0)

    cells = [-1] * 8
    for k, text in enumerate(reserve):
        if text:
            cells[k] = take(Card.parse(text))
    cols: list[tuple[int, ...]] = []
    for k in range(game.num_columns):
        text = columns[k] if k < len(columns) else ""
        cols.append(tuple(take(c) for c in parse_cards(text)) if text else ())
    piles: list[tuple[int, ...]] = [()] * 8
    for name, value in (foundations or {}).items():
        pile = parse_pile(name)
        if not FOUNDATION0 <= pile < FOUNDATION0 + 8:
            raise NotationError(f"position: {name!r} is not a foundation")
        if piles[pile - FOUNDATION0]:
            raise NotationError(f"position: foundation {pile_name(pile)} is given twice")
        suit, down = divmod(pile - FOUNDATION0, 2)
        if isinstance(value, int):
            ranks = [13 - k if down else k + 1 for k in range(value)]
            cards = [Card(14 if r == 1 else r, DECK.cards[suit * 13].suit) for r in ranks]
        else:
            cards = list(parse_cards(value))
        idx = tuple(take(c) for c in cards)
        for k, c in enumerate(idx):
            expected = 13 - k if down else k + 1
            if SUIT[c] != suit or PRANK[c] != expected:
                raise position_error(
                    TournamentRule.T4,
                    f"{DECK.cards[c]} cannot lie there on foundation {name} "
                    f"(built {'down from K' if down else 'up from A'} in suit)",
                )
        piles[pile - FOUNDATION0] = idx
    if stock is None:
        rest = sorted(i for v in free.values() for i in v)
    else:
        rest = [take(c) for c in parse_cards(stock)] if stock else []
        fill_foundations(piles, free)
    state = TournamentState(
        "play",
        tuple(cells),
        tuple(cols),
        tuple(rest),
        tuple(piles),
        redeals_used,
        1,
        game.engine.reveal(sum(1 << c for pile in piles for c in pile), tuple(cols)),
        config=game.config,
    )  # the foundations are seen: the player built them
    state = game.engine.settle(state)
    limit = 104 - 8 - 4 * game.num_columns
    if stock is None and len(state.stock) > limit:
        # A deal leaves at most ``limit`` cards in the stock (T3): the cards beyond go under
        # the columns' own cards, shared out from column 1 (all columns hold cards now, T7).
        under: list[list[int]] = [list(col) for col in state.columns]
        for k, c in enumerate(state.stock[limit:]):
            under[k % len(under)].insert(0, c)
        laid = tuple(tuple(col) for col in under)
        state = attrs.evolve(
            state,
            columns=laid,
            stock=state.stock[:limit],
            known=game.engine.reveal(state.known, laid),
        )
    problem = stock_problem(game, state)
    if problem is not None:
        raise PositionError(*problem)
    check_layout(game, state)
    return state


def check_position_args(
    game: TournamentGame,
    reserve: object,
    columns: object,
    foundations: object,
    stock: object,
    redeals_used: object,
) -> None:
    """The types and ranges :func:`build_position` needs (the cards themselves are read after)."""
    if isinstance(reserve, str) or not isinstance(reserve, Sequence):
        raise ArgumentTypeError(
            f"reserve must be a list of cards or None, not {short_repr(reserve)}"
        )
    if len(reserve) > 8:
        raise ArgumentError(f"reserve has 8 cells (R1-R8), not {len(reserve)} (rule T2)")
    for cell in reserve:
        if cell is not None and not isinstance(cell, str):
            raise ArgumentTypeError(
                f"a reserve cell is a card's text or None, not {short_repr(cell)}"
            )
    if isinstance(columns, str) or not isinstance(columns, Sequence):
        raise ArgumentTypeError(f"columns must be a list of texts, not {short_repr(columns)}")
    if len(columns) > game.num_columns:
        raise ArgumentError(
            f"this layout has {game.num_columns} columns, not {len(columns)} (rule T3)"
        )
    for column in columns:
        if not isinstance(column, str):
            raise ArgumentTypeError(f"a column is a text of cards, not {short_repr(column)}")
    if foundations is not None:
        if not isinstance(foundations, Mapping):
            raise ArgumentTypeError(
                f"foundations must map pile names to cards or counts, not {short_repr(foundations)}"
            )
        for name, value in foundations.items():
            if not isinstance(name, str):
                raise ArgumentTypeError(f"a foundation is named by text, not {short_repr(name)}")
            if type(value) is int:
                if not 0 <= value <= 13:
                    raise ArgumentError(f"foundation {name}: a count is 0-13, not {value}")
            elif not isinstance(value, str):
                raise ArgumentTypeError(
                    f"foundation {name}: cards as text or a count, not {short_repr(value)}"
                )
    if stock is not None and not isinstance(stock, str):
        raise ArgumentTypeError(f"stock must be a text of cards or None, not {short_repr(stock)}")
    if type(redeals_used) is not int:
        raise ArgumentTypeError(f"redeals_used must be an int, not {short_repr(redeals_used)}")
    if not 0 <= redeals_used <= game.rules.max_redeals:
        raise ArgumentError(
            f"redeals_used must be 0-{game.rules.max_redeals} (rule T9), not {redeals_used}"
        )


def fill_foundations(piles: list[tuple[int, ...]], free: dict[Card, list[int]]) -> None:
    """A position with an explicit stock: the cards placed nowhere go onto the foundations
    of their suit (Ace pile up as far as it can, King pile down with the rest), for suits
    whose piles were not given; anything else left over is an error."""
    left = sorted(i for v in free.values() for i in v)
    for suit in range(4):
        mine = [i for i in left if SUIT[i] == suit]
        if not mine:
            continue
        if piles[2 * suit] or piles[2 * suit + 1]:
            names = " ".join(DECK.cards[i].ascii for i in mine)
            raise position_error(TournamentRule.T1, f"{names} are placed nowhere")
        by_rank: dict[int, list[int]] = {}
        for i in mine:
            by_rank.setdefault(PRANK[i], []).append(i)
        counts = [len(by_rank.get(r, ())) for r in range(14)]
        split = None
        for a in range(14):  # Ace pile A..a; the rest must be exactly King pile K..(14-k)
            if any(counts[r] < 1 for r in range(1, a + 1)):
                break
            rest = [counts[r] - (1 if 1 <= r <= a else 0) for r in range(14)]
            k = len(mine) - a
            if k <= 13 and all(rest[r] == (1 if r >= 14 - k else 0) for r in range(1, 14)):
                split = a
                break
        if split is None:
            names = " ".join(DECK.cards[i].ascii for i in mine)
            raise position_error(
                TournamentRule.T4, f"{names} fit no foundation and are placed nowhere"
            )
        up = [by_rank[r].pop(0) for r in range(1, split + 1)]
        down = [by_rank[r].pop(0) for r in range(13, 13 - (len(mine) - split), -1)]
        piles[2 * suit], piles[2 * suit + 1] = tuple(up), tuple(down)
        for i in mine:
            free[DECK.cards[i]].remove(i)


# -- Kingsdown Eights ----------------------------------------------------------------------------
def kingsdown_position_text(game: KingsdownEightsGame, state: KingsdownState) -> str:
    """The one-line text of a Kingsdown Eights state: Tournament's format, with the piles of KE1–KE2.

    ``deal``, or ``play`` / ``over RESULT`` followed by ``T=`` the eight tableau piles, ``R=`` the
    eight reserve piles (each bottom first, joined by ``/``), one token per non-empty foundation
    (``FC1=A,2`` … ``FS2=…``, ranks only) and ``S=`` the stock. There are no shuffles, redeals or
    ``!``/``?`` flags (every card that reaches a pile was seen); ``'`` marks copies as in
    Tournament (text order: tableau, reserves, foundations, stock).

    >>> from cardrules.games.tournament import make_game
    >>> game = make_game(preset="kingsdown_eights")
    >>> s = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(1)))
    >>> game.position_text(s)[:44]
    'play T=2S/QD/JC/JS/QC/8H/9D/2C R=6C,QH,9H,9H'
    >>> game.parse_position(game.position_text(s)) == s
    True
    """
    from cardrules.games.tournament.kingsdown import kd_pile_name

    if state.phase == "deal":
        return write_segment("deal")
    w = _Writer()
    cards = DECK.cards

    def pile(p: tuple[int, ...], rank_only: bool = False) -> str:
        return ",".join(
            (_RANK_TEXT[PRANK[c]] if rank_only else cards[c].ascii) + w.mark(c) for c in p
        )

    fields: list[tuple[str, str | None]] = [
        ("T", "/".join(pile(p) or "-" for p in state.rows)),
        ("R", "/".join(pile(p) or "-" for p in state.reserves)),
    ]
    for k, p in enumerate(state.foundations):
        if p:
            fields.append((kd_pile_name(16 + k, ascii=True), pile(p, rank_only=True)))
    fields.append(("S", pile(state.stock) or "-"))
    words = [state.result] if state.phase == "over" else []
    return write_segment(state.phase, words, fields)


def parse_kingsdown_position(game: KingsdownEightsGame, text: str) -> KingsdownState:
    """The state of a Kingsdown Eights position text (:func:`kingsdown_position_text`)."""
    from cardrules.games.tournament.kingsdown import KingsdownState, kd_pile_name, parse_kd_pile

    def foundation(key: str) -> int | None:
        try:
            pid = parse_kd_pile(key)
        except NotationError:
            return None
        return pid if pid >= 16 else None

    keys = _Keys(("T", "R", "S"), foundation)
    seg, result = _segment(text, dict.fromkeys(("deal", "play", "over"), keys))
    phase = seg.head
    if phase == "deal":
        if seg.fields:
            raise NotationError("position text: a deal position has no cards")
        return KingsdownState("deal", config=game.config)
    fields: dict[str, str] = {}
    piles: dict[int, str] = {}
    for key, value in seg.fields:
        pid = None if key in ("T", "R", "S") else foundation(key)
        if pid is None:
            fields[key] = value
            continue
        if pid in piles:
            raise NotationError(f"position text: foundation {kd_pile_name(pid)} is given twice")
        piles[pid] = value
    for key in ("T", "R", "S"):
        if key not in fields:
            raise NotationError(f"position text: {key}=… is missing")
    r = _Reader(flags=False)

    def group(key: str, rule: TournamentRule) -> tuple[tuple[int, ...], ...]:
        parts = fields[key].split("/")
        if len(parts) != 8:
            raise position_error(rule, f"{key}= lists 8 piles, not {len(parts)}")
        return tuple(
            () if p == "-" else tuple(r.card(t, True) for t in p.split(",")) for p in parts
        )

    rows = group("T", TournamentRule.KE3)
    reserves = group("R", TournamentRule.KE4)
    found: list[tuple[int, ...]] = [()] * 8
    for pid in sorted(piles):
        suit = (pid - 16) // 2
        found[pid - 16] = tuple(r.card(t, True, suit) for t in piles[pid].split(","))
    s_text = fields["S"]
    stock = () if s_text == "-" else tuple(r.card(t, True) for t in s_text.split(","))
    state = KingsdownState(phase, rows, reserves, stock, tuple(found), result, game.config)  # type: ignore[arg-type]
    check_kingsdown_layout(game, state)
    return state


def check_kingsdown_layout(game: KingsdownEightsGame, state: KingsdownState) -> None:
    """Raise :class:`~cardrules.errors.PositionError` naming the rule a Kingsdown layout breaks:
    8 tableau, reserve and foundation piles; every card exactly once (KE1); foundations built up
    in suit from the Ace (KE2); ``won`` exactly with all 104 cards up, ``play`` only while a move
    or the stock is left, ``lost`` only when none is (KE7)."""
    from cardrules.games.tournament.kingsdown import KingsdownState, kd_pile_name

    if state.phase == "deal":
        if state != KingsdownState("deal", config=state.config):
            raise position_error(
                TournamentRule.KE1, "before the deal nothing is laid out and nothing is decided"
            )
        return
    if state.phase not in ("play", "over"):
        raise position_error(
            TournamentRule.KE7, f"the phase is deal, play or over, not {state.phase!r}"
        )
    for name, piles, rule in (
        ("tableau", state.rows, TournamentRule.KE3),
        ("reserve", state.reserves, TournamentRule.KE4),
        ("foundation", state.foundations, TournamentRule.KE2),
    ):
        if len(piles) != 8:
            raise position_error(rule, f"there are 8 {name} piles, not {len(piles)}")
    placed = [c for p in (*state.rows, *state.reserves, state.stock, *state.foundations) for c in p]
    if sorted(placed) != list(range(104)):
        missing = set(range(104)) - set(placed)
        why = f"; missing {_names(missing)}" if missing else ""
        raise position_error(
            TournamentRule.KE1, "every card of the two packs lies exactly once" + why
        )
    # KE1: the deal leaves 64 cards in the stock; KE5: each deal takes 4 for each of the 8
    # reserves (32: never short), so the stock holds 64, 32 or 0 cards, and a reserve pile (which
    # only loses cards between deals) at most 4 per deal made.
    if len(state.stock) not in (64, 32, 0):
        raise position_error(
            TournamentRule.KE5,
            "the deal leaves 64 cards in the stock and each deal takes 32 (4 for each reserve): "
            f"it holds 64, 32 or 0, not {len(state.stock)}",
        )
    deals = 1 + (64 - len(state.stock)) // 32
    for k, pile in enumerate(state.reserves):
        if len(pile) > 4 * deals:
            raise position_error(
                TournamentRule.KE5,
                f"reserve R{k + 1} holds {len(pile)} cards; {deals} deal(s) of 4 put at most "
                f"{4 * deals} there",
            )
    for k, pile in enumerate(state.foundations):
        for n, c in enumerate(pile):
            if SUIT[c] != k // 2 or PRANK[c] != n + 1:
                raise position_error(
                    TournamentRule.KE2,
                    f"foundation {kd_pile_name(16 + k)} is built up from A in suit; "
                    f"{DECK.cards[c]} cannot lie at place {n + 1}",
                )
    up = sum(map(len, state.foundations))
    if (state.result == "won") != (up == 104):
        raise position_error(
            TournamentRule.KE7, "the game is won exactly when all 104 cards are on the foundations"
        )
    stuck = not state.stock and not game.engine.legal_moves(state)
    if state.phase == "play":
        if state.result:
            raise position_error(TournamentRule.KE7, "a game in play has no result")
        if stuck:
            raise position_error(
                TournamentRule.KE7,
                "the stock is empty and no move is left: this game is over (lost)",
            )
    elif state.result == "lost" and not stuck:
        raise position_error(
            TournamentRule.KE7, "a move or the stock is left: the game is not lost"
        )
    elif state.result not in _RESULTS:
        raise position_error(TournamentRule.KE7, "a finished game is won, lost or resigned")
