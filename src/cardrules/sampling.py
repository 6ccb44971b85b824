"""Uniform sampling of hidden cards under constraints, for ``sample_state`` and search bots.

A seat's view leaves some cards unseen. Which seat (or pile) may hold each unseen card is constrained
by what was revealed — a void in a suit, a card known to be in the dealer's hand, the size of each
hand. :func:`deal_constrained` deals the unseen cards **uniformly at random among all the
assignments that respect every constraint**, by counting: cards with the same set of possible
holders form a class, the number of completions is counted exactly (big integers), and each class is
split with probability proportional to the completions it leaves.

>>> rng = random.Random(3)
>>> # Cards 0-3; seat 0 may not hold cards 0 and 1 (a void), each seat takes two cards.
>>> allowed = {0: 0b10, 1: 0b10, 2: 0b11, 3: 0b11}
>>> deal_constrained(allowed, [2, 2], rng)
((2, 3), (0, 1))
>>> count_deals(allowed, [2, 2])
1
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from math import comb

from cardrules.errors import ArgumentError, ArgumentTypeError, CardrulesError, short_repr
from cardrules.game import check_rng

__all__ = ["ImpossibleDealError", "count_deals", "deal_constrained"]


class ImpossibleDealError(CardrulesError, ValueError):
    """No assignment of the cards respects the constraints (the view is inconsistent)."""


def _classes(allowed: Mapping[int, int]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    groups: dict[int, list[int]] = {}
    for card, seats in allowed.items():
        groups.setdefault(seats, []).append(card)
    return tuple((seats, tuple(sorted(cards))) for seats, cards in sorted(groups.items()))


def _splits(count: int, seats: tuple[int, ...], caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to give ``count`` cards to ``seats`` (as a full-length vector) within ``caps``."""
    results: list[tuple[int, ...]] = []
    vector = [0] * len(caps)

    def rec(k: int, left: int) -> None:
        if k == len(seats) - 1:
            if left <= caps[seats[k]]:
                vector[seats[k]] = left
                results.append(tuple(vector))
                vector[seats[k]] = 0
            return
        for take in range(min(left, caps[seats[k]]) + 1):
            vector[seats[k]] = take
            rec(k + 1, left - take)
        vector[seats[k]] = 0

    if seats:
        rec(0, count)
    elif count == 0:
        results.append(tuple(vector))
    return results


def _multinomial(split: Sequence[int]) -> int:
    total, ways = 0, 1
    for part in split:
        total += part
        ways *= comb(total, part)
    return ways


class _Plan:
    """The counting tables of one constraint *shape*: the classes' seat masks and sizes.

    Counting depends only on the shape, not on which cards are in each class, so one plan serves
    every view of that shape — a search bot that samples the same view thousands of times counts
    once (no per-step work that can be avoided).
    """

    def __init__(self, shape: tuple[tuple[int, int], ...], num_seats: int) -> None:
        # The masks are checked here, once per shape (plans are cached), not once per sample.
        for mask, _ in shape:
            _check_mask(mask)
        self.shape = shape
        self.seat_lists = [tuple(s for s in range(num_seats) if mask >> s & 1) for mask, _ in shape]
        self.count = cache(self._count)
        self.options = cache(self._options)

    def _count(self, k: int, caps: tuple[int, ...]) -> int:
        if k == len(self.shape):
            return 1 if not any(caps) else 0
        total = 0
        for split in _splits(self.shape[k][1], self.seat_lists[k], caps):
            rest = tuple(c - s for c, s in zip(caps, split, strict=True))
            sub = self.count(k + 1, rest)
            if sub:
                total += _multinomial(split) * sub
        return total

    def _options(
        self, k: int, caps: tuple[int, ...]
    ) -> tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """The splits of class ``k`` with their completion counts, as cumulative weights."""
        cumulative: list[int] = []
        splits: list[tuple[int, ...]] = []
        rests: list[tuple[int, ...]] = []
        total = 0
        for split in _splits(self.shape[k][1], self.seat_lists[k], caps):
            rest = tuple(c - s for c, s in zip(caps, split, strict=True))
            weight = _multinomial(split) * self.count(k + 1, rest)
            if weight:
                total += weight
                cumulative.append(total)
                splits.append(split)
                rests.append(rest)
        return total, tuple(cumulative), tuple(splits), tuple(rests)


@lru_cache(maxsize=1024)
def _plan(shape: tuple[tuple[int, int], ...], num_seats: int) -> _Plan:
    return _Plan(shape, num_seats)


