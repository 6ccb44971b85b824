"""Subset codes: a bijection, checked exhaustively on small cases and by Hypothesis on large ones."""

from __future__ import annotations

import itertools
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import NotationError
from cardrules.combinatorics import SubsetCodes, combination_rank, combination_unrank


def test_ranks_are_a_bijection_on_small_sets() -> None:
    for n in range(9):
        for k in range(n + 1):
            ranks = sorted(combination_rank(c) for c in itertools.combinations(range(n), k))
            assert ranks == list(range(comb(n, k)))
            for c in itertools.combinations(range(n), k):
                assert combination_unrank(combination_rank(c), k) == c


@given(st.sets(st.integers(0, 56), min_size=5, max_size=5))
def test_round_trip_five_of_fifty_seven(subset: set[int]) -> None:
    rank = combination_rank(list(subset))
    assert 0 <= rank < comb(57, 5)
    assert combination_unrank(rank, 5) == tuple(sorted(subset))


def test_subset_codes_blocks() -> None:
    codes = SubsetCodes(6, max_size=3)
    assert codes.size == 6 + 15 + 20
    seen = {codes.encode(c) for k in (1, 2, 3) for c in itertools.combinations(range(6), k)}
    assert seen == set(range(codes.size))
    assert all(codes.decode(codes.encode(c)) == c for c in itertools.combinations(range(6), 2))


@pytest.mark.parametrize("bad", [(1, 1), (-1,), (7,), ()])
def test_bad_subsets(bad: tuple[int, ...]) -> None:
    with pytest.raises(NotationError):
        SubsetCodes(6, max_size=3).encode(bad)


def test_bad_codes_and_sizes() -> None:
    with pytest.raises(NotationError):
        SubsetCodes(6, max_size=3).decode(41)
    with pytest.raises(NotationError):
        SubsetCodes(3, max_size=4)
    with pytest.raises(NotationError):
        combination_unrank(-1, 2)
    with pytest.raises(NotationError):
        combination_rank((2, 2))
