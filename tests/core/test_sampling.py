"""Uniform constrained dealing of hidden cards."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import ImpossibleDealError, count_deals, deal_constrained


def brute_force_deals(
    allowed: dict[int, int], capacities: list[int]
) -> list[tuple[tuple[int, ...], ...]]:
    cards = sorted(allowed)
    seats = [s for s, cap in enumerate(capacities) for _ in range(cap)]
    worlds = set()
    for perm in itertools.permutations(seats):
        if all(allowed[c] >> s & 1 for c, s in zip(cards, perm, strict=True)):
            worlds.add(
                tuple(
                    tuple(c for c, s in zip(cards, perm, strict=True) if s == seat)
                    for seat in range(len(capacities))
                )
            )
    return sorted(worlds)


@settings(max_examples=60)
@given(
    st.integers(1, 6).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(1, 7), min_size=n, max_size=n), st.integers(0, 2**16)
        )
    )
)
def test_count_matches_brute_force(case: tuple[list[int], int]) -> None:
    masks, split_seed = case
    allowed = dict(enumerate(masks))
    rng = random.Random(split_seed)
    capacities = [0, 0, 0]
    for _ in allowed:
        capacities[rng.randrange(3)] += 1
    worlds = brute_force_deals(allowed, capacities)
    assert count_deals(allowed, capacities) == len(worlds)
    if worlds:
        hands = deal_constrained(allowed, capacities, rng)
        assert hands in worlds
    else:
        with pytest.raises(ImpossibleDealError):
            deal_constrained(allowed, capacities, rng)


def test_sampling_is_uniform_over_consistent_worlds() -> None:
    # Six cards to three seats of two; seat 0 is void in cards 0-1, card 5 must be with seat 2.
    allowed = {0: 0b110, 1: 0b110, 2: 0b111, 3: 0b111, 4: 0b111, 5: 0b100}
    capacities = [2, 2, 2]
    worlds = brute_force_deals(allowed, capacities)
    rng = random.Random(2024)
    n = 30_000
    counts = Counter(deal_constrained(allowed, capacities, rng) for _ in range(n))
    assert set(counts) == set(worlds)
    expected = n / len(worlds)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    # len(worlds)-1 degrees of freedom; the 99.99th percentile for df <= 20 is below 50.
    assert len(worlds) <= 21
    assert chi2 < 50


def test_impossible_inputs() -> None:
    with pytest.raises(ImpossibleDealError, match="cannot fill"):
        deal_constrained({0: 1}, [2], random.Random(1))
    with pytest.raises(ImpossibleDealError, match="no deal"):
        deal_constrained({0: 0b01, 1: 0b01}, [1, 1], random.Random(1))
    assert count_deals({}, [0, 0]) == 1
    assert deal_constrained({}, [0, 0], random.Random(1)) == ((), ())
