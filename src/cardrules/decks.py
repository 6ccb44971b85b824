"""Deck specifications, card↔index tables and the bitmask-backed :class:`CardSet`.

A :class:`DeckSpec` fixes the cards of a pack and their order. Inside the engines a card is its
index in that order and a set of cards is an ``int`` bitmask; :class:`CardSet` wraps such a mask
with a friendly, immutable set API.

>>> deck = get_deck("euchre24")
>>> len(deck), deck.cards[:3]
(24, (Card.parse('9C'), Card.parse('10C'), Card.parse('JC')))
>>> hand = deck.cardset("9C JH AH")
>>> hand
CardSet('euchre24', '9C JH AH')
>>> hand.of_suit(Suit.HEARTS)
CardSet('euchre24', 'JH AH')
>>> deck.shuffle(random.Random(7))[:5]
(5, 18, 22, 15, 7)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, Literal, final

from cardrules.cards import ACE, BIRD, JACK, KING, QUEEN, Card, Suit, parse_cards
from cardrules.errors import ArgumentError, ArgumentTypeError, NotationError, check_int

__all__ = [
    "DECKS",
    "CardSet",
    "DeckSpec",
    "ShuffleMethod",
    "get_deck",
    "iter_bits",
    "shuffled_order",
]


def iter_bits(mask: int) -> Iterator[int]:
    """Yield the positions of the set bits of ``mask``, lowest first.

    >>> list(iter_bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@final
class DeckSpec:
    """An ordered pack of cards, possibly with duplicates (``double104``).

    ``cards[i]`` is the card with index ``i``; :meth:`index` goes the other way (for a duplicated
    card, the first index; :meth:`indices` gives all). Suit and rank masks are precomputed so that
    engines can filter hands with one ``&``.
    """

    __slots__ = ("_index", "_indices", "cards", "full_mask", "name", "rank_masks", "suit_masks")

    def __init__(self, name: str, cards: Iterable[Card]) -> None:
        self.name = name
        self.cards: tuple[Card, ...] = tuple(cards)
        indices: dict[Card, tuple[int, ...]] = {}
        suit_masks: dict[Suit | None, int] = {}
        rank_masks: dict[int, int] = {}
        for i, card in enumerate(self.cards):
            indices[card] = (*indices.get(card, ()), i)
            suit_masks[card.suit] = suit_masks.get(card.suit, 0) | (1 << i)
            rank_masks[card.rank] = rank_masks.get(card.rank, 0) | (1 << i)
        self._indices = indices
        self._index = {card: idx[0] for card, idx in indices.items()}
        self.suit_masks: Mapping[Suit | None, int] = suit_masks
        self.rank_masks: Mapping[int, int] = rank_masks
        self.full_mask = (1 << len(self.cards)) - 1

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"get_deck({self.name!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (get_deck, (self.name,))

    @property
    def suits(self) -> tuple[Suit, ...]:
        """The suits (or colours) present in the deck, in order; the Bird's ``None`` is left out."""
        return tuple(s for s in Suit if s in self.suit_masks)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and card in self._index

    def _card(self, card: object) -> Card:
        if isinstance(card, str):
            return Card.parse(card)
        if not isinstance(card, Card):
            raise NotationError(f"expected a card or its notation, not {type(card).__name__}")
        return card

    def index(self, card: Card | str) -> int:
        """The index of ``card`` (its first copy in a multi-pack deck).

        >>> get_deck("rook41").index("R")
        40
        """
        card = self._card(card)
        try:
            return self._index[card]
        except KeyError:
            raise NotationError(f"{card} is not a card of the {self.name} deck") from None

    def indices(self, card: Card | str) -> tuple[int, ...]:
        """Every index holding ``card`` (two in ``double104``)."""
        card = self._card(card)
        try:
            return self._indices[card]
        except KeyError:
            raise NotationError(f"{card} is not a card of the {self.name} deck") from None

    def card(self, index: int) -> Card:
        """The card at ``index``."""
        if type(index) is not int:
            raise ArgumentTypeError(f"a card index is an int, not {type(index).__name__}")
        if not 0 <= index < len(self.cards):
            raise ArgumentError(f"card index must be from 0 to {len(self.cards) - 1}, not {index}")
        return self.cards[index]

    def mask(self, cards: Iterable[Card | str] | str) -> int:
        """The bitmask of ``cards``. A card given twice takes its next free copy (``double104``)."""
        if isinstance(cards, str):
            cards = parse_cards(cards)
        elif isinstance(cards, bytes | Mapping) or not isinstance(cards, Iterable):
            raise NotationError(f"expected cards or their notation, not {type(cards).__name__}")
        mask = 0
        for card in cards:
            for i in self.indices(card):
                if not mask >> i & 1:
                    mask |= 1 << i
                    break
            else:
                raise NotationError(f"{card} given more often than the {self.name} deck holds it")
        return mask

    def cardset(self, cards: Iterable[Card | str] | str = ()) -> CardSet:
        """A :class:`CardSet` of this deck holding ``cards`` (cards or their notation)."""
        return CardSet(self, self.mask(cards))

    def full(self) -> CardSet:
        """The whole deck as a :class:`CardSet`."""
        return CardSet(self, self.full_mask)

    def shuffle(self, rng: random.Random) -> tuple[int, ...]:
        """A uniformly random order of the card indices, drawn from ``rng`` only.

        The same generator state gives the same order on every machine: it is
        :func:`shuffled_order` (the draws of :meth:`random.Random.shuffle`, whose algorithm is
        fixed), with the copies of a duplicated card numbered in order of position.
        """
        if not isinstance(rng, random.Random):
            raise ArgumentTypeError(f"rng must be a random.Random, not {type(rng).__name__}")
        if len(self._index) == len(self.cards):
            return shuffled_order(rng, len(self.cards))
        # Copies of one card are interchangeable: give the earlier position the lower index, so
        # that an order written as text (``deal 5C … 5C``) reads back to the same indices.
        order = list(shuffled_order(rng, len(self.cards)))
        next_copy: dict[Card, int] = {}
        cards = self.cards
        for pos, i in enumerate(order):
            card = cards[i]
            k = next_copy.get(card, 0)
            order[pos] = self._indices[card][k]
            next_copy[card] = k + 1
        return tuple(order)


ShuffleMethod = Literal["swaps", "lehmer"]
"""How :func:`shuffled_order` draws: ``"swaps"`` (the default) makes the draws of
:meth:`random.Random.shuffle`; ``"lehmer"`` makes one draw below ``n!`` and reads it as a
Lehmer code (Euchre's shuffle, rule E4). Both are exactly uniform; a seed deals differently under
each, so a game keeps the one its seeds were published with."""

# Per size n: the Fisher–Yates steps (i, bits of i + 1) for i from n - 1 down to 1; n! and the
# Lehmer decoder.
_SWAP_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}
_LEHMER: dict[int, tuple[int, Callable[[int], tuple[int, ...]]]] = {}


