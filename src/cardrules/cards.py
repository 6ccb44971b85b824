"""Suits, ranks and cards, with a text notation that round-trips.

A :class:`Card` is a small immutable value: a rank (an ``int``) and a suit (a :class:`Suit`, or
``None`` for the Rook Bird). French cards are written rank first (``"JH"``, ``"10S"``, ``"J♥"``),
Rook cards colour first (``"R5"``, ``"G14"``), and the Bird is ``"R"``:

>>> Card.parse("JH")
Card.parse('JH')
>>> Card.parse("10♠") == Card.parse("10S") == Card.parse("ts")
True
>>> Card.parse("J♥").unicode
'J♥'
>>> Card.parse("G14").suit
<Suit.GREEN: 6>
>>> Card.parse("R").is_bird
True

Cards are interned: parsing the same text twice gives the same object, so comparing and hashing
them is cheap.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import ClassVar, Final

from cardrules.errors import NotationError
from cardrules.notation import is_number, looks_numeric, read_number

__all__ = [
    "ACE",
    "BIRD",
    "JACK",
    "KING",
    "QUEEN",
    "Card",
    "Suit",
    "format_cards",
    "parse_cards",
]

JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14


class Suit(enum.IntEnum):
    """The four French suits and the four Rook colours.

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol, Suit.HEARTS.is_red
    ('H', '♥', True)
    >>> Suit.parse("♣")
    <Suit.CLUBS: 0>
    >>> Suit.parse("green")
    <Suit.GREEN: 6>
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    RED = 4
    YELLOW = 5
    GREEN = 6
    BLACK = 7

    @property
    def letter(self) -> str:
        """The one-letter ASCII name (``C D H S`` for French suits, ``R Y G B`` for colours)."""
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The Unicode symbol of a French suit; a Rook colour's letter."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_french(self) -> bool:
        """Whether this is one of the four French suits (rather than a Rook colour)."""
        return self <= Suit.SPADES

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (♦ ♥ and the Rook colour Red)."""
        return self in (Suit.DIAMONDS, Suit.HEARTS, Suit.RED)

    @property
    def same_colour(self) -> Suit:
        """The other French suit of the same colour (♣↔♠, ♦↔♥); colours map to themselves."""
        return _SAME_COLOUR.get(self, self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter, symbol or English name (any case)."""
        if not isinstance(text, str):
            raise NotationError(f"a suit's notation is text, not {type(text).__name__}")
        suit = _SUIT_BY_TEXT.get(text.strip().upper())
        if suit is None:
            raise NotationError(f"not a suit: {text!r} (use C D H S, ♣ ♦ ♥ ♠, or R Y G B)")
        return suit


_SUIT_LETTERS: Final = dict(zip(Suit, "CDHSRYGB", strict=True))
_SUIT_SYMBOLS: Final = dict(zip(Suit, "♣♦♥♠RYGB", strict=True))
_SAME_COLOUR: Final = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}
_SUIT_BY_TEXT: Final[dict[str, Suit]] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.letter] = _suit
    _SUIT_BY_TEXT[_suit.symbol] = _suit
    _SUIT_BY_TEXT[_suit.name] = _suit
# Outline symbols are common in pasted text.
_SUIT_BY_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})

_NON_ASCII_NOTATION: Final = frozenset(
    "".join(text for text in _SUIT_BY_TEXT if not text.isascii()) + "🐦"
)
"""The characters outside ASCII that card notation reads: the suit symbols and the Bird."""

_FRENCH_RANK_TEXT: Final = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_FRENCH_RANK_BY_TEXT: Final = {
    **{str(r): r for r in range(2, 11)},
    "T": 10,
    "J": JACK,
    "Q": QUEEN,
    "K": KING,
    "A": ACE,
}


