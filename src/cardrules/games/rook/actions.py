"""The actions of Tournament Rook: small frozen values with a text notation.

=========================  =====================================================
action                     notation
=========================  =====================================================
:class:`Bid` ``(85)``      ``bid 85``
:class:`Pass`              ``pass``
:class:`Redeal`            ``redeal`` (R8, a hand without counters)
:class:`Bury` ``(cards)``  ``bury R5 G14 Y6 B7 Bird`` (five cards, one action)
:class:`NameTrump`         ``trump Green``
:class:`Play` ``(card)``   ``play Y10``, ``play Bird``
:class:`CorrectRevoke`     ``correct`` (R24, the offender takes its revoke back)
:class:`ClaimRevoke`       ``claim`` (R24, claim the opponents' established revoke)
=========================  =====================================================

>>> format_rook_action(Bury(parse_cards("R5 G14 Y6 B7 R")))
'bury R5 Y6 G14 B7 Bird'
>>> format_rook_action(Play(BIRD)), format_rook_action(NameTrump(Suit.GREEN))
('play Bird', 'trump Green')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from cardrules import ArgumentTypeError, Card, NotationError, Suit, get_deck
from cardrules.game import action_field_type_error

__all__ = [
    "Bid",
    "Bury",
    "ClaimRevoke",
    "CorrectRevoke",
    "NameTrump",
    "Pass",
    "Play",
    "Redeal",
    "RookAction",
    "card_text",
    "format_rook_action",
]

# The full 57-card deck orders every Rook card; a Bury keeps its cards in that order so that the
# same five cards always make the same (equal, hashable) action whatever order they were given in.
_ORDER: Final = {card: i for i, card in enumerate(get_deck("rook57").cards)}


@attrs.frozen
class Pass:
    """Pass in the auction (R9, R11): the player is out of the bidding for the hand."""


@attrs.frozen
class Bid:
    """Bid ``amount`` (R10): a multiple of 5 from 70 to 120, above the high bid."""

    amount: int

    def __attrs_post_init__(self) -> None:
        # The type is checked here; the range (R10) is the game's check, with its rule id.
        if type(self.amount) is not int:
            raise action_field_type_error(Bid, "amount", "an int", self.amount)


@attrs.frozen
class Redeal:
    """Ask for a redeal because the nine dealt cards hold no counter (R8)."""


def _sorted_cards(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    given: object = cards  # whatever the caller passed, whatever the annotation says
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise ArgumentTypeError(
            f"Bury takes a sequence of cards, not {type(given).__name__} {given!r:.40}"
        )
    try:
        return tuple(sorted(cards, key=_ORDER.__getitem__))
    except (KeyError, TypeError):
        # Not Rook cards: keep them as given; the engine rejects such an action with a rule id.
        return tuple(cards)


@attrs.frozen
class Bury:
    """The bidder lays five cards aside as the new nest (R13). Cards are kept in deck order.

    >>> Bury(parse_cards("Y6 R5")).cards
    (Card.parse('R5'), Card.parse('Y6'))
    >>> Bury("R5 Y6")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: Bury takes a sequence of cards, not str 'R5 Y6'
    """

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    def __attrs_post_init__(self) -> None:
        # Cards only; whether they are five cards of the bidder's hand is the game's check (R13).
        for card in self.cards:
            if type(card) is not Card:
                raise action_field_type_error(Bury, "cards", "Cards only", card)


_set: Final = object.__setattr__


def bury_of_sorted(cards: tuple[Card, ...]) -> Bury:
    """``Bury(cards)`` for cards already in :class:`Bury`'s canonical order, without re-sorting.

    The engine lists thousands of buries per hand; this skips the converter's sort (the result is
    the same value: ``bury_of_sorted(Bury(c).cards) == Bury(c)``).
    """
    bury = _new_bury(Bury)
    _set(bury, "cards", cards)  # the frozen class's own way of filling a field
    return bury


_new_bury: Final = object.__new__


@attrs.frozen
class NameTrump:
    """The bidder names the trump colour (R13)."""

    suit: Suit

    def __attrs_post_init__(self) -> None:
        if type(self.suit) is not Suit:
            raise action_field_type_error(NameTrump, "suit", "a Suit", self.suit)


@attrs.frozen
class Play:
    """Play one card to the trick (R15–R17)."""

    card: Card

    def __attrs_post_init__(self) -> None:
        if type(self.card) is not Card:
            raise action_field_type_error(Play, "card", "a Card", self.card)


@attrs.frozen
class CorrectRevoke:
    """The offender corrects its open revoke (R24, A4), in turn or out of turn: play is rolled
    back to just before it."""


@attrs.frozen
class ClaimRevoke:
    """Claim an established revoke of the claimer's opponents (R24): the hand ends at once.

    Any seat whose opponents have an established revoke may claim, in turn (one of its legal
    actions) or out of turn; the claim names the earliest such revoke, which is penalised. A seat
    never claims its own side's revoke.
    """


RookAction = Pass | Bid | Redeal | Bury | NameTrump | Play | CorrectRevoke | ClaimRevoke
"""Any non-chance action of Rook."""


def card_text(card: Card) -> str:
    """A card in Rook notation: ``"Y10"``, and ``"Bird"`` for the Bird (``"R"`` also reads back).

    >>> card_text(Card.parse("Y10")), card_text(BIRD)
    ('Y10', 'Bird')
    """
    return "Bird" if card.is_bird else card.ascii


def format_rook_action(action: object) -> str:
    """The notation of a Rook action (not the chance actions: the game formats those)."""
    if isinstance(action, Play):
        return f"play {card_text(action.card)}"
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Redeal):
        return "redeal"
    if isinstance(action, Bury):
        return "bury " + " ".join(card_text(c) for c in action.cards)
    if isinstance(action, NameTrump):
        return f"trump {action.suit.name.capitalize()}"
    if isinstance(action, CorrectRevoke):
        return "correct"
    if isinstance(action, ClaimRevoke):
        return "claim"
    raise NotationError(f"not a Rook action: {action!r}")