def _lehmer_decoder(n: int) -> Callable[[int], tuple[int, ...]]:
    """The function that reads a code below ``n!`` as an order of ``0 .. n-1``: digit ``k``
    (radix ``n - k``) picks among the cards not yet placed, the last card is what is left.

    It is generated with its steps unrolled: a loop over the digits costs a third more, and this
    is every Euchre deal (the hot path of random hands).

    >>> _lehmer_decoder(3)(5), _lehmer_decoder(3)(0)
    ((2, 1, 0), (0, 1, 2))
    """
    lines = [f"def decode(code, _cards=range({n})):", "    pop = list(_cards).pop"]
    for k, radix in enumerate(range(n, 1, -1)):
        lines += [f"    c{k} = pop(code % {radix})", f"    code //= {radix}"]
    if n:
        lines.append(f"    c{n - 1} = pop()")
    lines.append("    return (" + "".join(f"c{k}, " for k in range(n)) + ")")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # the source is built above from ints only
    decode: Callable[[int], tuple[int, ...]] = namespace["decode"]
    return decode


def shuffled_order(rng: random.Random, n: int, method: ShuffleMethod = "swaps") -> tuple[int, ...]:
    """A uniformly random order of ``0 .. n-1``, drawn from ``rng`` only: the one shuffle of the
    library (every game's deal, :meth:`DeckSpec.shuffle`).

    ``"swaps"`` gives exactly ``rng.shuffle(list(range(n)))`` (the same order, the same draws);
    for a plain :class:`random.Random` it makes those draws itself, without two Python calls per
    card, about twice as fast. ``"lehmer"`` draws ``rng.randrange(n!)`` once and reads it
    as a mixed-radix (Lehmer) code, digit ``k`` picking among the cards not yet placed: its digits
    are independent and uniform, so every order has probability ``1/n!``.

    >>> shuffled_order(random.Random(7), 6)
    (4, 0, 5, 3, 1, 2)
    >>> order = list(range(6))
    >>> random.Random(7).shuffle(order)
    >>> order
    [4, 0, 5, 3, 1, 2]
    >>> shuffled_order(random.Random(7), 6, "lehmer")
    (1, 0, 5, 4, 2, 3)
    >>> shuffled_order(random.Random(7), -1)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: n must be at least 0, not -1
    """
    if type(n) is not int or n < 0:
        check_int(n, "n", 0)
    plain = type(rng) is random.Random
    if not plain and not isinstance(rng, random.Random):
        raise ArgumentTypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    if method == "swaps":
        if not plain:
            # A subclass may draw differently (its own random() or shuffle): ask it, as before.
            order = list(range(n))
            rng.shuffle(order)
            if sorted(order) != list(range(n)):
                raise ArgumentError(
                    f"rng.shuffle of {type(rng).__name__} must permute the list it is given"
                )
            return tuple(order)
        steps = _SWAP_STEPS.get(n)
        if steps is None:
            steps = _SWAP_STEPS[n] = tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
        order = list(range(n))
        # random.Random.shuffle with its _randbelow written out: for each i from n - 1 down to
        # 1, j = getrandbits(bit_length(i + 1)) until j <= i, then swap i and j.
        getrandbits = rng.getrandbits
        for i, k in steps:
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            order[i], order[j] = order[j], order[i]
        return tuple(order)
    if method == "lehmer":
        known = _LEHMER.get(n)
        if known is None:
            known = _LEHMER[n] = (math.factorial(n), _lehmer_decoder(n))
        total, decode = known
        code = rng.randrange(total)
        if not plain and (type(code) is not int or not 0 <= code < total):
            raise ArgumentError(f"rng.randrange({total}) must give an int below it, not {code!r}")
        return decode(code)
    raise ArgumentError(f"method must be 'swaps' or 'lehmer', not {method!r}")


