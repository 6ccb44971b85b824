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
"""

from __future__ import annotations

from typing import Final, final

import attrs

from cardrules import NotationError, Suit

__all__ = [
    "FOUNDATION0",
    "RESERVE0",
    "DealStock",
    "Move",
    "Redeal",
    "Resign",
    "TournamentAction",
    "format_move",
    "foundation_id",
    "parse_move",
    "pile_name",
]

RESERVE0: Final = 8
"""Pile id of R1."""
FOUNDATION0: Final = 16
"""Pile id of F♣↑ (the Ace foundation of clubs)."""
_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


@final
@attrs.frozen
class Move:
    """Move the available card of pile ``src`` onto pile ``dst`` (ids as in the module doc)."""

    src: int
    dst: int


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


def foundation_id(suit: int, down: bool) -> int:
    """Pile id of a suit's Ace (``down=False``) or King (``down=True``) foundation.

    >>> pile_name(foundation_id(3, True))
    'F♠↓'
    """
    return FOUNDATION0 + 2 * suit + int(down)


def pile_name(pile: int, *, ascii: bool = False) -> str:
    """The notation of a pile id (``T3``, ``R5``, ``F♠↑``; ASCII ``FS+``)."""
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


def format_move(move: Move, *, ascii: bool = False) -> str:
    """``SRC>DST`` in Unicode (default) or ASCII."""
    return f"{pile_name(move.src, ascii=ascii)}>{pile_name(move.dst, ascii=ascii)}"


_TO_ASCII: Final = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "↑": "+", "↓": "-"})


def _parse_pile(text: str) -> int:
    if len(text) >= 2 and text[0] == "T" and text[1:].isdigit() and 1 <= int(text[1:]) <= 8:
        return int(text[1:]) - 1
    if len(text) >= 2 and text[0] == "R" and text[1:].isdigit() and 1 <= int(text[1:]) <= 8:
        return RESERVE0 + int(text[1:]) - 1
    if len(text) == 3 and text[0] == "F" and text[1] in "CDHS" and text[2] in "+-":
        return foundation_id("CDHS".index(text[1]), text[2] == "-")
    raise NotationError(f"not a pile: {text!r} (T1-T8, R1-R8, F♣↑ … F♠↓ or FC+ … FS-)")


def parse_move(text: str) -> Move:
    """Read ``SRC>DST`` (any case, Unicode or ASCII suits and arrows, optional spaces)."""
    norm = "".join(text.split()).upper().replace("->", ">").translate(_TO_ASCII)
    src, sep, dst = norm.partition(">")
    if not sep:
        raise NotationError(f"a move is written SRC>DST, not {text!r}")
    return Move(_parse_pile(src), _parse_pile(dst))
