"""Tricks: the trick value, follow rules, and winner resolution for single cards and card groups.

>>> deck = get_deck("euchre24")
>>> order = trump_order(deck, Suit.SPADES, promoted=parse_cards("JS JC"))
>>> trick = Trick(leader=1).add(1, Card.parse("AH")).add(2, Card.parse("9H")).add(3, Card.parse("JC"))
>>> trick.winner(order), trick.led
(3, Card.parse('AH'))
>>> hand = deck.mask("JC 9H AD")
>>> CardSet(deck, must_follow(order)(hand, deck.index("AS")))
CardSet('euchre24', 'JC')

Card groups (Voormsi's pairs, triples and quadruples) are compared with :func:`group_beats`: a group
beats another when a one-to-one pairing exists in which each card beats a different card.

>>> group_beats((9, 4), (5, 3), lambda a, b: a > b)
((0, 0), (1, 1))
>>> group_beats((9, 4), (5, 3), lambda a, b: a > b and a > 4) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, final

import attrs

from cardrules.cards import Card
from cardrules.errors import RulesError
from cardrules.ranking import SuitOrder

__all__ = [
    "FollowRule",
    "GroupTrick",
    "Trick",
    "free_play",
    "group_beats",
    "heading_position",
    "must_follow",
    "pair_up",
    "with_always_playable",
]

T = TypeVar("T")

FollowRule = Callable[[int, "int | None"], int]
"""A follow rule: ``(hand_mask, led_card_index or None) -> mask of the cards that may be played``."""


def free_play() -> FollowRule:
    """Any held card may be played (Voormsi's V14, any lead).

    >>> free_play()(0b1011, 3)
    11
    """

    def rule(hand: int, led: int | None) -> int:
        return hand

    return rule


def must_follow(order: SuitOrder) -> FollowRule:
    """Follow the led card's *effective* suit if able, else play anything (E13, R15).

    The effective suit comes from ``order``, so a left bower or the Rook Bird counts as a trump.
    """
    effective = order.effective_suits
    masks = order.suit_masks

    def rule(hand: int, led: int | None) -> int:
        if led is None:
            return hand
        following = hand & masks.get(effective[led], 0)
        return following or hand

    return rule


def with_always_playable(rule: FollowRule, always: int) -> FollowRule:
    """Extend ``rule`` so that the cards in the ``always`` mask may be played at any time (R16).

    >>> deck = get_deck("rook41")
    >>> order = trump_order(deck, Suit.GREEN, promoted=[Card.parse("R")])
    >>> rule = with_always_playable(must_follow(order), deck.mask("R"))
    >>> CardSet(deck, rule(deck.mask("R5 R9 R Y5"), deck.index("R14")))
    CardSet('rook41', 'R5 R9 R')
    """

    def extended(hand: int, led: int | None) -> int:
        return rule(hand, led) | (hand & always)

    return extended


@final
@attrs.frozen
class Trick:
    """A trick of single cards: who led, and the ``(seat, card)`` plays in order.

    A value: :meth:`add` returns a new trick.
    """

    leader: int
    plays: tuple[tuple[int, Card], ...] = ()

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that have played, in order."""
        return tuple(seat for seat, _ in self.plays)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played, in order."""
        return tuple(card for _, card in self.plays)

    @property
    def led(self) -> Card | None:
        """The first card, or ``None`` for an empty trick."""
        return self.plays[0][1] if self.plays else None

    def __len__(self) -> int:
        return len(self.plays)

    def add(self, seat: int, card: Card) -> Trick:
        """The trick with one more play."""
        if not self.plays and seat != self.leader:
            raise RulesError(f"seat {seat} cannot lead a trick whose leader is seat {self.leader}")
        return Trick(self.leader, (*self.plays, (seat, card)))

    def winner(self, order: SuitOrder) -> int:
        """The seat that wins the trick under ``order``."""
        deck = order.deck
        position = order.winning_position([deck.index(card) for card in self.cards])
        return self.plays[position][0]


@final
@attrs.frozen
class GroupTrick:
    """A trick in which each play is a group of cards (Voormsi's multi-card leads)."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that have played, in order."""
        return tuple(seat for seat, _ in self.plays)

    @property
    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """The groups played, in order."""
        return tuple(group for _, group in self.plays)

    @property
    def size(self) -> int:
        """Cards per group (set by the lead); 0 for an empty trick."""
        return len(self.plays[0][1]) if self.plays else 0

    def __len__(self) -> int:
        return len(self.plays)

    def add(self, seat: int, group: Sequence[Card]) -> GroupTrick:
        """The trick with one more group; every group must match the lead's size."""
        group = tuple(group)
        if not group:
            raise RulesError("a group holds at least one card")
        if self.plays and len(group) != self.size:
            raise RulesError(f"this trick takes groups of {self.size}, not {len(group)}")
        if not self.plays and seat != self.leader:
            raise RulesError(f"seat {seat} cannot lead a trick whose leader is seat {self.leader}")
        return GroupTrick(self.leader, (*self.plays, (seat, group)))


def group_beats(
    group: Sequence[T], heading: Sequence[T], beats: Callable[[T, T], bool]
) -> tuple[tuple[int, int], ...] | None:
    """Whether ``group`` beats ``heading``: a one-to-one pairing in which each card beats its partner.

    Returns the pairing as ``(position in group, position in heading)`` pairs, or ``None`` when no
    such pairing exists. ``beats(a, b)`` is the single-card rule. The search is a bipartite matching
    (augmenting paths), exact for groups of any size.
    """
    if len(group) != len(heading):
        raise RulesError("groups of different sizes cannot be compared")
    edges = [
        sum(1 << j for j, h in enumerate(heading) if beats(g, h)) for g in group
    ]  # bitmask per group card
    partners = pair_up(edges)
    return None if partners is None else tuple(enumerate(partners))


def pair_up(edges: Sequence[int]) -> tuple[int, ...] | None:
    """A one-to-one pairing of group cards with heading cards, each along an edge (V18's matching).

    ``edges[i]`` is the bitmask of the heading positions that group card ``i`` beats. Returns the
    heading position paired with each group position, or ``None`` when no pairing covers every
    card. The search is a bipartite matching by augmenting paths, group cards in order and, for
    each, heading positions lowest first; :func:`group_beats` is this on a ``beats`` function. A
    game that has the edges as bits already (from a table) calls it directly, without one Python
    call per pair of cards.

    >>> pair_up([0b11, 0b01])  # card 0 beats both heading cards, card 1 only the first
    (1, 0)
    >>> pair_up([0b01, 0b01]) is None
    True
    """
    size = len(edges)
    owner = [-1] * size  # the group position paired with each heading position
    seen = 0

    def augment(i: int) -> bool:
        nonlocal seen
        free = edges[i] & ~seen
        while free:
            low = free & -free
            seen |= low
            j = low.bit_length() - 1
            if owner[j] < 0 or augment(owner[j]):
                owner[j] = i
                return True
            free = edges[i] & ~seen  # the recursion may have seen more
        return False

    for i in range(size):
        seen = 0
        if not augment(i):
            return None
    partners = [0] * size
    for j, i in enumerate(owner):
        partners[i] = j
    return tuple(partners)


def heading_position(plays: Sequence[T], beats: Callable[[T, T], bool]) -> int:
    """The position of the play heading after all ``plays``: a later play takes over when it beats the
    one currently heading (V12, V19). Works for single cards and for groups.

    >>> heading_position([3, 7, 5, 9], lambda a, b: a > b)
    3
    """
    if not plays:
        raise RulesError("an empty trick has no heading play")
    best = 0
    for pos in range(1, len(plays)):
        if beats(plays[pos], plays[best]):
            best = pos
    return best
