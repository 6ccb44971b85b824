"""Actions of Tournament and their notation.

Piles are small integers (one numbering, used by the notation, records and the docs):

* ``T1``…``T6`` (``T8`` for Cicely): tableau columns, numbered left to right — ids 0–7;
* ``R1``…``R8``: reserve cells, R1–R4 the left column top to bottom, R5–R8 the right column
  — ids 8–15; the first eight cards of a deal go to R1…R8 in that order;
* ``F♣↑ F♣↓ F♦↑ F♦↓ F♥↑ F♥↓ F♠↑ F♠↓``: the Ace foundation (built up) and King foundation
  (built down) of each suit — ids 16–23 (ASCII: ``FC+``, ``FC-``, …).

>>> format_move(Move(2, 22))
'T3>F♠↑'
>>> parse_move("t3>fs+") == Move(2, 22)
True
>>> format_move(Move(20, 21)), format_move(Move(1, 11))
('F♥↑>F♥↓', 'T2>R4')

In ASCII a King foundation ends in ``-`` and ``->`` may stand for ``>``, so ``FS->FS+`` is the
King foundation of spades onto its Ace foundation (the ``-`` belongs to the pile name):

>>> parse_move("FS->FS+") == parse_move("F♠↓>F♠↑") == parse_move("fs- -> fs+") == Move(23, 22)
True
"""

from __future__ import annotations

from typing import Any, Final, final

import attrs

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    NotationError,
    Suit,
)
from cardrules.errors import short_repr
from cardrules.game import action_field_error, action_field_type_error
from cardrules.notation import looks_numeric, read_number
from cardrules.rulebook import RuleId

__all__ = [
    "FOUNDATION0",
    "NUM_PILES",
    "RESERVE0",
    "DealStock",
    "Move",
    "Redeal",
    "Resign",
    "TournamentAction",
    "check_move",
    "check_no_scores",
    "check_turn",
    "encodes",
    "format_move",
    "foundation_id",
    "parse_move",
    "parse_pile",
    "pile_name",
    "pile_words",
]

RESERVE0: Final = 8
"""Pile id of R1."""
FOUNDATION0: Final = 16
"""Pile id of F♣↑ (the Ace foundation of clubs)."""
NUM_PILES: Final = 24
"""Pile ids run from 0 to 23 (the 8 column ids, the 8 cells, the 8 foundations)."""
_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


@final
@attrs.frozen
class Move:
    """Move the available card of pile ``src`` onto pile ``dst`` (ids as in the module doc).

    Both are ``int`` pile ids 0-23, checked when the move is built (whether the layout has the
    pile and the move is legal is the game's check):

    >>> Move(2, 24)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: Move.dst must be a pile id 0-23, not 24
    """

    src: int
    dst: int

    def __attrs_post_init__(self) -> None:
        src, dst = self.src, self.dst
        # One test for the well-made move (solvers and bots build moves per step), then the why.
        if type(src) is int and type(dst) is int and 0 <= src < NUM_PILES and 0 <= dst < NUM_PILES:
            return
        for field, pile in (("src", src), ("dst", dst)):
            if type(pile) is not int:
                raise action_field_type_error(Move, field, "an int pile id 0-23", pile)
            if not 0 <= pile < NUM_PILES:
                raise action_field_error(Move, field, "a pile id 0-23", pile)


@final
@attrs.frozen
class DealStock:
    """T8: deal up to four stock cards onto each column (notation ``deal``)."""


@final
@attrs.frozen
class Redeal:
    """T9: gather the columns without shuffling and deal them again (notation ``redeal``)."""


@final
@attrs.frozen
class Resign:
    """T11: give up; the game is lost (notation ``resign``)."""


TournamentAction = Move | DealStock | Redeal | Resign


_short = short_repr  # for messages: a hostile __repr__ does not hide the real error


