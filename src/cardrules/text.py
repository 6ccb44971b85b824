"""Plain-text forms of cards, hands and the values views hold, shared by the command line and pictures.

>>> Style().cards(get_deck("euchre24").cardset("9C AH JH"))
'♣ 9 | ♥ J A'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardrules.cards import Card, Suit
from cardrules.decks import CardSet
from cardrules.errors import ArgumentTypeError, short_repr

__all__ = ["Style", "format_value", "trick_lines"]

_RED = "\x1b[31m"
_RESET = "\x1b[0m"
_MAX_DEPTH = 8  # nested containers format_value writes out; deeper ones (a cycle) read "…"


@attrs.frozen
class Style:
    """Whether to colour output (off for ``NO_COLOR`` and non-terminals)."""

    color: bool = False

    def card(self, card: Card) -> str:
        """One card in Unicode notation, red suits coloured."""
        text = card.unicode
        if self.color and card.suit is not None and card.suit.is_red:
            return f"{_RED}{text}{_RESET}"
        return text

    def cards(self, cards: Iterable[Card]) -> str:
        """A hand grouped by suit: ``♣ 9 10 | ♥ J A``; the Rook Bird last."""
        by_suit: dict[Suit | None, list[Card]] = {}
        for card in cards:
            by_suit.setdefault(card.suit, []).append(card)
        groups = []
        for suit in [*Suit, None]:
            held = by_suit.get(suit)
            if not held:
                continue
            if suit is None:
                groups.append("Bird")
                continue
            ranks = " ".join(self._rank(c) for c in sorted(held, key=lambda c: c.rank))
            symbol = suit.symbol
            if self.color and suit.is_red:
                symbol = f"{_RED}{symbol}{_RESET}"
            groups.append(f"{symbol} {ranks}")
        return " | ".join(groups) if groups else "-"

    @staticmethod
    def _rank(card: Card) -> str:
        text = card.unicode
        suit = card.suit
        if suit is not None and suit.is_french:
            return text[:-1]
        return text[1:]


def format_value(value: Any, style: Style | None = None, depth: int = 0) -> str:
    """A compact, readable form of a view field: cards in notation, nested values flattened.

    >>> format_value((2, parse_cards("QH 9H")))
    '2: Q♥ 9♥'
    >>> format_value(MatchScore.start(teams=2, target=10))
    'MatchScore(scores=(0, 0), target=10, hands=0)'

    ``depth`` is how deeply ``value`` is nested in what the caller formats (0 at the top): records
    deeper than 3 levels print as their ``repr``, and containers deeper than 8 as ``…``, so that a
    value that contains itself still ends:

    >>> loop: list[object] = [1, "a"]
    >>> loop.append(loop)
    >>> format_value(loop).count("…")
    1
    """
    style = style or Style()
    if isinstance(value, CardSet):
        return style.cards(value)
    if isinstance(value, Card):
        return style.card(value)
    if value is None:
        return "-"
    if isinstance(value, Suit):
        return value.symbol if value.is_french else value.name.title()
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, bool | int | float | str):
        return str(value)
    if isinstance(value, tuple | list | frozenset):
        if depth > _MAX_DEPTH:
            return "…"
        items = sorted(value) if isinstance(value, frozenset) else list(value)
        if items and all(isinstance(x, Card) or x is None for x in items):
            return " ".join(style.card(x) if isinstance(x, Card) else "▢" for x in items)
        if len(items) == 2 and isinstance(items[0], int) and isinstance(items[1], tuple):
            return f"{items[0]}: {format_value(items[1], style, depth + 1)}"
        if all(isinstance(x, int) and not isinstance(x, bool) for x in items):
            return "(" + ", ".join(map(str, items)) + ")"
        return "[" + "; ".join(format_value(x, style, depth + 1) for x in items) + "]"
    if attrs.has(type(value)) and depth < 3:
        parts = []
        for field in attrs.fields(type(value)):
            item = getattr(value, field.name)
            if item is None or item == () or item == "" or field.name == "rule":
                continue
            parts.append(f"{field.name}={format_value(item, style, depth + 1)}")
        return f"{type(value).__name__}(" + ", ".join(parts) + ")"
    return repr(value)


def trick_lines(
    trick: Sequence[Card],
    leader: int,
    tricks: Sequence[tuple[int, Sequence[Card]]],
    style: Style | None = None,
    *,
    num_players: int = 4,
) -> list[str]:
    """The trick on the table, or (between tricks) the last one and who leads next.

    >>> trick_lines(parse_cards("9H AH"), 2, ())
    ['On the table: seat 2 9♥, seat 3 A♥']
    >>> trick_lines((), 1, ((0, parse_cards("9C JC QC KC")),))
    ['Last trick: seat 0 9♣, seat 1 J♣, seat 2 Q♣, seat 3 K♣ → seat 1 leads']
    """
    style = style or Style()
    if trick:
        plays = [f"seat {(leader + k) % num_players} {style.card(c)}" for k, c in enumerate(trick)]
        return ["On the table: " + ", ".join(plays)]
    if tricks:
        first, cards = tricks[-1]
        plays = [f"seat {(first + k) % num_players} {style.card(c)}" for k, c in enumerate(cards)]
        return ["Last trick: " + ", ".join(plays) + f" → seat {leader} leads"]
    return []


def check_describe_args(view: object, view_type: type, game: str, color: object) -> None:
    """The checks of a game's ``describe(view, *, color=False)``: a view of that game's type, and
    ``color`` a bool; anything else is an :class:`~cardrules.errors.ArgumentTypeError`.

    >>> check_describe_args(None, CardSet, "euchre", False)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: view must be a CardSet of euchre, not NoneType None
    """
    if type(view) is not view_type:
        raise ArgumentTypeError(
            f"view must be a {view_type.__name__} of {game}, not {type(view).__name__} "
            f"{short_repr(view)}"
        )
    if type(color) is not bool:
        raise ArgumentTypeError(
            f"color must be a bool, not {type(color).__name__} {short_repr(color)}"
        )
