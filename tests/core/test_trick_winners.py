"""``TrickPlay.winners`` and ``TrickPlay.points_taken`` against the tricks judged again, one by one,
by the rank order's ``winning_position`` (seated from each trick's leader), over random plays of
several decks, with seats sitting out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import TrickPlay, get_deck, iter_bits, must_follow, plain_order
from cardrules.errors import ArgumentError, ArgumentTypeError


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    deck_name=st.sampled_from(["french52", "euchre24"]),
    lone=st.booleans(),
)
def test_winners_and_points_agree_with_each_trick_judged_again(
    seed: int, deck_name: str, lone: bool
) -> None:
    deck = get_deck(deck_name)
    rng = random.Random(seed)
    order = plain_order(deck, trump=deck.cards[rng.randrange(len(deck))].suit)
    cards = list(range(len(deck)))
    rng.shuffle(cards)
    size = len(deck) // 4
    hands = [sum(1 << c for c in cards[k * size : (k + 1) * size]) for k in range(4)]
    leader = rng.randrange(4)
    out = 1 << (leader + 2) % 4 if lone else 0
    play = TrickPlay.start(hands, leader, out=out)
    points = [rng.randrange(4) for _ in range(len(deck))]
    stop = rng.randrange(len(deck))  # part-way through the hand, or to its end
    for _ in range(stop):
        if play.is_over:
            break
        options = list(iter_bits(play.legal(must_follow(order))))
        play = play.play(options[rng.randrange(len(options))], order)
    expected = []
    for lead, trick in play.tricks:
        expected.append(play.seat_at(lead, order.winning_position(trick)))
    assert play.winners == tuple(expected)
    taken = [0, 0, 0, 0]
    for seat, (_, trick) in zip(expected, play.tricks, strict=True):
        taken[seat] += sum(points[c] for c in trick)
    assert play.points_taken(points) == tuple(taken)
    assert [play.winners.count(s) for s in range(4)] == list(play.taken)


def test_points_taken_refuses_points_that_are_no_table_of_card_points() -> None:
    deck = get_deck("euchre24")
    order = plain_order(deck)
    play = TrickPlay.start([deck.mask(h) for h in ("9C", "10C", "JC", "QC")], 0)
    for card in ("9C", "10C", "JC", "QC"):
        play = play.play(deck.index(card), order)
    with pytest.raises(ArgumentTypeError, match="sequence of ints"):
        play.points_taken(5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="card 3"):
        play.points_taken([1, 2, 3])  # too short for card 3 (QC)
    with pytest.raises(ArgumentError, match="not an int"):
        play.points_taken([1.5] * 24)  # type: ignore[list-item]
    assert play.points_taken([1] * 24) == (0, 0, 0, 4)
