"""The primitives Spades needed: TrickPlay, lead_avoiding, BidRound and MatchScore's mercy floor."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import (
    BidRound,
    IllegalActionError,
    MatchScore,
    Partnership,
    RulesError,
    Suit,
    TrickPlay,
    get_deck,
    iter_bits,
    lead_avoiding,
    must_follow,
    plain_order,
)

DECK = get_deck("french52")
ORDER = plain_order(DECK, trump=Suit.SPADES)
SPADES = ORDER.suit_mask(Suit.SPADES)
RULE = lead_avoiding(must_follow(ORDER), SPADES)


def _deal(rng: random.Random, leader: int = 0) -> TrickPlay:
    order = list(range(52))
    rng.shuffle(order)
    return TrickPlay.start([sum(1 << c for c in order[s::4]) for s in range(4)], leader)


@given(st.integers(0, 2**52 - 1), st.integers(0, 51))
def test_lead_avoiding_bars_only_the_lead(hand: int, led: int) -> None:
    """A barred card is led only from a hand of barred cards; following is the plain rule."""
    led_mask = RULE(hand, None)
    assert led_mask == (hand & ~SPADES or hand)
    assert RULE(hand, led) == must_follow(ORDER)(hand, led)


@given(st.integers(0, 2**32 - 1))
def test_trick_play_winners_come_from_the_order(seed: int) -> None:
    """Every trick goes to the seat of ORDER.winning_position; the winner leads; all 52 are played."""
    rng = random.Random(seed)
    play = _deal(rng, leader=seed % 4)
    while not play.is_over:
        legal = play.legal(RULE)
        assert legal and legal & ~play.hands[play.to_move or 0] == 0
        done = len(play.tricks)
        leader = play.leader
        play = play.play(rng.choice(list(iter_bits(legal))), ORDER)
        if len(play.tricks) > done:
            cards = play.tricks[-1][1]
            assert play.tricks[-1][0] == leader
            assert play.leader == (leader + ORDER.winning_position(cards)) % 4
            assert play.to_move == (None if play.is_over else play.leader)
    assert sum(play.taken) == 13 and play.to_move is None and play.played == DECK.full_mask
    assert play.legal(RULE) == 0


def test_trick_play_refuses_to_play_on_after_the_end() -> None:
    play = _deal(random.Random(1)).rollout(RULE, ORDER, random.Random(2))
    with pytest.raises(RulesError, match="over"):
        play.play(0, ORDER)
    with pytest.raises(RulesError):
        TrickPlay.start([0, 0], leader=2)


@given(st.integers(0, 2**32 - 1), st.integers(0, 51))
def test_rollout_is_play_in_a_loop(seed: int, steps: int) -> None:
    """A rollout from any point ends the play with the same invariants and leaves its start alone."""
    rng = random.Random(seed)
    play = _deal(rng)
    for _ in range(steps):
        play = play.play(rng.choice(list(iter_bits(play.legal(RULE)))), ORDER)
    before = play
    end = play.rollout(RULE, ORDER, random.Random(seed))
    assert play == before and end.is_over and sum(end.taken) == 13
    assert end.tricks[: len(play.tricks)] == play.tricks


@given(st.integers(0, 2**32 - 1), st.integers(0, 51), st.integers(0, 3))
def test_sample_hidden_respects_what_the_seat_knows(seed: int, steps: int, seat: int) -> None:
    """Sampled hands keep the seat's own hand, the sizes, every shown void; cards are conserved."""
    rng = random.Random(seed)
    play = _deal(rng)
    for _ in range(steps):
        play = play.play(rng.choice(list(iter_bits(play.legal(RULE)))), ORDER)
    voids = play.shown_voids(ORDER)
    for s, suits in enumerate(voids):  # a shown void is true of the real hands
        assert all(play.hands[s] & ORDER.suit_mask(suit) == 0 for suit in suits)
    known = TrickPlay(
        tuple(h if s == seat else 0 for s, h in enumerate(play.hands)),
        play.leader,
        play.trick,
        play.tricks,
        play.taken,
    )
    sampled = known.sample_hidden(seat, play.hand_sizes, ORDER, rng)
    assert sampled.hands[seat] == play.hands[seat]
    assert sampled.hand_sizes == play.hand_sizes
    assert sampled.shown_voids(ORDER) == voids
    for s, suits in enumerate(voids):
        assert all(sampled.hands[s] & ORDER.suit_mask(suit) == 0 for suit in suits)
    held = 0
    for hand in sampled.hands:
        assert held & hand == 0
        held |= hand
    assert held | sampled.played == DECK.full_mask
    zones = sampled.card_zones(DECK)
    assert Counter(c for cards in zones.values() for c in cards) == Counter(DECK.cards)


