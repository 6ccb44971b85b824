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

import contextlib
from typing import Any, Final

import attrs

from cardrules import (
    Card,
    ChooseDealer,
    Deal,
    IllegalActionError,
    NotationError,
    Suit,
    get_deck,
)
from cardrules.game import action_field_type_error
from cardrules.games.euchre.checks import show
from cardrules.games.euchre.rulebook import EuchreRule

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
    "BAD_DEAL",
    "CLAIM",
    "CORRECTS",
    "DEALERS",
    "DEFEND",
    "DISCARDS",
    "FARMER",
    "NAMES",
    "ORDER_UPS",
    "PASS",
    "PLAYS",
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
    "action_text",
    "bid_text",
    "checked_action",
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


# -- the interned actions ------------------------------------------------------------------------
# Every action exists once: the legal lists, the encoding and the API edge all hand out these
# objects, so the fast paths match an action by identity. Actions are immutable values, shared by
# every game object.
DECK_CARDS: Final = get_deck("euchre24").cards
_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
PASS: Final = Pass()
"""The one :class:`Pass`."""
DEFEND: Final = DefendAlone()
"""The one :class:`DefendAlone`."""
FARMER: Final = FarmersHandClaim()
"""The one :class:`FarmersHandClaim`."""
CLAIM: Final = ClaimRevoke()
"""The one :class:`ClaimRevoke`."""
ORDER_UPS: Final[tuple[OrderUp, OrderUp]] = (OrderUp(False), OrderUp(True))
"""``ORDER_UPS[alone]``: the two order-ups."""
NAMES: Final[dict[tuple[Suit | None, bool], NameTrump | NameNoTrump]] = {
    **{(s, alone): NameTrump(s, alone) for alone in (False, True) for s in _SUITS},
    **{(None, alone): NameNoTrump(alone) for alone in (False, True)},
}
"""``NAMES[(suit, alone)]``: the round-two bids; suit ``None`` is no-trump."""
PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in DECK_CARDS)
"""``PLAYS[card]``: the play of each card index of the 24-card deck."""
DISCARDS: Final[tuple[Discard, ...]] = tuple(Discard(c) for c in DECK_CARDS)
"""``DISCARDS[card]``: the discard of each card index."""
CORRECTS: Final[tuple[CorrectRevoke, ...]] = tuple(CorrectRevoke(c) for c in DECK_CARDS)
"""``CORRECTS[card]``: the revoke correction naming each card index."""
DEALERS: Final[tuple[ChooseDealer, ...]] = tuple(ChooseDealer(s) for s in range(4))
"""``DEALERS[seat]``: the draws of the first dealer (E3), a chance action."""

# -- checking and writing actions ----------------------------------------------------------------
# id() of each deck card -> its index. Cards are interned (``Card(rank, suit)`` always returns the
# one instance, held by the deck), so this is an exact and cheap test that a value is a card of
# the deck: a bool, a float, a foreign card or any look-alike is simply absent.
_CARD_IDS: Final = {id(c): i for i, c in enumerate(DECK_CARDS)}
_MISSING: Final = object()
_DECK_RANGE: Final = range(24)
BAD_DEAL: Final = "a deal must order all 24 cards once (as int indices)"
"""The E4 error of a deal that does not order the 24 card indices once each."""


def _alone_of(action: object) -> bool:
    alone = getattr(action, "alone", _MISSING)
    if type(alone) is not bool:
        raise _malformed(
            EuchreRule.E9,
            f"{type(action).__name__}.alone must be True or False, not {show(alone)}",
            action,
        )
    return alone


def _malformed(rule: EuchreRule, why: str, action: object) -> IllegalActionError:
    """The error for an action with a bad field; ``action`` as itself if it can be shown."""
    try:
        repr(action)
    except Exception:  # a field missing altogether, or a hostile __repr__
        return IllegalActionError(rule, why, action=show(action))
    return IllegalActionError(rule, why, action=action)