def _shape(classes: tuple[tuple[int, tuple[int, ...]], ...]) -> tuple[tuple[int, int], ...]:
    return tuple((mask, len(cards)) for mask, cards in classes)


def _check_mask(mask: object) -> None:
    if type(mask) is not int:
        raise ArgumentTypeError(
            f"allowed: a seat mask must be an int, not {type(mask).__name__} {short_repr(mask)}"
        )
    if mask < 0:
        raise ArgumentError(f"allowed: a seat mask must be a non-negative bitmask, not {mask}")


def _check_allowed(allowed: object) -> None:
    if not isinstance(allowed, Mapping):
        raise ArgumentTypeError(
            "allowed must be a mapping of card -> seat mask, "
            f"not {type(allowed).__name__} {short_repr(allowed)}"
        )
    for card, mask in allowed.items():
        if type(card) is not int:
            raise ArgumentTypeError(
                f"allowed: a card must be an int index, not {type(card).__name__} {short_repr(card)}"
            )
        if card < 0:
            raise ArgumentError(f"allowed: a card index must be non-negative, not {card}")
        _check_mask(mask)


def _check_capacities(capacities: Sequence[int]) -> tuple[int, ...]:
    """The capacities as a tuple: one non-negative int per seat (cheap: one test per seat)."""
    try:
        caps = tuple(capacities)
    except TypeError:
        raise ArgumentTypeError(
            "capacities must be a sequence of ints, "
            f"not {type(capacities).__name__} {short_repr(capacities)}"
        ) from None
    for cap in caps:
        if type(cap) is not int:
            raise ArgumentTypeError(
                f"capacities must hold ints, not {type(cap).__name__} {short_repr(cap)}"
            )
        if cap < 0:
            raise ArgumentError(f"capacities must be non-negative, not {list(caps)}")
    return caps


def count_deals(allowed: Mapping[int, int], capacities: Sequence[int]) -> int:
    """How many assignments of the cards respect the constraints.

    ``allowed[card]`` is a bitmask of the seats (or piles) that may hold ``card`` (a card index,
    a non-negative int); ``capacities[s]`` how many cards seat ``s`` receives (a non-negative int).
    Anything else is an :class:`~cardrules.errors.ArgumentTypeError` or
    :class:`~cardrules.errors.ArgumentError`:

    >>> count_deals({0: 0b11, 1: 0b11}, [1, 1])
    2
    >>> count_deals({0: 0b11, 1: 0b11}, [-1, 3])
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: capacities must be non-negative, not [-1, 3]
    """
    _check_allowed(allowed)
    caps = _check_capacities(capacities)
    if sum(caps) != len(allowed):
        return 0
    return int(_plan(_shape(_classes(allowed)), len(caps)).count(0, caps))


def deal_constrained(
    allowed: Mapping[int, int], capacities: Sequence[int], rng: random.Random
) -> tuple[tuple[int, ...], ...]:
    """Deal the cards of ``allowed`` to seats, uniformly among the assignments that respect it.

    Returns, per seat, the sorted cards it receives. Raises :class:`ImpossibleDealError` when no
    assignment exists (the card count differs from the capacities, or the constraints conflict).
    ``capacities`` and ``rng`` are checked as :func:`count_deals` checks them, and the seat masks
    once per shape of constraints; the card indices only when they break the grouping (this runs
    once per sample of a search bot): check a new kind of view with :func:`count_deals`.
    """
    check_rng(rng)
    caps = _check_capacities(capacities)
    try:
        classes = _classes(allowed)
    except (AttributeError, TypeError):
        _check_allowed(allowed)  # the slow branch says what is wrong
        raise
    if sum(caps) != len(allowed):
        raise ImpossibleDealError(f"{len(allowed)} cards cannot fill hands of {list(caps)} cards")
    plan = _plan(_shape(classes), len(caps))
    if plan.count(0, caps) == 0:
        raise ImpossibleDealError("no deal of the hidden cards respects the constraints")
    hands: list[list[int]] = [[] for _ in caps]
    for k, (_, cards) in enumerate(classes):
        total, cumulative, splits, rests = plan.options(k, caps)
        choice = bisect_right(cumulative, rng.randrange(total))
        split = splits[choice]
        shuffled = list(cards)
        rng.shuffle(shuffled)
        pos = 0
        for seat, take in enumerate(split):
            hands[seat].extend(shuffled[pos : pos + take])
            pos += take
        caps = rests[choice]
    return tuple(tuple(sorted(h)) for h in hands)