class Card:
    """A playing card: ``rank`` (2–14 with Ace 14 for French cards, 1–14 for Rook colours) and ``suit``.

    The Rook Bird is ``Card(0, None)``, available as :data:`BIRD`. Construct cards with
    :meth:`parse` or ``Card(rank, suit)``; both return the interned instance.

    >>> Card(14, Suit.SPADES)
    Card.parse('AS')
    >>> Card(14, Suit.SPADES) is Card.parse("A♠")
    True
    """

    __slots__ = ("_hash", "rank", "suit")
    rank: int
    suit: Suit | None
    _hash: int

    _interned: ClassVar[dict[tuple[int, Suit | None], Card]] = {}

    def __new__(cls, rank: int, suit: Suit | None) -> Card:
        key = (rank, suit)
        try:
            card = cls._interned.get(key)
        except TypeError:  # an unhashable rank or suit: _check_card names it
            card = None
        if card is not None and type(rank) is int:
            return card
        _check_card(rank, suit)
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "_hash", hash(key))
        cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit | None]]:
        return (Card, (self.rank, self.suit))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Card):
            return self.rank == other.rank and self.suit == other.suit
        return NotImplemented

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.ascii

    def _repr_svg_(self) -> str:
        """The card as an SVG picture, for Jupyter (:func:`cardrules.svg.cards`).

        >>> Card.parse("JH")._repr_svg_().count('class="card"')
        1
        """
        # Imported when drawn: the drawing code imports this module, and ``import cardrules``
        # stays light.
        from cardrules.svg import cards

        return cards([self])

    def _repr_html_(self) -> str:
        """The card as HTML for Jupyter: its picture inline, named by its notation.

        >>> 'aria-label="J♥"' in Card.parse("JH")._repr_html_()
        True
        """
        from cardrules.svg import _cards_html

        return _cards_html([self])

    @property
    def is_bird(self) -> bool:
        """Whether this is the Rook Bird."""
        return self.suit is None

    @property
    def ascii(self) -> str:
        """ASCII notation: ``"JH"``, ``"10S"``, ``"R5"``, ``"R"`` (the Bird)."""
        suit = self.suit
        if suit is None:
            return "R"
        if suit.is_french:
            return _FRENCH_RANK_TEXT.get(self.rank, str(self.rank)) + suit.letter
        return suit.letter + str(self.rank)

    @property
    def unicode(self) -> str:
        """Unicode notation with suit symbols: ``"J♥"``, ``"10♠"``; Rook cards as in ASCII."""
        suit = self.suit
        if suit is None or not suit.is_french:
            return self.ascii
        return _FRENCH_RANK_TEXT.get(self.rank, str(self.rank)) + suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its ASCII or Unicode notation (any case; ``T`` is accepted for 10).

        A French card may also be written suit first (``"♦3"``), as rule books often do. Ranks
        are written with the digits ``0``–``9`` only (:mod:`cardrules.notation`): ``R１２`` or
        ``R²`` is not a card.

        >>> Card.parse("♦3") is Card.parse("3D")
        True
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        cardrules.errors.NotationError: not a card: '1H' (unknown rank '1')
        >>> Card.parse("R²")
        Traceback (most recent call last):
        ...
        cardrules.errors.NotationError: not a card: 'R²' (a Rook rank must be written with the digits 0-9, not '²')
        """
        if not isinstance(text, str):
            raise NotationError(f"a card's notation is text, not {type(text).__name__}")
        raw = text.strip()
        if not raw:
            raise NotationError("not a card: empty text")
        if not raw.isascii():
            # Upper-casing maps some letters onto ASCII ("ſ" -> "S"): refuse them before it does,
            # so that a card is read only from the characters the notation defines. Digits that
            # are not ASCII are left to the rank readers below, which say how to write a rank.
            for ch in raw:
                if not ch.isascii() and ch not in _NON_ASCII_NOTATION and not looks_numeric(ch):
                    raise NotationError(
                        f"not a card: {raw!r} ({ch!r} is not a character of card notation)"
                    )
        up = raw.upper()
        if up in ("R", "BIRD", "ROOK", "🐦"):
            return BIRD
        first, rest = up[0], up[1:]
        if first in "RYGB" and looks_numeric(rest):
            # Ranks are read by the notation's one number reader: the digits 0-9 only, so
            # "R²" and "R１２" are refused here rather than read one way here and another there.
            try:
                rank = read_number(rest, "a Rook rank")
            except NotationError as exc:
                raise NotationError(f"not a card: {raw!r} ({exc})") from None
            if not 1 <= rank <= 14:
                raise NotationError(f"not a card: {raw!r} (Rook ranks are 1-14)")
            return cls(rank, _SUIT_BY_TEXT[first])
        suit = _SUIT_BY_TEXT.get(up[-1])
        rank_text = up[:-1]
        if suit is None or not suit.is_french:
            # Suit-first form such as "♦3".
            suit = _SUIT_BY_TEXT.get(up[0])
            rank_text = up[1:]
            if suit is None or not suit.is_french:
                raise NotationError(f"not a card: {raw!r} (unknown suit)")
        french_rank = _FRENCH_RANK_BY_TEXT.get(rank_text)
        if french_rank is None:
            why = f"unknown rank {rank_text!r}"
            if looks_numeric(rank_text) and not is_number(rank_text):
                why += ": ranks are written with the digits 0-9"
            raise NotationError(f"not a card: {raw!r} ({why})")
        return cls(french_rank, suit)


def _check_card(rank: int, suit: Suit | None) -> None:
    if type(rank) is not int:
        raise NotationError(f"card rank must be an int, got {type(rank).__name__} {rank!r:.40}")
    if suit is None:
        if rank != 0:
            raise NotationError("the Bird (suit None) has rank 0")
        return
    if not isinstance(suit, Suit):
        raise NotationError(f"card suit must be a Suit or None, got {suit!r}")
    low = 2 if suit.is_french else 1
    if not low <= rank <= 14:
        raise NotationError(f"rank {rank} is not valid for {suit.name}")


BIRD: Final = Card(0, None)
"""The Rook Bird card."""


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards separated by spaces or commas (or given as an iterable of texts).

    >>> parse_cards("9C, JH 10♠")
    (Card.parse('9C'), Card.parse('JH'), Card.parse('10S'))
    """
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, bytes | Mapping):
        parts = list(text)
    else:
        raise NotationError(f"cards are written as text or a sequence of texts, not {text!r:.40}")
    return tuple(Card.parse(p) for p in parts)


def format_cards(cards: Iterable[Card], *, unicode: bool = False) -> str:
    """Write cards separated by spaces.

    >>> format_cards(parse_cards("9C JH"), unicode=True)
    '9♣ J♥'
    """
    if isinstance(cards, str | bytes | Mapping) or not isinstance(cards, Iterable):
        raise NotationError(f"format_cards takes cards, not {type(cards).__name__}")
    out = []
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"format_cards takes cards, not {type(card).__name__} {card!r:.40}")
        out.append(card.unicode if unicode else card.ascii)
    return " ".join(out)
