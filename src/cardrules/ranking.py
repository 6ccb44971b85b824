"""Rank orders: which card beats which.

Two kinds cover the trick games:

* :class:`SuitOrder` — the classic order of suit-following games, with or without trump. Each card
  has an *effective suit* (Euchre's left bower is a trump; the Rook Bird is a trump) and a power
  inside it. Build one with :func:`plain_order` or :func:`trump_order`.
* :class:`TableOrder` — an arbitrary table of levels with ties broken by a suit order, as
  Voormsi's normal ranking needs.

Both are precomputed tables indexed by card index, so the engines look powers up in tuples.

>>> deck = get_deck("euchre24")
>>> hearts = trump_order(deck, Suit.HEARTS, promoted=parse_cards("JH JD"))
>>> hearts.effective_suit(deck.index("JD"))
<Suit.HEARTS: 2>
>>> [str(deck.card(i)) for i in hearts.ranked(Suit.HEARTS)]
['JH', 'JD', 'AH', 'KH', 'QH', '10H', '9H']
>>> hearts.winning_position([deck.index(c) for c in ("AD", "KD", "9H", "JD")])
3
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import final

from cardrules.cards import Card, Suit
from cardrules.decks import DeckSpec
from cardrules.errors import RulesError

__all__ = ["SuitOrder", "TableOrder", "plain_order", "trump_order"]


@final
class SuitOrder:
    """A suit-following rank order: effective suits, powers and an optional trump.

    ``effective_suits[i]`` is the suit card ``i`` counts as for following, leading and voids;
    ``powers[i]`` orders the cards of one effective suit (higher wins). A trick is won by the
    highest trump, else by the highest card of the led effective suit.
    """

    __slots__ = (
        "_follow_masks",
        "_win_keys",
        "deck",
        "effective_suits",
        "powers",
        "suit_masks",
        "trump",
    )

    def __init__(
        self,
        deck: DeckSpec,
        effective_suits: Sequence[Suit | None],
        powers: Sequence[int],
        trump: Suit | None,
    ) -> None:
        if len(effective_suits) != len(deck) or len(powers) != len(deck):
            raise RulesError("an order needs one effective suit and one power per card of the deck")
        self.deck = deck
        self.trump = trump
        self.effective_suits: tuple[Suit | None, ...] = tuple(effective_suits)
        self.powers: tuple[int, ...] = tuple(powers)
        masks: dict[Suit | None, int] = {}
        for i, suit in enumerate(self.effective_suits):
            masks[suit] = masks.get(suit, 0) | 1 << i
        self.suit_masks = masks
        self._follow_masks: tuple[int, ...] | None = None
        self._win_keys: tuple[tuple[int, ...], ...] | None = None

    def __repr__(self) -> str:
        trump = self.trump.name if self.trump is not None else None
        return f"SuitOrder({self.deck.name!r}, trump={trump})"

    def effective_suit(self, index: int) -> Suit | None:
        """The suit card ``index`` belongs to for following, leading and voids."""
        return self.effective_suits[index]

    def suit_mask(self, suit: Suit | None) -> int:
        """The bitmask of the cards whose effective suit is ``suit``."""
        return self.suit_masks.get(suit, 0)

    def ranked(self, suit: Suit | None) -> tuple[int, ...]:
        """The card indices of one effective suit, highest first."""
        members = [i for i, s in enumerate(self.effective_suits) if s == suit]
        return tuple(sorted(members, key=lambda i: -self.powers[i]))

    def beats(self, card: int, best: int, led_suit: Suit | None) -> bool:
        """Whether ``card`` beats the currently winning ``best`` in a trick led in ``led_suit``."""
        card_suit = self.effective_suits[card]
        best_suit = self.effective_suits[best]
        if card_suit == best_suit:
            return self.powers[card] > self.powers[best]
        return card_suit == self.trump and self.trump is not None and best_suit != self.trump

    def follow_masks(self) -> tuple[int, ...]:
        """The follow table: per led card index, the mask of the cards of its effective suit.

        Under :func:`~cardrules.tricks.must_follow` a hand ``h`` may play ``h & masks[led] or h``:
        one lookup and two bit operations instead of a call, which is what hot paths use. Made
        once per order (orders are built once per trump).

        >>> from cardrules.decks import get_deck
        >>> deck = get_deck("euchre24")
        >>> order = trump_order(deck, Suit.HEARTS, promoted=[Card.parse("JH"), Card.parse("JD")])
        >>> masks = order.follow_masks()
        >>> masks[deck.index("9H")] == order.suit_mask(Suit.HEARTS) == masks[deck.index("JD")]
        True
        """
        masks = self._follow_masks
        if masks is None:
            suits, by_suit = self.effective_suits, self.suit_masks
            masks = self._follow_masks = tuple(by_suit[suits[c]] for c in range(len(suits)))
        return masks

    def win_keys(self) -> tuple[tuple[int, ...], ...]:
        """The trick-winner table: ``keys[led][card]``, whose highest value over a trick's cards
        marks the card that wins it (0 for a card that cannot win a trick ``led`` leads).

        Generated from :meth:`beats`, so ``max`` over the keys agrees with
        :meth:`winning_position` on every trick (ties, as between twin cards of two packs, go to
        the card played first, as there). Made once per order.

        >>> from cardrules.decks import get_deck
        >>> deck = get_deck("euchre24")
        >>> order = plain_order(deck, trump=Suit.SPADES)
        >>> keys = order.win_keys()[deck.index("9H")]
        >>> keys[deck.index("9S")] > keys[deck.index("AH")] > keys[deck.index("9H")] > keys[deck.index("AC")]
        True
        """
        table = self._win_keys
        if table is None:
            effective, by_suit = self.effective_suits, {}
            for led_suit in set(effective):
                eligible = [c for c, s in enumerate(effective) if s in (led_suit, self.trump)]
                keys = [0] * len(effective)
                for c in eligible:
                    keys[c] = 1 + sum(self.beats(c, d, led_suit) for d in eligible if d != c)
                by_suit[led_suit] = tuple(keys)
            table = self._win_keys = tuple(by_suit[s] for s in effective)
        return table

    def winning_position(self, cards: Sequence[int]) -> int:
        """The position (0 = led card) of the card that wins a trick of ``cards``."""
        if not cards:
            raise RulesError("an empty trick has no winner")
        effective = self.effective_suits
        powers = self.powers
        trump = self.trump
        best = 0
        best_suit = effective[cards[0]]
        best_power = powers[cards[0]]
        for pos in range(1, len(cards)):
            card = cards[pos]
            suit = effective[card]
            if suit == best_suit:
                if powers[card] > best_power:
                    best, best_power = pos, powers[card]
            elif suit is not None and suit == trump:
                best, best_suit, best_power = pos, suit, powers[card]
        return best


def plain_order(deck: DeckSpec, *, trump: Suit | None = None) -> SuitOrder:
    """Every card in its own suit, ranked by rank (Ace high); optionally one suit is trump.

    >>> deck = get_deck("french52")
    >>> order = plain_order(deck)
    >>> order.winning_position([deck.index(c) for c in ("10H", "AS", "QH")])
    2
    """
    return SuitOrder(deck, [c.suit for c in deck.cards], [c.rank for c in deck.cards], trump)


def trump_order(
    deck: DeckSpec,
    trump: Suit | None,
    *,
    promoted: Iterable[Card] = (),
    trump_sequence: Iterable[Card] | None = None,
) -> SuitOrder:
    """A trump order where some cards change suit to join the trumps.

    With ``trump_sequence`` (every trump, highest first) the trump suit is exactly those cards in
    that order. Otherwise the trumps are the ``promoted`` cards (highest first, on top) followed by
    the rest of the trump suit by rank. A promoted card counts as a trump for every purpose
    (following, leading, voids), as Euchre's left bower and the Rook Bird do.

    >>> deck = get_deck("rook41")
    >>> reds = sorted(deck.full().of_suit(Suit.RED), key=lambda c: -c.rank)
    >>> low = trump_order(deck, Suit.RED, trump_sequence=[*reds, BIRD])
    >>> str(deck.card(low.ranked(Suit.RED)[-1]))
    'R'
    """
    if trump is None:
        if trump_sequence is not None or tuple(promoted):
            raise RulesError("trump cards need a trump suit")
        return plain_order(deck)
    if trump_sequence is None:
        top = list(promoted)
        rest = sorted(
            (c for c in deck.cards if c.suit == trump and c not in top), key=lambda c: -c.rank
        )
        sequence = top + rest
    else:
        sequence = list(trump_sequence)
    if len(set(sequence)) != len(sequence):
        raise RulesError("a card appears twice in the trump sequence")
    trump_power = {card: len(sequence) - k for k, card in enumerate(sequence)}
    suits: list[Suit | None] = []
    powers: list[int] = []
    for card in sequence:
        if card not in deck:
            raise RulesError(f"{card} is not in the {deck.name} deck")
    for card in deck.cards:
        if card in trump_power:
            suits.append(trump)
            powers.append(trump_power[card])
        elif card.suit == trump:
            raise RulesError(f"{card} is of the trump suit but missing from the trump sequence")
        else:
            suits.append(card.suit)
            powers.append(card.rank)
    return SuitOrder(deck, suits, powers, trump)


@final
class TableOrder:
    """A total order given as a table of levels, highest first, with ties broken by a suit order.

    Cards of one level are ordered by ``suit_order`` (first suit highest), except in the levels
    listed in ``equal_levels``, whose cards tie. Cards in no level are *unranked*
    (:meth:`power` is ``None``): the game decides what they do.

    >>> deck = get_deck("voormsi36")
    >>> order = TableOrder(
    ...     deck,
    ...     [parse_cards("JC KH"), parse_cards("8S"), parse_cards("9C 9S 9H 9D")],
    ...     suit_order=(Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS),
    ...     equal_levels={0},
    ... )
    >>> order.compare(deck.index("JC"), deck.index("KH")), order.compare(deck.index("9S"), deck.index("9H"))
    (0, 1)
    >>> order.power(deck.index("AS")) is None
    True
    """

    __slots__ = ("deck", "powers")

    def __init__(
        self,
        deck: DeckSpec,
        levels: Sequence[Iterable[Card]],
        *,
        suit_order: Sequence[Suit] = (),
        equal_levels: Collection[int] = (),
    ) -> None:
        self.deck = deck
        powers: list[int | None] = [None] * len(deck)
        width = len(suit_order) + 1
        suit_rank = {s: len(suit_order) - k for k, s in enumerate(suit_order)}
        for level_no, level in enumerate(levels):
            base = (len(levels) - level_no) * width
            for card in level:
                index = deck.index(card)
                if powers[index] is not None:
                    raise RulesError(f"{card} appears in two levels of the table")
                if level_no in equal_levels:
                    powers[index] = base
                else:
                    if card.suit not in suit_rank:
                        raise RulesError(f"{card}: its suit is not in the suit order")
                    powers[index] = base + suit_rank[card.suit]
        self.powers: tuple[int | None, ...] = tuple(powers)

    def power(self, index: int) -> int | None:
        """The strength of a card (higher is stronger), ``None`` for an unranked card."""
        return self.powers[index]

    def compare(self, a: int, b: int) -> int:
        """``1`` if card ``a`` ranks above ``b``, ``-1`` if below, ``0`` on a tie."""
        pa, pb = self.powers[a], self.powers[b]
        if pa is None or pb is None:
            raise RulesError("an unranked card cannot be compared through the table")
        return (pa > pb) - (pa < pb)
