"""Views and sampling (R13 buried nest, R15-R17 voids, A6), and the statistic of section 1.6."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb, sqrt

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import BIRD, Suit
from cardrules.games.rook import RookGame, RookState, make_game
from cardrules.strategies import states

from ._helpers import LAYOUT, LAYOUT_NEST, dealt, in_play, run

NO_GREEN_3 = {
    0: "R G14 G13 G12 R14 R13 Y14 B14 B13",
    1: "G5 G6 G9 R12 R11 R10 Y13 Y12 Y11",
    2: "G7 G8 R9 R8 R7 Y10 Y9 Y8 B11",
    3: "B12 R6 R5 Y7 Y6 Y5 B10 B9 B8",
}


def test_bidder_alone_knows_the_buried_nest() -> None:
    """R13: the bidder's view holds the buried nest; sampled states keep it exactly."""
    game = make_game()
    state = in_play(game)
    view = game.view(state, 0)
    assert view.nest is not None and view.nest.mask == state.nest
    rng = random.Random(1)
    assert all(game.sample_state(view, rng).nest == state.nest for _ in range(20))
    other = game.view(state, 1)
    nests = {game.sample_state(other, rng).nest for _ in range(20)}
    assert len(nests) > 1  # unknown to seat 1: it varies


def test_nest_unknown_during_bidding_and_may_hold_any_unseen_card() -> None:
    """Before the bury the nest is hidden from every seat, the dealer's partner included."""
    game = make_game()
    state = dealt(game, 3, LAYOUT, LAYOUT_NEST)
    rng = random.Random(2)
    seen = 0
    for _ in range(200):
        sampled = game.sample_state(game.view(state, 2), rng)
        seen |= sampled.nest
        assert sampled.hands[2] == state.hands[2]
    assert seen & ~state.hands[2] == seen and seen.bit_count() > 25


def test_trump_void_excludes_the_bird_but_bird_on_colour_lead_reveals_nothing() -> None:
    """R15-R17: a seat that did not follow a trump lead holds neither trump nor the Bird; a Bird
    played on a colour lead says nothing about that colour."""
    game = make_game()
    state = run(game, in_play(game, hands=NO_GREEN_3, nest="G10 G11 B7 B6 B5"),
                "play G14", "play G5", "play G7", "play Y5")  # fmt: skip
    rng = random.Random(3)
    view = game.view(state, 1)
    trumps = game.orders[Suit.GREEN].suit_mask(Suit.GREEN)
    holders: Counter[object] = Counter()
    for _ in range(150):
        sampled = game.sample_state(view, rng)
        assert sampled.hands[3] & trumps == 0  # no Green and no Bird for seat 3
        holders[next(s for s in range(4) if sampled.hands[s] >> game.bird & 1) if
                 any(sampled.hands[s] >> game.bird & 1 for s in range(4)) else "nest"] += 1  # fmt: skip
    assert 3 not in holders and set(holders) <= {0, 2, "nest"} and len(holders) >= 2
    # Seat 1 plays the Bird on a Red lead although it holds Reds: seat 2 may still give it Reds.
    hands = {
        0: "G14 G13 G12 R14 R13 Y14 B14 B13 G9",
        1: "R R12 R11 R10 Y13 Y12 Y11 B12 Y5",
        2: "G7 G8 R9 R8 R7 Y10 Y9 Y8 B11",
        3: "G5 G6 R6 R5 Y7 Y6 B10 B9 B8",
    }
    state = run(game, in_play(game, hands=hands, nest="G10 G11 B7 B6 B5",
                              bury="bury B7 B6 B5 B13 R13"), "play R14", "play Bird")  # fmt: skip
    reds = game.deck.suit_masks[Suit.RED]
    view = game.view(state, 2)
    assert any(game.sample_state(view, rng).hands[1] & reds for _ in range(50))


def _voids_reference(game: RookGame, state: RookState) -> list[set[Suit]]:
    """Slow reference: for each trick, the led colour (the Bird counts as trump); a seat playing a
    card of another colour that is not the Bird lacks the led colour."""
    trump = state.trump
    voids: list[set[Suit]] = [set(), set(), set(), set()]

    def colour(card_index: int) -> Suit:
        card = game.deck.cards[card_index]
        assert trump is not None
        return trump if card.is_bird else card.suit  # type: ignore[return-value]

    for lead, cards in (*state.tricks, (state.leader, state.trick)):
        if not cards:
            continue
        led = colour(cards[0])
        for k, c in enumerate(cards):
            if game.deck.cards[c] != BIRD and colour(c) != led:
                voids[(lead + k) % 4].add(led)
    return voids