@final
class CardSet:
    """An immutable set of cards of one deck, stored as an ``int`` bitmask.

    Iteration yields cards in deck order. Set operators work between sets of the same deck.

    >>> deck = get_deck("french52")
    >>> a = deck.cardset("AS KS 2H")
    >>> b = deck.cardset("KS 3C")
    >>> a | b
    CardSet('french52', '3C 2H KS AS')
    >>> a - b, len(a & b), Card.parse("AS") in a
    (CardSet('french52', '2H AS'), 1, True)
    """

    __slots__ = ("deck", "mask")
    deck: DeckSpec
    mask: int

    def __init__(self, deck: DeckSpec, mask: int = 0) -> None:
        if type(deck) is not DeckSpec or type(mask) is not int:
            raise ArgumentTypeError("CardSet(deck, mask) takes a DeckSpec and an int mask")
        if mask < 0 or mask & ~deck.full_mask:
            raise NotationError(f"mask {mask:#x} has bits outside the {deck.name} deck")
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[DeckSpec, int]]:
        return (CardSet, (self.deck, self.mask))

    def _same(self, other: CardSet) -> None:
        if type(other) is not CardSet:
            raise ArgumentTypeError(
                f"a CardSet combines with a CardSet, not {type(other).__name__}"
            )
        if other.deck is not self.deck:
            raise NotationError(f"cannot combine {self.deck.name} and {other.deck.name} card sets")

    def __or__(self, other: CardSet) -> CardSet:
        self._same(other)
        return CardSet(self.deck, self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        self._same(other)
        return CardSet(self.deck, self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        self._same(other)
        return CardSet(self.deck, self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        self._same(other)
        return CardSet(self.deck, self.mask ^ other.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __iter__(self) -> Iterator[Card]:
        cards = self.deck.cards
        return (cards[i] for i in iter_bits(self.mask))

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except NotationError:
                return False
        if not isinstance(card, Card) or card not in self.deck:
            return False
        return any(self.mask >> i & 1 for i in self.deck.indices(card))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.deck is other.deck and self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.deck.name, self.mask))

    def __repr__(self) -> str:
        return f"CardSet({self.deck.name!r}, {str(self)!r})"

    def __str__(self) -> str:
        return " ".join(c.ascii for c in self)

    def _repr_svg_(self) -> str:
        """The cards as a row of pictures, in deck order, for Jupyter (:func:`cardrules.svg.cards`).

        >>> get_deck("euchre24").cardset("9C JH")._repr_svg_().count('class="card"')
        2
        """
        # Imported when drawn: the drawing code imports this module, and ``import cardrules``
        # stays light.
        from cardrules.svg import cards

        return cards(list(self))

    def _repr_html_(self) -> str:
        """The cards as HTML for Jupyter: their row of pictures inline, named by their notation.

        >>> 'aria-label="9♣ J♥"' in get_deck("euchre24").cardset("9C JH")._repr_html_()
        True
        """
        from cardrules.svg import _cards_html

        return _cards_html(list(self))

    def indices(self) -> tuple[int, ...]:
        """The card indices in the set, in deck order."""
        return tuple(iter_bits(self.mask))

    def of_suit(self, suit: Suit | None) -> CardSet:
        """The cards of one suit (``None``: the Bird)."""
        if suit is not None and not isinstance(suit, Suit):
            raise ArgumentTypeError(f"of_suit takes a Suit or None, not {type(suit).__name__}")
        return CardSet(self.deck, self.mask & self.deck.suit_masks.get(suit, 0))

    def of_rank(self, rank: int) -> CardSet:
        """The cards of one rank."""
        if type(rank) is not int:
            raise ArgumentTypeError(f"of_rank takes an int rank, not {type(rank).__name__}")
        return CardSet(self.deck, self.mask & self.deck.rank_masks.get(rank, 0))

    def add(self, card: Card | str) -> CardSet:
        """A copy with ``card`` added (its next free copy in a multi-pack deck)."""
        return CardSet(self.deck, self._add(card))

    def _add(self, card: Card | str) -> int:
        card = self.deck._card(card)
        for i in self.deck.indices(card):
            if not self.mask >> i & 1:
                return self.mask | 1 << i
        raise NotationError(f"{card} is already in the set as often as the deck holds it")

    def remove(self, card: Card | str) -> CardSet:
        """A copy without ``card``; :class:`~cardrules.errors.NotationError` if it is not in the set."""
        card = self.deck._card(card)
        for i in reversed(self.deck.indices(card)):
            if self.mask >> i & 1:
                return CardSet(self.deck, self.mask & ~(1 << i))
        raise NotationError(f"{card} is not in the set")


def _french(
    ranks: Iterable[int],
    suits: Iterable[Suit] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES),
) -> list[Card]:
    rank_list = list(ranks)
    return [Card(r, s) for s in suits for r in rank_list]


def _rook(low: int) -> list[Card]:
    colours = (Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLACK)
    return [Card(r, c) for c in colours for r in range(low, 15)] + [BIRD]


def _voormsi() -> list[Card]:
    ranks = (5, 6, 7, 8, 9, JACK, QUEEN, KING, ACE)
    cards = _french(ranks)
    return [Card(3, Suit.DIAMONDS) if c == Card(KING, Suit.DIAMONDS) else c for c in cards]


DECKS: Final[Mapping[str, DeckSpec]] = {
    d.name: d
    for d in (
        DeckSpec("euchre24", _french(range(9, 15))),
        DeckSpec("rook41", _rook(5)),
        DeckSpec("rook57", _rook(1)),
        DeckSpec("voormsi36", _voormsi()),
        DeckSpec("french52", _french(range(2, 15))),
        DeckSpec("double104", _french(range(2, 15)) * 2),
    )
}
"""Every deck spec by name."""


def get_deck(name: str) -> DeckSpec:
    """The deck spec called ``name``.

    >>> get_deck("voormsi36").cardset("3D KH")
    CardSet('voormsi36', '3D KH')
    """
    try:
        return DECKS[name]
    except (KeyError, TypeError):
        raise NotationError(f"no deck called {name!r} (known: {', '.join(DECKS)})") from None
