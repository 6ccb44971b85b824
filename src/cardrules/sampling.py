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
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from math import comb

from cardrules.errors import CardrulesError

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


def _counter(
    classes: tuple[tuple[int, tuple[int, ...]], ...], num_seats: int
) -> tuple[Callable[[int, tuple[int, ...]], int], list[tuple[int, ...]]]:
    seat_lists = [tuple(s for s in range(num_seats) if mask >> s & 1) for mask, _ in classes]

    @cache
    def count(k: int, caps: tuple[int, ...]) -> int:
        if k == len(classes):
            return 1 if not any(caps) else 0
        size = len(classes[k][1])
        total = 0
        for split in _splits(size, seat_lists[k], caps):
            rest = tuple(c - s for c, s in zip(caps, split, strict=True))
            sub = count(k + 1, rest)
            if sub:
                total += _multinomial(split) * sub
        return total

    return count, seat_lists


def count_deals(allowed: Mapping[int, int], capacities: Sequence[int]) -> int:
    """How many assignments of the cards respect the constraints.

    ``allowed[card]`` is a bitmask of the seats (or piles) that may hold ``card``; ``capacities[s]``
    how many cards seat ``s`` receives.
    """
    classes = _classes(allowed)
    count, _ = _counter(classes, len(capacities))
    return int(count(0, tuple(capacities)))


def deal_constrained(
    allowed: Mapping[int, int], capacities: Sequence[int], rng: random.Random
) -> tuple[tuple[int, ...], ...]:
    """Deal the cards of ``allowed`` to seats, uniformly among the assignments that respect it.

    Returns, per seat, the sorted cards it receives. Raises :class:`ImpossibleDealError` when no
    assignment exists (the card count differs from the capacities, or the constraints conflict).
    """
    caps = tuple(capacities)
    if sum(caps) != len(allowed) or any(c < 0 for c in caps):
        raise ImpossibleDealError(f"{len(allowed)} cards cannot fill hands of {list(caps)} cards")
    classes = _classes(allowed)
    count, seat_lists = _counter(classes, len(caps))
    if count(0, caps) == 0:
        raise ImpossibleDealError("no deal of the hidden cards respects the constraints")
    hands: list[list[int]] = [[] for _ in caps]
    for k, (_, cards) in enumerate(classes):
        options = []
        for split in _splits(len(cards), seat_lists[k], caps):
            rest = tuple(c - s for c, s in zip(caps, split, strict=True))
            weight = _multinomial(split) * count(k + 1, rest)
            if weight:
                options.append((weight, split, rest))
        pick = rng.randrange(sum(w for w, _, _ in options))
        chosen = options[-1]
        for option in options:
            if pick < option[0]:
                chosen = option
                break
            pick -= option[0]
        _, split, rest = chosen
        shuffled = list(cards)
        rng.shuffle(shuffled)
        pos = 0
        for seat, take in enumerate(split):
            hands[seat].extend(shuffled[pos : pos + take])
            pos += take
        caps = rest
    return tuple(tuple(sorted(h)) for h in hands)