def test_sample_hidden_honours_pinned_cards() -> None:
    play = _deal(random.Random(3))
    card = next(iter_bits(play.hands[2]))
    known = TrickPlay((play.hands[0], 0, 0, 0), 0, (), (), (0, 0, 0, 0))
    for seed in range(20):
        sampled = known.sample_hidden(0, play.hand_sizes, ORDER, random.Random(seed), {card: 2})
        assert sampled.hands[2] >> card & 1


def test_bid_round_partners_share_a_cap() -> None:
    """Spades' S3: each bids once in turn; partners together bid at most 13."""
    r = BidRound.start(
        num_players=4, first=1, maximum=13, teams=Partnership.opposite(4), team_maximum=13
    )
    assert r.to_move == 1 and r.legal_bids() == tuple(range(14))
    r = r.bid(1, 10)
    assert r.legal_bids() == tuple(range(14))  # seat 2's partner (seat 0) has not bid
    r = r.bid(2, 0).bid(3, 3)
    assert r.legal_bids() == tuple(range(14))  # seat 0's partner bid Nil
    with pytest.raises(IllegalActionError, match="partners together"):
        BidRound.start(
            num_players=4, first=0, maximum=13, teams=Partnership.opposite(4), team_maximum=13
        ).bid(0, 9).bid(1, 0).bid(2, 5)
    r = r.bid(0, 13)
    assert r.is_over and r.to_move is None and r.legal_bids() == () and r.bids == (13, 10, 0, 3)
    with pytest.raises(IllegalActionError, match="over"):
        r.bid(1, 0)


def test_bid_round_refuses_bad_turns_and_amounts() -> None:
    r = BidRound.start(num_players=3, first=0, minimum=1, maximum=4)
    with pytest.raises(IllegalActionError, match="turn"):
        r.bid(1, 2)
    for amount in (0, 5, True, 2.0):
        with pytest.raises(IllegalActionError):
            r.bid(0, amount)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        BidRound.start(num_players=4, first=4, maximum=13)
    with pytest.raises(RulesError):
        BidRound.start(num_players=4, first=0, maximum=13, team_maximum=13)
    with pytest.raises(RulesError):
        BidRound.start(num_players=4, first=0, minimum=5, maximum=4)


def test_match_score_mercy_floor() -> None:
    """Spades' S11: a side alone at or below the floor loses; the target still wins first."""
    m = MatchScore.start(teams=2, target=500, rule="highest_over_target", floor=-350)
    assert m.add((-350, -349)).winner == 1
    assert m.add((-351, -351)).winner is None
    assert m.add((-349, 0)).winner is None
    assert m.add((520, -400)).winner == 0
    assert m.add((510, 510)).winner is None
    assert m.add((-400, -380)).winner == 1  # both under the floor: the lower alone loses
    with pytest.raises(RulesError):
        MatchScore.start(teams=2, target=500, floor=500)
    with pytest.raises(RulesError):
        MatchScore.start(teams=2, target=500, floor=-350, scores=(-400, 0))
