"""Reading position texts: the pieces every game's ``parse_position`` shares.

A position text is one line (see each game's "Position text"); most games write it as a header
and ``key=value`` tokens. These helpers refuse what is not such a line with a clear
:class:`~cardrules.errors.NotationError` (or :class:`~cardrules.errors.ArgumentTypeError` for a
value that is not text), the same way in every game.

>>> key_value_fields("dealer=3 scores=0,0".split(), ("dealer", "scores"))
{'dealer': '3', 'scores': '0,0'}
>>> key_value_fields(["dealer=3", "dealer=2"], ("dealer",))
Traceback (most recent call last):
...
cardrules.errors.NotationError: position text: dealer is given twice
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from cardrules.cards import Card, parse_cards
from cardrules.decks import DeckSpec
from cardrules.errors import ArgumentTypeError, NotationError, PositionError
from cardrules.rulebook import RuleId

__all__ = ["card_indices", "key_value_fields", "position_line"]


def position_line(text: object) -> str:
    """``text`` without surrounding blanks, if it is a one-line ``str``; else a clear error.

    >>> position_line("  play hand dealer=3 ")
    'play hand dealer=3'
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a position text is a str, not {type(text).__name__}")
    line = text.strip()
    if "\n" in line:
        raise NotationError("a position text is one line")
    return line


def key_value_fields(tokens: Iterable[str], allowed: Collection[str]) -> dict[str, str]:
    """The ``key=value`` tokens as a dict; an unknown key, a token without ``=`` or a key given
    twice is a :class:`~cardrules.errors.NotationError`."""
    fields: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or key not in allowed:
            raise NotationError(f"position text: {token[:40]!r} is not a known key=value field")
        if key in fields:
            raise NotationError(f"position text: {key} is given twice")
        fields[key] = value
    return fields


def card_indices(deck: DeckSpec, value: object, what: str, rule: RuleId) -> list[int]:
    """Deck indices of ``value``: card text (``"5C 5S"``, ``"5C,5S"`` or ``"5C+5S"``; ``"-"`` or
    ``""`` for none) or a sequence of :class:`~cardrules.cards.Card` or card texts.

    A value of another type is an :class:`~cardrules.errors.ArgumentTypeError`; a card outside
    ``deck`` a :class:`~cardrules.errors.PositionError` citing ``rule`` (the game's "every card"
    rule); ``what`` names the field in both.

    >>> from cardrules import get_deck
    >>> from cardrules.games.euchre import EuchreRule
    >>> card_indices(get_deck("euchre24"), "9C,JH", "hand 0", EuchreRule.E2)
    [0, 14]
    >>> card_indices(get_deck("euchre24"), "2C", "hand 0", EuchreRule.E2)
    Traceback (most recent call last):
    ...
    cardrules.errors.PositionError: position: rule E2 (the deck): hand 0: 2C is not a card of the euchre24 deck
    """
    if isinstance(value, str):
        text = value.replace(",", " ").replace("+", " ").strip()
        cards: Sequence[Any] = () if text in ("", "-") else parse_cards(text)
    elif isinstance(value, Sequence):
        cards = value
    else:
        raise ArgumentTypeError(
            f"{what} must be card text or a sequence of cards, not {type(value).__name__}"
        )
    out = []
    for card in cards:
        if isinstance(card, str):
            card = Card.parse(card)
        if type(card) is not Card:
            raise ArgumentTypeError(f"{what}: a card must be a Card, not {type(card).__name__}")
        if card not in deck:
            raise PositionError(rule, f"{what}: {card} is not a card of the {deck.name} deck")
        out.append(deck.index(card))
    return out