def check_move(move: object, argument: str = "action") -> Move:
    """``move`` if it is a :class:`Move` whose ``src`` and ``dst`` are ``int`` pile ids 0–23.

    A ``bool`` or ``float`` pile raises :class:`~cardrules.errors.ArgumentTypeError`, an id out
    of range :class:`~cardrules.errors.ArgumentError`; whether the layout has that pile and the
    move is legal is the game's business.

    >>> check_move(Move(2, 22))
    Move(src=2, dst=22)
    >>> bad = Move(1, 22)
    >>> object.__setattr__(bad, "src", True)  # tampered: Move(True, 22) cannot be built
    >>> check_move(bad)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: action.src must be an int pile id 0-23, not bool True
    """
    if type(move) is not Move:
        raise ArgumentTypeError(
            f"{argument} must be a Move, not {type(move).__name__} {_short(move)}"
        )
    for field in ("src", "dst"):
        pile = getattr(move, field)
        if type(pile) is not int:
            raise ArgumentTypeError(
                f"{argument}.{field} must be an int pile id 0-23, "
                f"not {type(pile).__name__} {_short(pile)}"
            )
        if not 0 <= pile < NUM_PILES:
            raise ArgumentError(f"{argument}.{field} must be a pile id 0-23, not {pile}")
    return move


def check_no_scores(scores: object) -> None:
    """Refuse match scores for a patience: one seat, no score carried from game to game.

    ``None`` and the trivial ``(0,)`` (a tuple or list holding the int 0) are accepted, so that
    ``new_match(scores=…)`` and ``new_hand(scores=…)`` have the trick games' signature.

    >>> check_no_scores(None), check_no_scores((0,))
    (None, None)
    >>> check_no_scores((3, 5))
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: scores must be None or (0,): Tournament carries no score from game to game, not (3, 5)
    """
    if scores is None:
        return
    if not isinstance(scores, tuple | list):
        raise ArgumentTypeError(f"scores must be None or (0,), not {_short(scores)}")
    if len(scores) != 1 or type(scores[0]) is not int or scores[0] != 0:
        raise ArgumentError(
            "scores must be None or (0,): Tournament carries no score from game to game, "
            f"not {_short(scores)}"
        )


def foundation_id(suit: int, down: bool) -> int:
    """Pile id of a suit's Ace (``down=False``) or King (``down=True``) foundation.

    ``suit`` is 0 ♣, 1 ♦, 2 ♥ or 3 ♠ (an ``int`` or a :class:`~cardrules.Suit`).

    >>> pile_name(foundation_id(3, True))
    'F♠↓'
    """
    if not isinstance(suit, int) or type(suit) is bool or not 0 <= suit < 4:
        raise ArgumentError(f"suit must be 0-3 (♣ ♦ ♥ ♠), not {_short(suit)}")
    if type(down) is not bool:
        raise ArgumentTypeError(f"down must be True or False, not {_short(down)}")
    return FOUNDATION0 + 2 * int(suit) + int(down)


def pile_name(pile: int, *, ascii: bool = False) -> str:
    """The notation of a pile id (``T3``, ``R5``, ``F♠↑``; ASCII ``FS+``)."""
    if type(pile) is not int:
        raise ArgumentTypeError(f"a pile id is an int, not {type(pile).__name__} {_short(pile)}")
    if 0 <= pile < RESERVE0:
        return f"T{pile + 1}"
    if RESERVE0 <= pile < FOUNDATION0:
        return f"R{pile - RESERVE0 + 1}"
    if FOUNDATION0 <= pile < FOUNDATION0 + 8:
        suit = _SUITS[(pile - FOUNDATION0) // 2]
        down = (pile - FOUNDATION0) % 2
        if ascii:
            return f"F{suit.letter}{'-' if down else '+'}"
        return f"F{suit.symbol}{'↓' if down else '↑'}"
    raise NotationError(f"no pile with id {pile!r}")


def pile_words(pile: int) -> str:
    """A pile in a message, named with its kind so that it is never read as a rule id:
    ``column T6`` (the tableau column, not rule T6), ``reserve R5``, ``foundation F♠↑``.

    >>> pile_words(5), pile_words(RESERVE0 + 4), pile_words(foundation_id(3, False))
    ('column T6', 'reserve R5', 'foundation F♠↑')
    """
    name = pile_name(pile)
    if pile < RESERVE0:
        return f"column {name}"
    if pile < FOUNDATION0:
        return f"reserve {name}"
    return f"foundation {name}"


def format_move(move: Move, *, ascii: bool = False) -> str:
    """``SRC>DST`` in Unicode (default) or ASCII (the move is checked: :func:`check_move`)."""
    check_move(move)
    return f"{pile_name(move.src, ascii=ascii)}>{pile_name(move.dst, ascii=ascii)}"


_TO_ASCII: Final = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "↑": "+", "↓": "-"})


