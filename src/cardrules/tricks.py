"""Tricks: follow rules, winner resolution for single cards and card groups, and a hand's card play.

>>> deck = get_deck("euchre24")
>>> order = trump_order(deck, Suit.SPADES, promoted=parse_cards("JS JC"))
>>> order.winning_position([deck.index(c) for c in ("AH", "9H", "JC")])   # the left bower wins
2
>>> hand = deck.mask("JC 9H AD")
>>> CardSet(deck, must_follow(order)(hand, deck.index("AS")))
CardSet('euchre24', 'JC')

Card groups (Voormsi's pairs, triples and quadruples) are compared with :func:`group_beats`: a group
beats another when a one-to-one pairing exists in which each card beats a different card.

>>> group_beats((9, 4), (5, 3), lambda a, b: a > b)
((0, 0), (1, 1))
>>> group_beats((9, 4), (5, 3), lambda a, b: a > b and a > 4) is None
True

:class:`TrickPlay` is the whole card play of a hand of single-card tricks on card indices and hand
bitmasks: who holds what, the trick on the table, the tricks done and who took them. A game keeps
one in its state, and its rollout is :meth:`TrickPlay.play` in a loop.

>>> deck = get_deck("french52")
>>> order = plain_order(deck, trump=Suit.SPADES)
>>> play = TrickPlay.start([deck.mask("AH 2S"), deck.mask("KH 3H"), deck.mask("2H 4S"), deck.mask("5D 6D")], leader=0)
>>> for card in ("AH", "KH", "4S", "5D"):
...     play = play.play(deck.index(card), order)
>>> play.leader, play.taken, play.to_move
(2, (0, 0, 1, 0), 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TypeVar, final

import attrs

from cardrules.cards import Card, Suit
from cardrules.decks import CardSet, DeckSpec, iter_bits
from cardrules.errors import ArgumentError, ArgumentTypeError, RulesError, short_repr
from cardrules.ranking import SuitOrder
from cardrules.sampling import deal_constrained

__all__ = [
    "FollowRule",
    "SeenPlay",
    "TrickPlay",
    "group_beats",
    "lead_avoiding",
    "must_follow",
    "pair_up",
    "with_always_playable",
]

T = TypeVar("T")

FollowRule = Callable[[int, "int | None"], int]
"""A follow rule: ``(hand_mask, led_card_index or None) -> mask of the cards that may be played``."""


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


def lead_avoiding(rule: FollowRule, barred: int) -> FollowRule:
    """Restrict ``rule`` so that a card in the ``barred`` mask may be led only from a hand holding
    nothing else (the "not broken" lead rule of Spades and Hearts). Following is unchanged.

    >>> deck = get_deck("french52")
    >>> order = plain_order(deck, trump=Suit.SPADES)
    >>> rule = lead_avoiding(must_follow(order), order.suit_mask(Suit.SPADES))
    >>> CardSet(deck, rule(deck.mask("AS 2H"), None)), CardSet(deck, rule(deck.mask("AS KS"), None))
    (CardSet('french52', '2H'), CardSet('french52', 'KS AS'))
    >>> CardSet(deck, rule(deck.mask("AS 2H"), deck.index("3C")))
    CardSet('french52', '2H AS')
    """

    def restricted(hand: int, led: int | None) -> int:
        allowed = rule(hand, led)
        if led is None:
            return allowed & ~barred or allowed
        return allowed

    return restricted


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


@final
@attrs.frozen(weakref_slot=False)  # no weakref slot: cardrules.states fills it by attribute stores
class TrickPlay:
    """The card play of a hand of single-card tricks, on card indices and hand bitmasks.

    ``hands[seat]`` is the mask of the cards ``seat`` still holds; ``trick`` the cards on the table,
    led by ``leader``; ``tricks`` the finished ``(leader, cards)`` tricks in order; ``taken[seat]``
    how many tricks ``seat`` won. Play goes clockwise (to the next seat number) and each trick's
    winner leads the next. ``out`` is the mask of the seats that sit this hand out (a lone
    player's partner in Euchre): they are skipped, a trick is complete when every other seat has
    played, and their cards stay in their hands. A value: :meth:`play` returns a new one. The game
    checks legality (with :meth:`legal` and its follow rule) before it plays.

    >>> deck = get_deck("french52")
    >>> order = plain_order(deck)
    >>> hands = [deck.mask(h) for h in ("AH 2C", "KH 3C", "QH 4C", "JH 5C")]
    >>> play = TrickPlay.start(hands, leader=3, out=0b0100)  # seat 2 sits out
    >>> for card in ("JH", "AH", "KH"):
    ...     play = play.play(deck.index(card), order)
    >>> play.leader, play.taken, play.to_move, CardSet(deck, play.hands[2])
    (0, (1, 0, 0, 0), 0, CardSet('french52', '4C QH'))
    """

    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...] = ()
    tricks: tuple[tuple[int, tuple[int, ...]], ...] = ()
    taken: tuple[int, ...] = ()
    out: int = 0

    @classmethod
    def start(cls, hands: Sequence[int], leader: int, out: int = 0) -> TrickPlay:
        """The play of freshly dealt ``hands`` (masks), ``leader`` to lead the first trick, the
        seats of the mask ``out`` sitting the hand out (the leader must play)."""
        if not 0 <= leader < len(hands):
            raise RulesError(f"leader {leader} is not a seat of {len(hands)}")
        if type(out) is not int or not 0 <= out < (1 << len(hands)) - 1 or out >> leader & 1:
            raise RulesError(
                f"out must be a mask of seats sitting out, without the leader {leader}, not {out!r}"
            )
        return cls(tuple(hands), leader, (), (), (0,) * len(hands), out)

    def seat_after(self, seat: int) -> int:
        """The next seat to the left of ``seat`` that plays this hand.

        >>> TrickPlay.start((1, 2, 4, 8), leader=0, out=0b0010).seat_after(0)
        2
        """
        n = len(self.hands)
        seat = (seat + 1) % n
        while self.out >> seat & 1:
            seat = (seat + 1) % n
        return seat

    def seat_at(self, leader: int, position: int) -> int:
        """The seat playing the ``position``-th card (0: the lead) of a trick led by ``leader``."""
        if not self.out:
            return (leader + position) % len(self.hands)
        seat = leader
        for _ in range(position):
            seat = self.seat_after(seat)
        return seat

    @property
    def active(self) -> int:
        """How many seats play each trick."""
        return len(self.hands) - self.out.bit_count()

    @property
    def num_players(self) -> int:
        """How many seats play."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """Whether every card has been played (by the seats that play)."""
        if self.out:
            return not self.trick and not any(
                h for s, h in enumerate(self.hands) if not self.out >> s & 1
            )
        return not self.trick and not any(self.hands)

    @property
    def to_move(self) -> int | None:
        """The seat to play next, or ``None`` once the play is over."""
        trick = self.trick
        if self.out:
            return None if self.is_over else self.seat_at(self.leader, len(trick))
        if not trick and not any(self.hands):  # is_over, inlined: the hot loops ask this most
            return None
        return (self.leader + len(trick)) % len(self.hands)

    @property
    def led(self) -> int | None:
        """The card led to the current trick, or ``None`` when a lead is due."""
        return self.trick[0] if self.trick else None

    @property
    def played(self) -> int:
        """The mask of every card played so far (finished tricks and the table)."""
        mask = 0
        for _, cards in self.tricks:
            for card in cards:
                mask |= 1 << card
        for card in self.trick:
            mask |= 1 << card
        return mask

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(hand.bit_count() for hand in self.hands)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat that won each finished trick, in order: each winner leads the next trick, so
        the winners are the next tricks' leaders and, for the last, the current leader.

        >>> deck = get_deck("french52")
        >>> play = TrickPlay.start([deck.mask(h) for h in ("AH 2C", "KH 3C", "QH AC", "JH 5C")], 0)
        >>> for card in ("AH", "KH", "QH", "JH", "2C", "3C", "AC", "5C"):
        ...     play = play.play(deck.index(card), plain_order(deck))
        >>> play.winners
        (0, 2)
        """
        tricks = self.tricks
        return tuple(
            tricks[k + 1][0] if k + 1 < len(tricks) else self.leader for k in range(len(tricks))
        )

    def points_taken(self, points: Sequence[int]) -> tuple[int, ...]:
        """Each seat's card points in the tricks it won, ``points[c]`` being card ``c``'s (the
        counters of Rook, the honours of a point-trick game).

        >>> deck = get_deck("french52")
        >>> play = TrickPlay.start([deck.mask(h) for h in ("AH 2C", "KH 3C", "QH AC", "JH 5C")], 0)
        >>> for card in ("AH", "KH", "QH", "JH", "2C", "3C", "AC", "5C"):
        ...     play = play.play(deck.index(card), plain_order(deck))
        >>> aces = [1 if card.rank == 14 else 0 for card in deck.cards]
        >>> play.points_taken(aces)
        (1, 0, 1, 0)
        """
        if not isinstance(points, Sequence) or isinstance(points, str | bytes):
            raise ArgumentTypeError(
                f"points must be a sequence of ints by card index, not {short_repr(points)}"
            )
        taken = [0] * len(self.hands)
        for winner, (_, cards) in zip(self.winners, self.tricks, strict=True):
            for card in cards:
                value = points[card] if card < len(points) else None
                if type(value) is not int:
                    raise ArgumentError(
                        f"points gives card {card} {short_repr(value)}, not an int of its points"
                    )
                taken[winner] += value
        return tuple(taken)

    def legal(self, rule: FollowRule) -> int:
        """The mask of the cards the seat to move may play under ``rule`` (0 once over)."""
        seat = self.to_move
        if seat is None:
            return 0
        return rule(self.hands[seat], self.trick[0] if self.trick else None)

    def play(self, card: int, order: SuitOrder) -> TrickPlay:
        """The seat to move plays ``card``; a full trick goes to its winner under ``order``, who
        leads next.

        Like python-chess's ``Board.push`` this does not check legality (the hot loops of random
        play have just drawn from :meth:`legal`): a game checks the card with :meth:`legal` first.
        """
        seat = self.to_move
        if seat is None:
            raise RulesError("the play is over: every card has been played")
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        trick = (*self.trick, card)
        out = self.out
        if len(trick) < (len(hands) - out.bit_count() if out else len(hands)):
            return TrickPlay(tuple(hands), self.leader, trick, self.tricks, self.taken, out)
        position = order.winning_position(trick)
        winner = (
            self.seat_at(self.leader, position) if out else (self.leader + position) % len(hands)
        )
        taken = list(self.taken)
        taken[winner] += 1
        tricks = (*self.tricks, (self.leader, trick))
        return TrickPlay(tuple(hands), winner, (), tricks, tuple(taken), self.out)

    def rollout(self, rule: FollowRule, order: SuitOrder, rng: random.Random) -> TrickPlay:
        """Random legal play to the end: :meth:`play` in a loop, so rollouts and steps agree."""
        play = self
        while not play.is_over:
            options = list(iter_bits(play.legal(rule)))
            play = play.play(options[rng.randrange(len(options))], order)
        return play

    def shown_voids(
        self, order: SuitOrder, revokes: Collection[int] = ()
    ) -> tuple[frozenset[Suit | None], ...]:
        """The effective suits each seat has shown it lacks: it played another suit to their lead.

        True under a must-follow rule; sampling uses it to keep hidden hands consistent. The cards
        in ``revokes`` (indices) were played off suit by a seat that could follow (revoke mode,
        revokes known to whoever asks): they show no void.
        """
        voids: list[set[Suit | None]] = [set() for _ in self.hands]
        effective = order.effective_suits
        for leader, cards in (*self.tricks, (self.leader, self.trick)):
            if cards:
                led = effective[cards[0]]
                for k, card in enumerate(cards):
                    if effective[card] != led and card not in revokes:
                        voids[self.seat_at(leader, k)].add(led)
        return tuple(frozenset(v) for v in voids)

    def sample_hidden(
        self,
        seat: int,
        hand_sizes: Sequence[int],
        order: SuitOrder,
        rng: random.Random,
        pinned: Mapping[int, int] | None = None,
        revokes: Collection[int] = (),
    ) -> TrickPlay:
        """This play with the other seats' hands dealt at random from the cards ``seat`` has not seen.

        ``self.hands[seat]`` is the seat's own hand (the others are ignored); the others get
        ``hand_sizes`` cards each, uniformly among the deals that respect every void shown
        (:meth:`shown_voids`, less the plays known as ``revokes``) and ``pinned`` (card index →
        the one seat known to hold it; the number of seats for a card known to be out of every
        hand, in a kitty). Unseen cards beyond the hands' sizes (an undealt stock, a kitty) stay
        out of every hand.
        """
        n = len(self.hands)
        mine = self.hands[seat]
        capacities = [0 if s == seat else size for s, size in enumerate(hand_sizes)]
        unseen = order.deck.full_mask & ~mine & ~self.played
        rest = unseen.bit_count() - sum(capacities)
        pile = 1 << n if rest > 0 else 0  # a pile for the unseen cards in no hand, if any
        if pile:
            capacities.append(rest)
        voids = self.shown_voids(order, revokes)
        effective = order.effective_suits
        allowed = {}
        for card in iter_bits(unseen):
            holders = pile
            for s in range(n):
                if s != seat and effective[card] not in voids[s]:
                    holders |= 1 << s
            allowed[card] = holders
        for card, holder in (pinned or {}).items():
            if card in allowed:
                allowed[card] = 1 << holder
        dealt = deal_constrained(allowed, capacities, rng)
        hands = tuple(mine if s == seat else sum(1 << c for c in dealt[s]) for s in range(n))
        return TrickPlay(hands, self.leader, self.trick, self.tricks, self.taken, self.out)

    def seen_by(self, seat: int, deck: DeckSpec) -> SeenPlay:
        """What ``seat`` knows of the play: its own hand, every hand's size and the cards played."""
        cards = deck.cards
        return SeenPlay(
            seat,
            CardSet(deck, self.hands[seat]),
            self.hand_sizes,
            self.leader,
            tuple(cards[c] for c in self.trick),
            tuple((lead, tuple(cards[c] for c in t)) for lead, t in self.tricks),
            self.taken,
            self.out,
        )

    def card_zones(self, deck: DeckSpec) -> dict[str, list[Card]]:
        """The cards by zone, for conservation checks: ``hand N``, ``trick`` and ``won``."""
        cards = deck.cards
        zones = {f"hand {s}": [cards[c] for c in iter_bits(h)] for s, h in enumerate(self.hands)}
        zones["trick"] = [cards[c] for c in self.trick]
        zones["won"] = [cards[c] for _, t in self.tricks for c in t]
        return zones


@final
@attrs.frozen
class SeenPlay:
    """One seat's view of a :class:`TrickPlay`: its own hand, every hand's size, the cards played.

    A game puts it in its views (:meth:`TrickPlay.seen_by`) and samples a full play back from it
    (:meth:`sample`), so hidden hands never leak and sampling keeps every shown void.

    >>> deck = get_deck("french52")
    >>> order = plain_order(deck, trump=Suit.SPADES)
    >>> hands = [deck.mask("AH 2S"), deck.mask("KH 3H"), deck.mask("2H 4S"), deck.mask("5D 6D")]
    >>> play = TrickPlay.start(hands, leader=0).play(deck.index("AH"), order)
    >>> seen = play.seen_by(3, deck)
    >>> seen.hand, seen.hand_sizes, seen.trick
    (CardSet('french52', '5D 6D'), (1, 2, 2, 2), (Card.parse('AH'),))
    >>> play.seen_by(3, deck) == seen.sample(order, random.Random(1)).seen_by(3, deck)
    True
    """

    seat: int
    hand: CardSet
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    taken: tuple[int, ...]
    out: int = 0

    def sample(
        self,
        order: SuitOrder,
        rng: random.Random,
        pinned: Mapping[int, int] | None = None,
        revokes: Collection[int] = (),
    ) -> TrickPlay:
        """A play consistent with this view, the hidden hands dealt by :meth:`TrickPlay.sample_hidden`."""
        deck = order.deck
        hands = tuple(self.hand.mask if s == self.seat else 0 for s in range(len(self.hand_sizes)))
        tricks = tuple((lead, tuple(deck.index(c) for c in t)) for lead, t in self.tricks)
        trick = tuple(deck.index(c) for c in self.trick)
        known = TrickPlay(hands, self.leader, trick, tricks, self.taken, self.out)
        return known.sample_hidden(self.seat, self.hand_sizes, order, rng, pinned, revokes)
