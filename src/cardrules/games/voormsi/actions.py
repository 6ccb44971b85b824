"""Voormsi actions and their compact integer encoding.

A trick starts with a :class:`Lead` of 1–4 cards of one face rank (V16); every later play is a
:class:`Play` of as many cards (V17). Cards are kept in deck order so equal groups are equal values.

Encoding (stable, independent of the rules): codes ``0..134`` are leads, ``15·r + (m − 1)`` for the
face-rank family ``r`` (5 6 7 8 9 J Q K A, the K family being K♣ ♦3 K♥ K♠) and the non-empty subset
``m`` of its four cards; the ♦3 alone is the lead of the subset {♦3} of the K family. Codes from
``135`` are plays, one per subset of 1–4 of the 36 cards, ranked in the combinatorial number system
(size 1 first). That is ``135 + 36 + 630 + 7140 + 58905 = 66846`` codes, computed arithmetically, so
no table of 66k actions is ever built.

>>> a = Lead.of("9H 9C")
>>> a, format_action(a)
(Lead.of('9C 9H'), 'lead 9C 9H')
>>> index_to_action(action_to_index(Play.of("JC 8D"))) == Play.of("8D JC")
True
>>> NUM_ACTIONS
66846
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, Self, TypeAlias, cast, final

import attrs

from cardrules import ArgumentError, ArgumentTypeError, Card, NotationError, parse_cards
from cardrules.combinatorics import SubsetCodes
from cardrules.errors import short_repr
from cardrules.game import action_field_type_error
from cardrules.games.voormsi.ranking import DECK

__all__ = [
    "LEAD_CODES",
    "NUM_ACTIONS",
    "Lead",
    "Play",
    "VoormsiAction",
    "action_to_index",
    "face_rank",
    "format_action",
    "group_mask",
    "index_to_action",
    "mask_of",
]

_FAMILIES: Final = tuple(
    tuple(DECK.index(c) for c in parse_cards(text))
    for text in ("5C 5S 5H 5D", "6C 6S 6H 6D", "7C 7S 7H 7D", "8C 8S 8H 8D", "9C 9S 9H 9D",
                 "JC JS JH JD", "QC QS QH QD", "KC 3D KH KS", "AC AS AH AD")
)  # fmt: skip
_FAMILY_OF: Final = {
    card: (f, k) for f, members in enumerate(_FAMILIES) for k, card in enumerate(members)
}
LEAD_CODES: Final = 15 * len(_FAMILIES)
_PLAY_CODES: Final = SubsetCodes(len(DECK), max_size=4)
NUM_ACTIONS: Final = LEAD_CODES + _PLAY_CODES.size


def _cards(value: Iterable[Card] | str) -> tuple[Card, ...]:
    if isinstance(value, str):
        cards = parse_cards(value)
    else:
        try:
            cards = tuple(value)
        except TypeError:
            # Not cards at all: left for __attrs_post_init__, which names the class (#28).
            return cast(tuple[Card, ...], value)
    if any(type(card) is not Card for card in cards):
        return cards  # refused by __attrs_post_init__ with an ArgumentTypeError
    for card in cards:
        if card not in DECK:
            raise NotationError(f"{_short(card)} is not a Voormsi card")
    if not 1 <= len(cards) <= 4 or len(set(cards)) != len(cards):
        raise NotationError(f"a group holds 1-4 different cards, not {len(cards)}")
    return tuple(sorted(cards, key=DECK.index))


class _Interned:
    """A slot outside the attrs fields, ``interned``: ``True`` only on the groups the engine
    interns (``lead_of``/``play_of``), ``False`` on a group built anew, and missing on a copy
    (copies, pickles and deep copies carry the fields only). ``apply`` trusts the fields of an
    interned group, the ones ``legal_actions`` hands out, and checks any other group field by
    field (:func:`group_mask`): one slot read instead of a dict look-up on the hot path."""

    __slots__ = ("interned",)
    interned: bool
    """Whether this is one of the engine's interned groups (read-only; see above)."""


@attrs.frozen
class _Group(_Interned):
    """1–4 different Voormsi cards, kept in deck order so that equal groups are equal values."""

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    mask: int = attrs.field(init=False, eq=False, repr=False)
    """The cards as a bitmask over ``voormsi36`` (derived)."""

    def __attrs_post_init__(self) -> None:
        cards: object = self.cards
        if type(cards) is not tuple:
            raise action_field_type_error(type(self), "cards", "1-4 Cards", cards)
        for card in cards:
            if type(card) is not Card:
                raise action_field_type_error(type(self), "cards", "1-4 Cards", card)
        object.__setattr__(self, "mask", mask_of(self.cards))
        object.__setattr__(self, "interned", False)

    @classmethod
    def of(cls, text: str) -> Self:
        """The action of these cards' notation (``Lead.of("9C 9H")``)."""
        return cls(parse_cards(text))

    def __repr__(self) -> str:
        return f"{type(self).__name__}.of({' '.join(c.ascii for c in self.cards)!r})"


@final
@attrs.frozen(repr=False)
class Lead(_Group):
    """Lead 1–4 cards of one face rank (V16)."""