def test_sampling_is_uniform_over_consistent_worlds_last_trick() -> None:
    """sample_state is uniform over every world consistent with the view (chi-square), brute
    force over the last trick: three one-card hands and the five-card nest."""
    game = make_game()
    rng = random.Random(11)
    checked = 0
    for seed in range(40):
        state = in_play(game)
        play_rng = random.Random(seed)
        while len(state.tricks) < 8:
            state = game.apply(state, game.random_action(state, play_rng))
        viewer = 1 if state.leader != 1 else 2
        view = game.view(state, viewer)
        voids = _voids_reference(game, state)
        known = state.hands[viewer]
        for _, t in state.tricks:
            known |= sum(1 << c for c in t)
        unseen = [c for c in range(41) if not known >> c & 1]
        others = [s for s in range(4) if s != viewer]
        worlds = set()
        for picks in itertools.permutations(unseen, 3):
            ok = True
            for s, c in zip(others, picks, strict=True):
                card = game.deck.cards[c]
                suit = Suit.GREEN if card.is_bird else card.suit
                if suit in voids[s]:
                    ok = False
            if ok:
                worlds.add(picks)
        if not 4 <= len(worlds) <= 120:
            continue
        n = 40 * len(worlds)
        counts: Counter[tuple[int, ...]] = Counter()
        for _ in range(n):
            sampled = game.sample_state(view, rng)
            world = tuple(sampled.hands[s].bit_length() - 1 for s in others)
            assert world in worlds
            counts[world] += 1
        expected = n / len(worlds)
        chi2 = sum((counts[w] - expected) ** 2 / expected for w in worlds)
        dof = len(worlds) - 1
        assert chi2 < dof + 6 * sqrt(2 * dof), (seed, chi2, dof)
        checked += 1
        if checked == 2:
            break
    assert checked == 2


A6_GAME = make_game(nest_discard_counters=False)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=states(A6_GAME, "play"), seed=st.integers(0, 2**32 - 1))
def test_A6_sampled_nests_respect_the_bury_restriction(state: RookState, seed: int) -> None:
    """A6 (``nest_discard_counters=False``): a non-bidder's sampled nest and bidder's kept cards
    always form a legal bury — from any position of the card play (drawn by
    :mod:`cardrules.strategies`, which shrinks a failure to a short history)."""
    rng = random.Random(seed)
    plain = A6_GAME.deck.full_mask & ~A6_GAME.counter_mask
    viewer = (state.bidder + 1) % 4
    for _ in range(10):
        sampled = A6_GAME.sample_state(A6_GAME.view(state, viewer), rng)
        kept = sampled.hands[state.bidder]
        for lead, t in sampled.tricks:
            kept |= sum(1 << c for k, c in enumerate(t) if (lead + k) % 4 == state.bidder)
        buried_plain = (sampled.nest & plain).bit_count()
        assert buried_plain == min(5, buried_plain + (kept & plain).bit_count())


def test_statistic_1_6_no_counter_hand_probability() -> None:
    """1.6: P(a 9-card hand has no counter) = C(28,9)/C(41,9) = 1.971 %; P(some hand of four has
    none) = 7.85 %; seeded simulation of 20,000 deals, within 4.5 standard errors."""
    exact_one = comb(28, 9) / comb(41, 9)
    assert abs(exact_one - 0.01971) < 5e-6
    game = make_game()
    rng = random.Random(2026)
    n = 20_000
    none_seat0 = some_seat = 0
    start = game.new_hand(dealer=0)
    for _ in range(n):
        state = game.apply(start, game.sample_chance(start, rng))
        flags = [not game.has_counter(h) for h in state.hands]
        none_seat0 += flags[0]
        some_seat += any(flags)
    p = none_seat0 / n
    assert abs(p - exact_one) < 4.5 * sqrt(exact_one * (1 - exact_one) / n)
    # Inclusion-exclusion over the four hands (two hands can be counter-free together).
    exact_any = sum(
        (-1) ** (k + 1) * comb(4, k) * _ordered(28, k) / _ordered(41, k) for k in range(1, 4)
    )
    assert abs(exact_any - 0.0785) < 5e-4
    q = some_seat / n
    assert abs(q - exact_any) < 4.5 * sqrt(exact_any * (1 - exact_any) / n)


def _ordered(pool: int, k: int) -> int:
    """Ways to fill k given 9-card hands, one after the other, from ``pool`` cards."""
    ways = 1
    for j in range(k):
        ways *= comb(pool - 9 * j, 9)
    return ways