def _parse_pile(text: str, columns: int = 8) -> int:
    """A pile from its upper-case ASCII name (``T3``, ``R5``, ``FS-``); a layout of ``columns``
    tableau columns has ``T1`` to ``T{columns}``."""
    if text[:1] in ("T", "R") and looks_numeric(text[1:]):
        # The notation's one number reader: the digits 0-9 only ("T²", "T１" are refused).
        try:
            number = read_number(text[1:], "a pile's number")
        except NotationError as exc:
            raise NotationError(f"not a pile: {_short(text)} ({exc})") from None
        if 1 <= number <= (columns if text[0] == "T" else 8):
            return number - 1 if text[0] == "T" else RESERVE0 + number - 1
    if len(text) == 3 and text[0] == "F" and text[1] in "CDHS" and text[2] in "+-":
        return foundation_id("CDHS".index(text[1]), text[2] == "-")
    raise NotationError(
        f"not a pile: {_short(text)} (T1-T{columns}, R1-R8, F♣↑ … F♠↓ or FC+ … FS-)"
    )


def _ascii(text: str) -> str:
    return "".join(text.split()).upper().translate(_TO_ASCII)


def parse_pile(text: str) -> int:
    """The id of a pile from its name: ``T3``, ``r5``, ``F♠↓`` or ASCII ``FS-`` (any case).

    >>> parse_pile("FS-") == parse_pile("f♠↓") == foundation_id(3, True)
    True
    """
    if not isinstance(text, str):
        raise NotationError(f"a pile name is text, not {type(text).__name__}")
    return _parse_pile(_ascii(text))


def parse_move(text: str, *, columns: int = 8) -> Move:
    """Read ``SRC>DST`` (any case, Unicode or ASCII suits and arrows, optional spaces).

    ``columns`` is the number of tableau columns of the layout (6 in Tournament, 8 in Cicely), so
    that a column the layout lacks is named as such:

    >>> parse_move("T9>R1", columns=6)
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: not a pile: 'T9' (T1-T6, R1-R8, F♣↑ … F♠↓ or FC+ … FS-)

    ``->`` may stand for ``>``. The names are split at the ``>``; a ``-`` before it belongs to
    the source's name when that is a King foundation (``FS->FS+``: F♠↓ onto F♠↑), else it is
    the arrow's (``T3->FS+``).
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}")
    norm = _ascii(text)
    src, sep, dst = norm.partition(">")
    if not sep:
        raise NotationError(f"a move is written SRC>DST, not {_short(text)}")
    if src.endswith("-") and not (len(src) == 3 and src[0] == "F" and src[1] in "CDHS"):
        src = src[:-1]  # the arrow's "-" ("T3->FS+", "FS-->FS+")
    return Move(_parse_pile(src, columns), _parse_pile(dst, columns))


def check_turn(
    game: Any, state: Any, action: object, seat: int | None, turn_rule: RuleId, over_rule: RuleId
) -> None:
    """The one-player patience's turn check before ``apply`` (both games, the same words).

    ``seat`` may be ``None`` (the seat to move), the single seat 0 while playing, or
    :data:`~cardrules.CHANCE` at the deal; after the end nothing may be applied (``over_rule``).
    """
    phase = state.phase
    mover = CHANCE if phase == "deal" else (0 if phase == "play" else None)
    if seat is not None:
        game.check_actor(state, seat, mover)
        if mover is not None and seat != mover:
            who = "chance" if mover == CHANCE else f"seat {mover}"
            raise IllegalActionError(
                turn_rule, f"it is {who}'s turn", action=short_repr(action), seat=seat
            )
    if phase == "over":
        raise IllegalActionError(
            over_rule, "the game is over", action=short_repr(action), seat=seat
        )


def encodes(game: Any, action: object) -> bool:
    """Whether ``action`` is one of ``game``'s encoded actions (its ``all_actions``): a move of
    its layout, for the notation of both games (a parse never offers a move the encoding lacks)."""
    try:
        game.action_to_index(action)
    except NotationError:
        return False
    return True