@final
@attrs.frozen(repr=False)
class Play(_Group):
    """Play as many cards as were led (V17); any cards (V14) unless a rule compels (V15, C2)."""


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of some Voormsi cards."""
    mask = 0
    for card in cards:
        mask |= 1 << DECK.index(card)
    return mask


_BIT: Final = {card: 1 << i for i, card in enumerate(DECK.cards)}


_short = short_repr  # for messages: a hostile __repr__ does not hide the real error


def group_mask(action: object, argument: str = "action") -> int:
    """The card mask of a sound :class:`Lead` or :class:`Play`, checked field by field.

    A group built through its constructor is always sound; one whose fields were changed behind
    its back is refused: ``cards`` must be a tuple of 1–4 different Voormsi cards in deck order
    (V2, V16) and ``mask`` the int those cards make. Wrong types raise
    :class:`~cardrules.errors.ArgumentTypeError`, wrong values
    :class:`~cardrules.errors.ArgumentError`; the message names ``argument``.

    >>> group_mask(Play.of("JC 8D")) == mask_of(parse_cards("JC 8D"))
    True
    >>> import copy
    >>> bad = copy.copy(Play.of("JC"))
    >>> object.__setattr__(bad, "mask", 1)
    >>> group_mask(bad)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: action.mask is 1, but action.cards JC make 32
    >>> group_mask("play JC")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: action must be a Lead or a Play, not str 'play JC'
    """
    cls = type(action)
    if cls is not Lead and cls is not Play:
        raise ArgumentTypeError(
            f"{argument} must be a Lead or a Play, not {cls.__name__} {_short(action)}"
        )
    cards = getattr(action, "cards", None)
    if type(cards) is not tuple:
        raise ArgumentTypeError(
            f"{argument}.cards must be a tuple of cards, not {type(cards).__name__} {_short(cards)}"
        )
    if not 1 <= len(cards) <= 4:
        raise ArgumentError(f"{argument}.cards must hold 1-4 cards (V16, V17), not {len(cards)}")
    mask = 0
    for card in cards:
        if type(card) is not Card:
            raise ArgumentTypeError(
                f"{argument}.cards must hold Cards, not {type(card).__name__} {_short(card)}"
            )
        bit = _BIT.get(card)
        if bit is None:
            raise ArgumentError(f"{argument}.cards: {card} is not a Voormsi card (V2)")
        if bit <= mask:  # a repeated card, or one out of deck order
            raise ArgumentError(
                f"{argument}.cards must be different cards in deck order, not "
                + " ".join(c.ascii for c in cards)
            )
        mask |= bit
    declared = getattr(action, "mask", None)
    if type(declared) is not int:
        raise ArgumentTypeError(
            f"{argument}.mask must be an int, not {type(declared).__name__} {_short(declared)}"
        )
    if declared != mask:
        raise ArgumentError(
            f"{argument}.mask is {_short(declared)}, but {argument}.cards "
            f"{' '.join(c.ascii for c in cards)} make {mask}"
        )
    return mask


def face_rank(card: int, *, diamond_three_is_king: bool) -> int:
    """The face rank that groups a lead (V16); the ♦3 counts as a King only under C4."""
    rank = DECK.cards[card].rank
    return 13 if rank == 3 and diamond_three_is_king else rank


VoormsiAction: TypeAlias = Lead | Play
"""Every action of a Voormsi seat: a lead or a play of a group (the type a typed bot chooses)."""


def format_action(action: Lead | Play) -> str:
    """``lead 9C 9H`` or ``play JC 8D`` (the group is checked first, see :func:`group_mask`)."""
    group_mask(action)
    verb = "lead" if type(action) is Lead else "play"
    return verb + " " + " ".join(c.ascii for c in action.cards)


# Arithmetic codes (cardrules.combinatorics): GameBase's table of every action would be 66k objects.
def action_to_index(action: object) -> int:
    """The integer code of a :class:`Lead` or :class:`Play` (see the module docstring).

    Anything else is a :class:`~cardrules.errors.NotationError`; a group whose fields were
    changed behind its back is refused as :func:`group_mask` says.
    """
    if not isinstance(action, Lead | Play):  # (both final: exactly these two classes)
        raise NotationError(f"{_short(action)} is not a Voormsi action")
    mask = group_mask(action)
    if type(action) is Lead:
        indices = [i for i in range(len(DECK)) if mask >> i & 1]
        families = {_FAMILY_OF[i][0] for i in indices}
        if len(families) != 1:
            raise NotationError(f"{format_action(action)} is not of one face rank (V16)")
        subset = sum(1 << _FAMILY_OF[i][1] for i in indices)
        return 15 * families.pop() + subset - 1
    return LEAD_CODES + _PLAY_CODES.encode([i for i in range(len(DECK)) if mask >> i & 1])


def index_to_action(index: int) -> Lead | Play:
    """The action of an integer code."""
    if type(index) is not int:
        raise ArgumentTypeError(
            f"a Voormsi action code is an int, not {type(index).__name__} {_short(index)}"
        )
    if not 0 <= index < NUM_ACTIONS:
        raise NotationError(f"{index!r} is not a Voormsi action code (0..{NUM_ACTIONS - 1})")
    if index < LEAD_CODES:
        family, subset = divmod(index, 15)
        members = _FAMILIES[family]
        return Lead(tuple(DECK.cards[members[k]] for k in range(4) if (subset + 1) >> k & 1))
    return Play(tuple(DECK.cards[c] for c in _PLAY_CODES.decode(index - LEAD_CODES)))


def iter_all_actions() -> Iterator[Lead | Play]:
    """Every action, in code order."""
    for index in range(NUM_ACTIONS):
        yield index_to_action(index)