def checked_action(action: object) -> EuchreAction | Deal | ChooseDealer:
    """The game's own (interned) action equal to ``action``, once every field is checked.

    The API edge of ``EuchreGame.apply``, ``format_action`` and ``action_to_index``. A field
    of the wrong type or out of range raises :class:`IllegalActionError` naming the rule it
    breaks, even where Python's ``==`` would take it for a good one (``True == 1``): E2 for a
    card that is not one of the 24 (``Play(True)``, ``Discard("9C")``, a Rook card), E7 for a
    named suit that is not ♣ ♦ ♥ ♠ (``NameTrump("H")``; no-trump is :class:`NameNoTrump`), E9
    for ``alone`` that is not a ``bool`` (``OrderUp(alone=1)``), E3 for a first dealer that is
    not a seat, E4 for a deal that does not order the 24 card indices (ints) once each. A value
    that is no Euchre action at all is a :class:`~cardrules.errors.NotationError`. (The
    constructors already refuse a field of the wrong type; these checks catch an action whose
    fields were changed after construction.)

    >>> checked_action(Play(Card.parse("JH"))) is PLAYS[DECK_CARDS.index(Card.parse("JH"))]
    True
    >>> checked_action(Play(Card.parse("2C")))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalActionError: rule E2 (the deck): Play.card must be a card of the 24-card deck (9 10 J Q K A of ♣ ♦ ♥ ♠), not Card 2C [action Play(card=Card.parse('2C'))]
    """
    kind = type(action)
    if kind is Play or kind is Discard or kind is CorrectRevoke:
        card = getattr(action, "card", _MISSING)
        index = _CARD_IDS.get(id(card), -1)
        if index < 0:
            what = show(card) if type(card) is not Card else f"Card {card}"
            raise _malformed(
                EuchreRule.E2,
                f"{kind.__name__}.card must be a card of the 24-card deck "
                f"(9 10 J Q K A of ♣ ♦ ♥ ♠), not {what}",
                action,
            )
        return (PLAYS if kind is Play else DISCARDS if kind is Discard else CORRECTS)[index]
    if kind is Pass:
        return PASS
    if kind is OrderUp:
        return ORDER_UPS[_alone_of(action)]
    if kind is NameTrump:
        suit = getattr(action, "suit", _MISSING)
        if type(suit) is not Suit or suit not in _SUITS:
            raise _malformed(
                EuchreRule.E7,
                f"NameTrump.suit must be one of ♣ ♦ ♥ ♠ (no-trump is NameNoTrump), "
                f"not {show(suit)}",
                action,
            )
        return NAMES[(suit, _alone_of(action))]
    if kind is NameNoTrump:
        return NAMES[(None, _alone_of(action))]
    if kind is DefendAlone:
        return DEFEND
    if kind is FarmersHandClaim:
        return FARMER
    if kind is ClaimRevoke:
        return CLAIM
    if kind is ChooseDealer:
        seat = getattr(action, "seat", None)
        if type(seat) is not int or not 0 <= seat < 4:
            raise _malformed(
                EuchreRule.E3,
                f"the first dealer is a seat from 0 to 3, not {show(seat)}",
                action,
            )
        return DEALERS[seat]
    if kind is Deal:
        order = getattr(action, "order", None)
        if (
            type(order) is not tuple
            or len(order) != 24
            or not all(type(i) is int for i in order)
            or sorted(order) != list(_DECK_RANGE)
        ):
            raise IllegalActionError(EuchreRule.E4, BAD_DEAL, action="deal")
        return action  # type: ignore[return-value]
    raise NotationError(f"not an action of euchre: {show(action)}")


def action_text(action: Any) -> str:
    """The notation of an action (a checked one, see :func:`checked_action`): ``pass``,
    ``order alone``, ``name H``, ``discard 9C``, ``play JD``, …

    >>> action_text(NAMES[(Suit.HEARTS, True)]), action_text(PLAYS[0])
    ('name H alone', 'play 9C')
    """
    kind = type(action)
    if kind is Play:
        return f"play {action.card}"
    if kind is Pass:
        return "pass"
    if kind is OrderUp:
        return "order alone" if action.alone else "order"
    if kind is NameTrump:
        return f"name {action.suit.letter}" + (" alone" if action.alone else "")
    if kind is NameNoTrump:
        return "name notrump alone" if action.alone else "name notrump"
    if kind is Discard:
        return f"discard {action.card}"
    if kind is DefendAlone:
        return "defend alone"
    if kind is FarmersHandClaim:
        return "farmers hand"
    if kind is CorrectRevoke:
        return f"correct {action.card}"
    if kind is ClaimRevoke:
        return "claim revoke"
    raise NotationError(f"not an action of euchre: {show(action)}")


def bid_text(text: str) -> str:
    """``text`` with the suit of a ``name`` bid written as its letter: a symbol or a word reads as
    the suit (``name ♥``, ``name hearts``), and ``no-trump``, ``nt`` or ``no_trump`` as
    ``notrump``; any other text is returned as it is.

    >>> bid_text("name hearts alone"), bid_text("name NT"), bid_text("play JD")
    ('name H alone', 'name notrump', 'play JD')
    """
    words = text.split()
    if len(words) < 2 or words[0].lower() != "name":
        return text
    word = words[1]
    if word.lower() in ("no-trump", "nt", "no_trump"):
        words[1] = "notrump"
    elif word.lower() != "notrump":
        with contextlib.suppress(NotationError):
            words[1] = Suit.parse(word).letter
    return " ".join(words)
