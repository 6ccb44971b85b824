"""Integer codes for sets of cards: the combinatorial number system.

Some actions name several cards at once — Rook's five buried cards, Voormsi's groups of up to four.
Their integer codes (for learning code and OpenSpiel) must be stable and must not need a table of
every combination. The *combinatorial number system* ranks a ``k``-subset ``c_1 < … < c_k`` of
``{0, …, n-1}`` as ``C(c_1, 1) + C(c_2, 2) + … + C(c_k, k)``: a bijection onto ``0 … C(n, k) - 1``
computed in O(k) without tables.

>>> combination_rank((0, 1, 2))
0
>>> combination_rank((3, 7, 9)), combination_unrank(combination_rank((3, 7, 9)), 3)
(108, (3, 7, 9))
>>> codes = SubsetCodes(36, max_size=4)
>>> codes.size
66711
>>> codes.decode(codes.encode((5, 12)))
(5, 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import final

from cardrules.errors import ArgumentTypeError, NotationError, short_repr

__all__ = ["SubsetCodes", "combination_rank", "combination_unrank"]


def combination_rank(subset: Sequence[int]) -> int:
    """The rank of a set of distinct non-negative ints among the sets of its size (colex order)."""
    ordered = sorted(subset)
    if len(set(ordered)) != len(ordered) or (ordered and ordered[0] < 0):
        raise NotationError(f"not a set of distinct non-negative indices: {list(subset)!r}")
    return sum(comb(c, k) for k, c in enumerate(ordered, 1))


def combination_unrank(rank: int, size: int) -> tuple[int, ...]:
    """The ``size``-subset whose rank is ``rank`` (inverse of :func:`combination_rank`).

    >>> combination_unrank(1.5, 2)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: rank must be an int, not float 1.5
    """
    if type(rank) is not int or type(size) is not int:  # one cheap test: a code decodes per action
        argument, value = ("rank", rank) if type(rank) is not int else ("size", size)
        raise ArgumentTypeError(
            f"{argument} must be an int, not {type(value).__name__} {short_repr(value)}"
        )
    if rank < 0 or size < 0:
        raise NotationError(f"no {size}-subset has rank {rank}")
    out = []
    for k in range(size, 0, -1):
        # The largest c with comb(c, k) <= rank.
        c = k - 1
        while comb(c + 1, k) <= rank:
            c += 1
        out.append(c)
        rank -= comb(c, k)
    return tuple(reversed(out))


@final
class SubsetCodes:
    """Codes for every subset of ``n`` items with ``min_size`` to ``max_size`` members.

    Subsets of one size occupy a contiguous block of codes, smaller sizes first.
    """

    __slots__ = ("_offsets", "max_size", "min_size", "n", "size")

    def __init__(self, n: int, max_size: int, min_size: int = 1) -> None:
        if not 0 <= min_size <= max_size <= n:
            raise NotationError(f"subset sizes {min_size}..{max_size} do not fit {n} items")
        self.n, self.min_size, self.max_size = n, min_size, max_size
        offsets = {}
        total = 0
        for k in range(min_size, max_size + 1):
            offsets[k] = total
            total += comb(n, k)
        self._offsets = offsets
        self.size = total

    def encode(self, subset: Sequence[int]) -> int:
        """The code of ``subset`` (any order; its members must be distinct and below ``n``)."""
        k = len(subset)
        if k not in self._offsets or any(not 0 <= i < self.n for i in subset):
            raise NotationError(
                f"{list(subset)!r} is not a subset of {self.min_size}-{self.max_size} of {self.n} items"
            )
        return self._offsets[k] + combination_rank(subset)

    def decode(self, code: int) -> tuple[int, ...]:
        """The subset (sorted) whose code is ``code``."""
        if not 0 <= code < self.size:
            raise NotationError(f"{code} is not a subset code (0..{self.size - 1})")
        for k in range(self.max_size, self.min_size - 1, -1):
            if code >= self._offsets[k]:
                return combination_unrank(code - self._offsets[k], k)
        raise NotationError(f"{code} is not a subset code")  # pragma: no cover - offsets start at 0
