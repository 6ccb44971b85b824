"""Follow rules and trick winners against a slow, obviously correct reference (DESIGN §8)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, Suit
from cardrules.games.rook import Play, RookGame, RookState, make_game

BIRD_POWER = {"high": 100.0, "low": 0.5, "ten_and_half": 10.5}


def reference_legal(hand: list[Card], trick: list[Card], trump: Suit) -> set[Card]:
    """R15-R17 spelled out: follow the led colour (a led Bird means trump) or play the Bird."""
    if not trick:
        return set(hand)
    led = trump if trick[0].is_bird else trick[0].suit
    follow = [c for c in hand if (trump if c.is_bird else c.suit) == led]
    if not follow:
        return set(hand)
    return set(follow) | {c for c in hand if c.is_bird}


def reference_winner(trick: list[Card], trump: Suit, bird_rank: str) -> int:
    """R18/R19 spelled out: the highest trump (the Bird ranked per A1), else the highest of the led."""

    def colour(c: Card) -> Suit | None:
        return trump if c.is_bird else c.suit

    def power(c: Card) -> float:
        return BIRD_POWER[bird_rank] if c.is_bird else float(c.rank)

    trumps = [k for k, c in enumerate(trick) if colour(c) == trump]
    pool = trumps or [k for k, c in enumerate(trick) if colour(c) == colour(trick[0])]
    return max(pool, key=lambda k: power(trick[k]))


def check_play(game: RookGame, state: RookState) -> None:
    seat = state.to_move
    assert seat is not None and state.trump is not None
    hand = [game.deck.cards[i] for i in range(len(game.deck)) if state.hands[seat] >> i & 1]
    trick = [game.deck.cards[i] for i in state.trick]
    got = {a.card for a in game.legal_actions(state) if isinstance(a, Play)}
    assert got == reference_legal(hand, trick, state.trump)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    bird_rank=st.sampled_from(["high", "low", "ten_and_half"]),
    full_deck=st.booleans(),
)
def test_R15_R19_follow_and_winner_match_reference(
    seed: int, bird_rank: str, full_deck: bool
) -> None:
    """Every play of random hands: the legal plays and each trick's winner agree with the reference
    (R15 follow, R16 Bird any time, R17 Bird is trump, R18 Bird rank per A1, R19 winner)."""
    game = make_game(bird_rank=bird_rank, full_deck=full_deck)
    rng = random.Random(seed)
    state = game.apply(game.new_hand(dealer=seed % 4), game.shuffle(rng))
    while not game.is_over(state):
        if state.phase == "play":
            check_play(game, state)
            before = len(state.tricks)
            trick = [game.deck.cards[i] for i in state.trick]
            leader = state.leader
            action = game.random_action(state, rng)
            after = game.apply(state, action)
            if len(trick) == 3 and not game.is_over(after):
                assert len(after.tricks) == before + 1
                assert state.trump is not None
                full = [*trick, action.card]
                assert after.leader == (leader + reference_winner(full, state.trump, bird_rank)) % 4
            state = after
        else:
            state = game.apply(state, game.random_action(state, rng))


def test_engine_fast_paths_agree_with_the_core_follow_rule() -> None:
    """The inlined follow masks of the hot paths equal must_follow + with_always_playable (R15-R17)
    for every led card and many hands, in every trump and Bird rank."""
    rng = random.Random(12)
    for bird_rank in ("high", "low", "ten_and_half"):
        game = make_game(bird_rank=bird_rank)
        for trump, rule in game.follow.items():
            masks = game.follow_masks[trump]
            for led in range(len(game.deck)):
                for _ in range(20):
                    hand = sum(1 << c for c in rng.sample(range(len(game.deck)), 9)) & ~(1 << led)
                    following = hand & masks[led]
                    fast = (following | (hand & game.bird_mask)) if following else hand
                    assert fast == rule(hand, led)


def test_random_action_is_uniform_over_legal_actions() -> None:
    """random_action draws every legal action of a bidding, bury or play state equally often."""
    from collections import Counter

    game = make_game(nest_discard_counters=False)
    rng = random.Random(8)
    state = game.apply(game.new_hand(dealer=1), game.shuffle(rng))
    states = [state]
    while state.phase != "play" or len(state.trick) < 2:
        state = game.apply(state, game.random_action(state, rng))
        states.append(state)
    bury = next(s for s in states if s.phase == "bury")
    assert states[0].phase == "bidding" and len(game.legal_actions(bury)) <= 300
    for s in (states[0], bury, state):
        legal = set(game.legal_actions(s))
        n = 100 * len(legal)
        counts = Counter(game.random_action(s, rng) for _ in range(n))
        assert set(counts) <= legal
        expected = n / len(legal)
        chi2 = sum((counts[a] - expected) ** 2 / expected for a in legal)
        dof = len(legal) - 1
        assert chi2 < dof + 6 * (2 * dof) ** 0.5, (s.phase, chi2, dof)
