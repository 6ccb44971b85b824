"""The bidder's legal buries as a lazy tuple: :class:`BuryChoices`.

With the nest taken the bidder holds 14 cards and may bury any five: C(14, 5) = 2,002 legal
:class:`~cardrules.games.rook.actions.Bury` actions. Building 2,002 action objects costs far more
than the whole rest of a hand (about 4 ms against 0.1 ms), yet random play and most bots look at
one of them. :class:`BuryChoices` is the tuple of those actions, in the order the engine has always
listed them, that makes an element only when it is asked for: ``len``, indexing, ``in`` and
``index`` are O(1) or O(14); iteration, equality, hashing, ``repr`` and the rest behave exactly as
on the plain tuple (they build it, once).

It subclasses :class:`tuple` so that it *is* what ``legal_actions`` promises (``isinstance(x,
tuple)``, ``tuple[RookAction, ...]``). Its tuple storage is empty: every operation Python code can
reach is overridden, and the C functions that copy a tuple (``tuple(x)``, ``list(x)``, ``f(*x)``,
``[*x]``, unpacking, pickling) take an exact tuple's shortcut only, so on a subclass they iterate.

>>> from cardrules import get_deck
>>> deck = get_deck("rook41")
>>> hand = sum(1 << i for i in range(7))          # R5 … R11
>>> legal = BuryChoices(deck.cards, 0, hand)
>>> len(legal), legal[0] == legal.materialize()[0], legal == legal.materialize()
(21, True, True)
>>> from cardrules.games.rook.actions import format_rook_action
>>> format_rook_action(legal[-1])
'bury R7 R8 R9 R10 R11'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from math import comb
from operator import index as _as_index
from typing import Any, Final, SupportsIndex, overload

from cardrules import Card
from cardrules.games.rook.actions import Bury, bury_of_sorted

__all__ = ["NEST_SIZE", "BuryChoices"]

NEST_SIZE: Final = 5
# C(n, r) for the pool sizes a hand can have (up to 57 cards) and r <= 5: unranking reads a table.
_COMB: Final = tuple(tuple(comb(n, r) for r in range(NEST_SIZE + 1)) for n in range(64))


def _bits(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


_IDS: dict[int, tuple[tuple[Card, ...], dict[int, int]]] = {}


def _card_ids(cards: tuple[Card, ...]) -> dict[int, int]:
    """``id(card) -> index`` of the objects of ``cards`` (a deck's cards: made once per deck, the
    tuple kept alive with it so that its id is not reused)."""
    entry = _IDS.get(id(cards))
    if entry is None or entry[0] is not cards:
        if len(_IDS) >= 64:
            _IDS.clear()  # bounded: a few decks in practice
        entry = _IDS[id(cards)] = (cards, {id(c): i for i, c in enumerate(cards)})
    return entry[1]


class BuryChoices(tuple[Bury, ...]):
    """Every legal bury of a hand, as a lazily built tuple (see the module docstring).

    ``forced`` (a bitmask) is in every bury; the other ``5 - |forced|`` cards are any of ``pool``
    (a bitmask disjoint from ``forced``). Element ``k`` is the ``k``-th combination of the pool, in
    the order of :func:`itertools.combinations` over the pool's deck indices, after the forced cards.
    ``cards`` is the deck (index -> card); deck order must be the canonical order of
    :class:`~cardrules.games.rook.actions.Bury` (the engine checks this for its decks).
    """

    _cards: tuple[Card, ...]
    _forced: int
    _pool: int
    _need: int
    _len: int
    _index: dict[Card, int]
    _ids: dict[int, int]
    _items: tuple[Bury, ...] | None
    _hash: int | None

    def __new__(
        cls,
        cards: Sequence[Card],
        forced: int,
        pool: int,
        index: dict[Card, int] | None = None,
    ) -> BuryChoices:
        self = super().__new__(cls)
        self._cards = cards if type(cards) is tuple else tuple(cards)
        if index is not None:
            self._index = index  # card -> deck index (else made when first needed)
        # id(card) -> deck index for the objects of ``cards`` themselves (the buries made here
        # hold them): an O(1) check of such a bury without looking at its values.
        self._ids = _card_ids(self._cards)
        self._forced = forced
        self._pool = pool
        self._need = NEST_SIZE - forced.bit_count()
        self._len = comb(pool.bit_count(), self._need) if self._need >= 0 else 0
        self._items = None
        self._hash = None
        return self

    @property
    def forced(self) -> int:
        """The bitmask of the cards that every legal bury holds."""
        return self._forced

    @property
    def pool(self) -> int:
        """The bitmask of the cards the rest of a bury is chosen from."""
        return self._pool

    @property
    def free(self) -> int:
        """How many cards of a bury come from :attr:`pool`."""
        return self._need

    @property
    def deck_cards(self) -> tuple[Card, ...]:
        """The deck the bitmasks index (index -> card)."""
        return self._cards

    def choice(self, mask: int) -> Bury:
        """The bury of the cards in ``mask`` (a bitmask over :attr:`deck_cards`), unchecked: the
        caller picks ``mask`` as :attr:`forced` plus :attr:`free` cards of :attr:`pool`."""
        cards = self._cards
        return bury_of_sorted(tuple(cards[i] for i in _bits(mask)))

    @property
    def _fixed(self) -> tuple[int, ...]:
        fixed = self.__dict__.get("_fixed_idx")
        if fixed is None:
            fixed = self.__dict__["_fixed_idx"] = _bits(self._forced)
        return fixed

    @property
    def _pool_idx(self) -> tuple[int, ...]:
        pool = self.__dict__.get("_pool_bits")
        if pool is None:
            pool = self.__dict__["_pool_bits"] = _bits(self._pool)
        return pool

    # -- what random play and bots use: no listing ---------------------------------------------
    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def _at(self, k: int) -> Bury:
        """The ``k``-th combination (0 <= k < len), unranked in lexicographic order."""
        pool = self._pool_idx
        r = self._need
        n = len(pool)
        mask = self._forced
        x = 0
        while r:
            c = _COMB[n - x - 1][r - 1]  # how many combinations start with pool[x]
            if k < c:
                mask |= 1 << pool[x]
                r -= 1
            else:
                k -= c
            x += 1
        cards = self._cards
        return bury_of_sorted(tuple(cards[i] for i in _bits(mask)))

    @overload
    def __getitem__(self, key: SupportsIndex) -> Bury: ...

    @overload
    def __getitem__(self, key: slice) -> tuple[Bury, ...]: ...

    def __getitem__(self, key: SupportsIndex | slice) -> Bury | tuple[Bury, ...]:
        if isinstance(key, slice):
            return tuple(self._at(k) for k in range(*key.indices(self._len)))
        k = _as_index(key)
        if k < 0:
            k += self._len
        if not 0 <= k < self._len:
            raise IndexError("tuple index out of range")
        return self._at(k)

    def _mask_of(self, value: object) -> int | None:
        """The card mask of a Bury of five different cards of this deck, held as :class:`Bury`
        holds them (a tuple, in deck order), else None."""
        if type(value) is not Bury:
            return None
        cards = value.cards
        if type(cards) is not tuple or len(cards) != NEST_SIZE:
            return None
        ids = self._ids
        try:
            # The deck's own card objects (each is a Card of this deck), strictly in deck order.
            a, b, c, d, e = (
                ids[id(cards[0])],
                ids[id(cards[1])],
                ids[id(cards[2])],
                ids[id(cards[3])],
                ids[id(cards[4])],
            )
        except KeyError:
            pass  # another object (an equal card, or no card): looked at by value below
        else:
            return (1 << a | 1 << b | 1 << c | 1 << d | 1 << e) if a < b < c < d < e else None
        try:
            index = self._index
        except AttributeError:
            index = self._index = {c: i for i, c in enumerate(self._cards)}
        mask = 0
        last = -1
        for card in cards:
            i = index.get(card) if type(card) is Card else None
            if i is None or i <= last:  # not a card of the deck, or out of order, or twice
                return None
            mask |= 1 << i
            last = i
        return mask

    def mask_if_legal(self, value: object) -> int | None:
        """The card mask of ``value`` if it is one of these buries, else ``None``."""
        mask = self._mask_of(value)
        if (
            mask is None
            or mask & self._forced != self._forced
            or mask & ~(self._forced | self._pool)
        ):
            return None
        return mask

    def __contains__(self, value: object) -> bool:
        return self.mask_if_legal(value) is not None

    def index(self, value: Any, start: SupportsIndex = 0, stop: SupportsIndex = 2**63 - 1) -> int:
        """The position of ``value`` (``ValueError`` if absent), as :meth:`tuple.index`."""
        if value in self:
            mask = self._mask_of(value)
            assert mask is not None
            chosen = [i for i in self._pool_idx if mask >> i & 1]
            # Rank in the combinatorial number system, lexicographic order.
            pool = self._pool_idx
            n, r, k, x = len(pool), self._need, 0, 0
            for i in chosen:
                while pool[x] != i:
                    k += comb(n - x - 1, r - 1)
                    x += 1
                x += 1
                r -= 1
            lo, hi, _ = slice(start, stop).indices(self._len)
            if lo <= k < hi:
                return k
        raise ValueError("tuple.index(x): x not in tuple")

    def count(self, value: Any) -> int:
        """1 if ``value`` is one of the buries, else 0 (they are all different)."""
        return 1 if value in self else 0

    # -- everything else: on the plain tuple ---------------------------------------------------
    def materialize(self) -> tuple[Bury, ...]:
        """The plain tuple of every bury (built on first use, then kept)."""
        items = self._items
        if items is None:
            cards = self._cards
            fixed = self._fixed
            if fixed:
                items = tuple(
                    bury_of_sorted(tuple(cards[i] for i in sorted((*fixed, *combo))))
                    for combo in itertools.combinations(self._pool_idx, self._need)
                )
            else:
                items = tuple(
                    bury_of_sorted(tuple(cards[i] for i in combo))
                    for combo in itertools.combinations(self._pool_idx, self._need)
                )
            self._items = items
        return items

    def __iter__(self) -> Iterator[Bury]:
        return iter(self.materialize())

    def __reversed__(self) -> Iterator[Bury]:
        return reversed(self.materialize())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BuryChoices):
            if (self._forced, self._pool, self._cards) == (
                other._forced,
                other._pool,
                other._cards,
            ):
                return True
            return self.materialize() == other.materialize()
        if isinstance(other, tuple):
            return self._len == len(other) and self.materialize() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.materialize())
        return self._hash

    def _plain(self, other: object) -> object:
        return other.materialize() if isinstance(other, BuryChoices) else other

    def __lt__(self, other: tuple[Any, ...]) -> bool:
        return self.materialize() < self._plain(other)  # type: ignore[operator]

    def __le__(self, other: tuple[Any, ...]) -> bool:
        return self.materialize() <= self._plain(other)  # type: ignore[operator]

    def __gt__(self, other: tuple[Any, ...]) -> bool:
        return self.materialize() > self._plain(other)  # type: ignore[operator]

    def __ge__(self, other: tuple[Any, ...]) -> bool:
        return self.materialize() >= self._plain(other)  # type: ignore[operator]

    def __add__(self, other: tuple[Any, ...]) -> tuple[Any, ...]:
        if not isinstance(other, tuple):
            return NotImplemented
        return self.materialize() + self._plain(other)  # type: ignore[operator, no-any-return]

    def __radd__(self, other: tuple[Any, ...]) -> tuple[Any, ...]:
        if not isinstance(other, tuple):
            return NotImplemented
        return self._plain(other) + self.materialize()  # type: ignore[operator, no-any-return]

    def __mul__(self, times: SupportsIndex) -> tuple[Bury, ...]:
        return self.materialize() * times

    def __rmul__(self, times: SupportsIndex) -> tuple[Bury, ...]:
        return self.materialize() * times

    def __repr__(self) -> str:
        return repr(self.materialize())

    def __getnewargs__(self) -> tuple[Any, ...]:
        return (self._cards, self._forced, self._pool)

    def __reduce__(self) -> tuple[Any, ...]:
        return (BuryChoices, (self._cards, self._forced, self._pool))

    def __copy__(self) -> BuryChoices:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> BuryChoices:
        return self
