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
from typing import Final, Self, final

import attrs

from cardrules import Card, NotationError, parse_cards
from cardrules.combinatorics import SubsetCodes

from .ranking import DECK

__all__ = [
    "LEAD_CODES",
    "NUM_ACTIONS",
    "Lead",
    "Play",
    "action_to_index",
    "face_rank",
    "format_action",
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
    cards = parse_cards(value) if isinstance(value, str) else tuple(value)
    for card in cards:
        if not isinstance(card, Card) or card not in DECK:
            raise NotationError(f"{card!r} is not a Voormsi card")
    if not 1 <= len(cards) <= 4 or len(set(cards)) != len(cards):
        raise NotationError(f"a group holds 1-4 different cards, not {len(cards)}")
    return tuple(sorted(cards, key=DECK.index))


@attrs.frozen
class _Group:
    """1–4 different Voormsi cards, kept in deck order so that equal groups are equal values."""

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    mask: int = attrs.field(init=False, eq=False, repr=False)
    """The cards as a bitmask over ``voormsi36`` (derived)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "mask", mask_of(self.cards))

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


def face_rank(card: int, *, diamond_three_is_king: bool) -> int:
    """The face rank that groups a lead (V16); the ♦3 counts as a King only under C4."""
    rank = DECK.cards[card].rank
    return 13 if rank == 3 and diamond_three_is_king else rank


def format_action(action: Lead | Play) -> str:
    """``lead 9C 9H`` or ``play JC 8D``."""
    verb = "lead" if isinstance(action, Lead) else "play"
    return verb + " " + " ".join(c.ascii for c in action.cards)


# Arithmetic codes (cardrules.combinatorics): GameBase's table of every action would be 66k objects.
def action_to_index(action: object) -> int:
    """The integer code of a :class:`Lead` or :class:`Play` (see the module docstring)."""
    if isinstance(action, Lead):
        indices = [DECK.index(c) for c in action.cards]
        families = {_FAMILY_OF[i][0] for i in indices}
        if len(families) != 1:
            raise NotationError(f"{format_action(action)} is not of one face rank (V16)")
        subset = sum(1 << _FAMILY_OF[i][1] for i in indices)
        return 15 * families.pop() + subset - 1
    if isinstance(action, Play):
        return LEAD_CODES + _PLAY_CODES.encode([DECK.index(c) for c in action.cards])
    raise NotationError(f"{action!r} is not a Voormsi action")


def index_to_action(index: int) -> Lead | Play:
    """The action of an integer code."""
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < NUM_ACTIONS:
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
