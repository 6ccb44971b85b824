"""Euchre actions: small frozen values, interned by the game so legal-action lists allocate nothing.

Notation (read back by :meth:`EuchreGame.parse_action`):

==============================  =====================================================================
``pass``                        pass in either bidding round, or decline to defend alone
``order`` / ``order alone``     accept the up-card's suit in round one (order up, assist, pick up)
``name S`` / ``name S alone``   name a suit in round two
``name notrump`` (+ ``alone``)  name no-trump in round two (``no_trump``)
``discard 9C``                  the dealer's discard after picking up
``play JD``                     play a card
``defend alone``                a defender plays alone against a lone maker (``defend_alone``)
``farmers hand``                claim a redeal with a farmer's hand (out of turn; ``farmers_hand``)
``correct 9D``                  revoke mode: the offender takes back a revoke, playing ``9D`` instead
``claim revoke``                revoke mode: an opponent claims an established revoke
==============================  =====================================================================
"""

from __future__ import annotations

import attrs

from cardrules import Card, Suit
from cardrules.game import action_field_type_error

# Every field is checked when an action is built (``Play(True)``, ``OrderUp(alone=1)`` raise
# ArgumentTypeError naming the class and field); whether a card is one of the 24, or a suit one of
# ♣ ♦ ♥ ♠, is the game's check (E2, E7). The engine still refuses an action whose fields were
# changed after construction.


def _check_alone(cls: type, alone: object) -> None:
    if type(alone) is not bool:
        raise action_field_type_error(cls, "alone", "True or False", alone)


def _check_card(cls: type, card: object) -> None:
    if type(card) is not Card:
        raise action_field_type_error(cls, "card", "a Card", card)


__all__ = [
    "ClaimRevoke",
    "CorrectRevoke",
    "DefendAlone",
    "Discard",
    "EuchreAction",
    "FarmersHandClaim",
    "NameNoTrump",
    "NameTrump",
    "OrderUp",
    "Pass",
    "Play",
]


@attrs.frozen
class Pass:
    """Pass in a bidding round (E6, E7), or decline to defend alone (EV1)."""


@attrs.frozen
class OrderUp:
    """Round one: accept the up-card's suit as trump (E6), optionally alone (E9)."""

    alone: bool = False

    def __attrs_post_init__(self) -> None:
        _check_alone(OrderUp, self.alone)


@attrs.frozen
class NameTrump:
    """Round two: name ``suit`` (one of ♣ ♦ ♥ ♠) as trump (E7), optionally alone (E9).

    No-trump is its own action, :class:`NameNoTrump`: every field of an action has one type, so a
    ``NameTrump`` whose suit is missing (``None``) is refused like any other malformed action.
    """

    suit: Suit
    alone: bool = False

    def __attrs_post_init__(self) -> None:
        if type(self.suit) is not Suit:
            raise action_field_type_error(NameTrump, "suit", "a Suit", self.suit)
        _check_alone(NameTrump, self.alone)


@attrs.frozen
class NameNoTrump:
    """Round two with the ``no_trump`` option: name no-trump (EV3), optionally alone (E9)."""

    alone: bool = False

    def __attrs_post_init__(self) -> None:
        _check_alone(NameNoTrump, self.alone)


@attrs.frozen
class Discard:
    """The dealer's face-down discard after taking the up-card (E6)."""

    card: Card

    def __attrs_post_init__(self) -> None:
        _check_card(Discard, self.card)


@attrs.frozen
class Play:
    """Play one card to the trick (E12-E14)."""

    card: Card

    def __attrs_post_init__(self) -> None:
        _check_card(Play, self.card)


@attrs.frozen
class DefendAlone:
    """A defender plays alone against a lone maker; the defender's partner sits out (EV1)."""


@attrs.frozen
class FarmersHandClaim:
    """Out of turn: a seat dealt a farmer's hand demands a new deal by the same dealer (E5)."""


@attrs.frozen
class CorrectRevoke:
    """Out of turn (revoke mode, E17): the offender takes back a pending revoke and plays ``card``."""

    card: Card

    def __attrs_post_init__(self) -> None:
        _check_card(CorrectRevoke, self.card)


@attrs.frozen
class ClaimRevoke:
    """Out of turn (revoke mode, E17): an opponent of the offender claims an established revoke."""


EuchreAction = (
    Pass
    | OrderUp
    | NameTrump
    | NameNoTrump
    | Discard
    | Play
    | DefendAlone
    | FarmersHandClaim
    | CorrectRevoke
    | ClaimRevoke
)
"""Any Euchre action (chance actions aside)."""
