"""Tests written to kill the survivors of a mutation run over the Euchre engine (issue #18).

``engine.py`` builds its tables (:data:`~cardrules.games.euchre.engine.FOLLOW_MASKS`,
``WIN_KEYS``, ``CARD_KEYS``, ``ORDERS``) once, at import: the tests here call the rule functions
and the table generators again and check what they make against the rules (E10, E11, E13, E14),
so a wrong generator fails a test, not only a wrong table. The rest pins the rare paths of the
rollouts: the outcome of a hand that has already ended, a thrown-in hand in a match, the fused
revoke-mode rollout when no revoke can happen any more, and its mask cache when cold (E17).
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

import cardrules.games.euchre.fast as rollout
from cardrules import (
    CHANCE,
    JACK,
    ArgumentError,
    ArgumentTypeError,
    Card,
    Suit,
    get_deck,
    plain_order,
)
from cardrules.decks import shuffled_order
from cardrules.games.euchre import EuchreGame, EuchreState, engine, make_game
from cardrules.games.euchre.engine import (
    CARD_KEYS,
    FOLLOW_MASKS,
    ORDERS,
    TRUMPS,
    WIN_KEYS,
    effective_suit_masks,
    playable,
    trick_winner,
    trump_ranking,
)
from cardrules.games.euchre.fast import stepped_rollout
from cardrules.games.euchre.game import EuchreGame as GameModuleEuchreGame
from cardrules.games.euchre.state import DECK

from .stacking import FixedCode

FULL = (1 << len(DECK)) - 1


def names(cards: object) -> list[str]:
    return [str(DECK.card(c)) for c in cards]  # type: ignore[attr-defined]


# -- E10: the card ranking ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "expected"),
    [
        (
            Suit.HEARTS,
            {
                Suit.HEARTS: "JH JD AH KH QH 10H 9H",
                Suit.DIAMONDS: "AD KD QD 10D 9D",
                Suit.CLUBS: "AC KC QC JC 10C 9C",
                Suit.SPADES: "AS KS QS JS 10S 9S",
            },
        ),
        (
            Suit.CLUBS,
            {
                Suit.CLUBS: "JC JS AC KC QC 10C 9C",
                Suit.SPADES: "AS KS QS 10S 9S",
                Suit.HEARTS: "AH KH QH JH 10H 9H",
                Suit.DIAMONDS: "AD KD QD JD 10D 9D",
            },
        ),
        (
            None,
            {
                suit: f"A{s} K{s} Q{s} J{s} 10{s} 9{s}"
                for suit, s in zip(engine.SUITS, "CDHS", strict=True)
            },
        ),
    ],
    ids=["hearts", "clubs", "no-trump"],
)
def test_E10_trump_ranking_orders_each_suit(trump: Suit | None, expected: dict[Suit, str]) -> None:
    """E10: the right bower, the left bower, then A K Q 10 9 of trumps; A K Q J 10 9 in the
    plain suits (the left bower's own suit loses its jack); no-trump (EV3) has no bowers."""
    order = trump_ranking(trump)
    for suit, text in expected.items():
        assert " ".join(names(order.ranked(suit))) == text
    assert order.trump == trump


@pytest.mark.parametrize("bad", ["H", 7, Suit.HEARTS.name, object()])
def test_E10_trump_ranking_refuses_what_is_not_a_suit(bad: object) -> None:
    """A trump that is neither one of the four French suits nor ``None`` is a type error that
    shows the value it got."""
    with pytest.raises(ArgumentTypeError, match=r"trump must be one of .* or None, not") as info:
        trump_ranking(bad)  # type: ignore[arg-type]
    assert "None, not None" not in str(info.value)


# -- E11: effective suits -----------------------------------------------------------------------


@pytest.mark.parametrize("trump", TRUMPS, ids=str)
def test_E11_effective_suit_masks_put_the_left_bower_in_trumps(trump: Suit | None) -> None:
    """E11: each card's mask is the cards of its effective suit: the left bower (the other jack
    of the trump colour) is a trump and not a card of its printed suit; without trumps every
    card is of its printed suit."""

    def effective(card: Card) -> Suit | None:
        if trump is not None and card.rank == JACK and card.suit == trump.same_colour:
            return trump
        return card.suit

    masks = effective_suit_masks(trump_ranking(trump))
    assert len(masks) == len(DECK)
    for c, card in enumerate(DECK.cards):
        expected = [d for d, other in enumerate(DECK.cards) if effective(other) == effective(card)]
        assert masks[c] == sum(1 << d for d in expected), (str(card), trump)


def test_E11_effective_suit_masks_refuses_other_orders() -> None:
    """Only a ranking of the euchre24 deck has Euchre's effective suits."""
    with pytest.raises(ArgumentTypeError, match="order must be a SuitOrder of the euchre24 deck"):
        effective_suit_masks("hearts")  # type: ignore[arg-type]
    other = plain_order(get_deck("french52"))
    with pytest.raises(ArgumentTypeError, match=r"not SuitOrder.*french52"):
        effective_suit_masks(other)


# -- the generated tables, regenerated ----------------------------------------------------------


@pytest.mark.parametrize("trump", TRUMPS, ids=str)
def test_E13_follow_mask_generator_gives_playable_for_every_led_card(trump: Suit | None) -> None:
    """E13: ``FOLLOW_MASKS``' generator — the core's follow table of a freshly built E10 ranking —
    gives for each led card the cards that follow it (its effective suit), so ``hand & mask or
    hand`` is ``playable`` for any hand."""
    masks = engine.trump_ranking(trump).follow_masks()
    assert masks == FOLLOW_MASKS[trump]
    assert len(masks) == len(DECK)
    order = ORDERS[trump]
    rng = random.Random(18)
    hands = [rng.getrandbits(len(DECK)) for _ in range(200)] + [0, FULL]
    for led in range(len(DECK)):
        assert masks[led] == order.suit_mask(order.effective_suit(led))
        for hand in hands:
            assert (hand & masks[led] or hand) == playable(hand, led, trump)


@pytest.mark.parametrize("trump", TRUMPS, ids=str)
def test_E14_win_key_generator_ranks_the_cards_that_can_win(trump: Suit | None) -> None:
    """E14: ``WIN_KEYS``' generator — the core's winner table of a freshly built E10 ranking: for
    a led card, a card that can never win (neither of the led effective suit nor a trump) has key
    0; the others are ranked 1, 2, … from the lowest, and the highest key wins every trick of
    three cards as ``trick_winner`` says."""
    keys_by_led = engine.trump_ranking(trump).win_keys()
    assert keys_by_led == WIN_KEYS[trump]
    order = ORDERS[trump]
    for led in range(len(DECK)):
        keys = keys_by_led[led]
        led_suit = order.effective_suit(led)
        can_win = [c for c in range(len(DECK)) if order.effective_suit(c) in (led_suit, trump)]
        assert all(keys[c] == 0 for c in range(len(DECK)) if c not in can_win)
        assert sorted(keys[c] for c in can_win) == list(range(1, len(can_win) + 1))
    for trick in itertools.permutations(range(len(DECK)), 3):
        keys = keys_by_led[trick[0]]
        assert max(range(3), key=lambda i: keys[trick[i]]) == trick_winner(trick, trump), trick


@pytest.mark.parametrize("trump", TRUMPS, ids=str)
def test_E10_card_key_generator_is_the_power_plus_100_for_trumps(trump: Suit | None) -> None:
    """E10, E11: the generator of ``CARD_KEYS`` (what ``EuchreGame.tables`` hands out), run
    again: each card's power inside its effective suit, plus 100 for a trump (the left bower
    too); so a trump outranks every other card, and inside a suit the keys follow E10."""
    keys = engine._card_keys(trump)
    assert keys == CARD_KEYS[trump]
    assert EuchreGame().tables(trump)[1] == keys
    order = ORDERS[trump]
    for c in range(len(DECK)):
        is_trump = trump is not None and order.effective_suit(c) == trump
        assert keys[c] == order.powers[c] + (100 if is_trump else 0)
    for suit in engine.SUITS:
        ranked = order.ranked(suit)
        assert [keys[c] for c in ranked] == sorted((keys[c] for c in ranked), reverse=True)
    if trump is not None:
        trumps = order.suit_mask(trump)
        lowest_trump = min(keys[c] for c in range(len(DECK)) if trumps >> c & 1)
        assert all(keys[c] < lowest_trump for c in range(len(DECK)) if not trumps >> c & 1)


def test_E9_next_active_seat_refuses_seats_and_masks_out_of_range() -> None:
    """E9, E12: four seats (0-3) and a sitting-out mask of four bits (0-15); anything else is a
    library error that names the argument."""
    assert [engine.next_active_seat(3, out) for out in (0, 0b0001, 0b0011)] == [0, 1, 2]
    with pytest.raises(ArgumentError, match=r"^seat must be from 0 to 3, not 4$"):
        engine.next_active_seat(4, 0)
    for out in (16, -1):
        with pytest.raises(ArgumentError, match=rf"^out must be from 0 to 15, not {out}$"):
            engine.next_active_seat(0, out)


def test_E4_lehmer_shuffle_reads_the_last_digits_of_its_code() -> None:
    """E4: the shuffle reads its one draw as a mixed-radix code, so every code gives another
    order: the six codes that differ only in their last two digits (radix 3, then 2) give the six
    orders of the last three cards."""
    low = math.factorial(24) // 6  # one unit of the radix-3 digit
    orders = [shuffled_order(FixedCode(m * low), 24, "lehmer") for m in range(6)]
    assert all(order[:21] == tuple(range(21)) for order in orders)
    assert sorted(order[21:] for order in orders) == sorted(itertools.permutations((21, 22, 23)))
    assert shuffled_order(FixedCode(math.factorial(24) - 1), 24, "lehmer") == tuple(
        range(23, -1, -1)
    )


def test_engine_module_still_exports_euchre_game_lazily() -> None:
    """``EuchreGame`` moved to ``game.py``; the old import path gives the same class, and any
    other missing name is the usual ``AttributeError`` naming the module and the name."""
    assert engine.EuchreGame is GameModuleEuchreGame
    with pytest.raises(AttributeError, match=r"module '.*euchre.engine' has no attribute 'nope'"):
        engine.nope  # noqa: B018


# -- rollouts: the rare paths -------------------------------------------------------------------


def play_randomly(
    game: EuchreGame, state: EuchreState, rng: random.Random, steps: int
) -> EuchreState:
    for _ in range(steps):
        if game.is_over(state):
            break
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    return state


def test_stepped_rollout_refuses_what_is_not_a_state() -> None:
    """Both rollouts refuse a value that is not a Euchre state, or an rng that is not a
    ``random.Random``, with the library's type error showing the value."""
    game = make_game()
    for run in (stepped_rollout, rollout.rollout):
        with pytest.raises(ArgumentTypeError, match=r"state must be a EuchreState.*not str"):
            run(game, "dealer 0", random.Random(1))
        with pytest.raises(ArgumentTypeError, match="int"):
            run(game, game.new_hand(dealer=0), 7)


def test_E15_rollout_of_a_finished_hand_is_its_outcome() -> None:
    """At a terminal state, and at the state between two hands of a match, both rollouts play
    nothing and give the outcome of the hand that ended (here a march of seat 1: 2 points)."""
    game = make_game()
    tricks = ["JH 9H 9S 9C", "JD 10H 10S 10C", "AH AD JS JC", "KH KD QS QC", "QH QD KS KC"]
    spec = {"dealer": 0, "upcard": "AS", "kitty": "AC 9D 10D", "trump": "H", "maker": 1}
    march = game.hand_outcome((0, 2))
    over = game.position(hands=["", "", "", ""], tricks=tricks, **spec)  # type: ignore[arg-type]
    assert over.phase == "over"
    between = game.position(match=True, last={"hands": ["", "", "", ""], "tricks": tricks, **spec})
    assert between.phase == "deal"
    for state in (over, between):
        for run in (stepped_rollout, rollout.rollout):
            rng = random.Random(5)
            assert run(game, state, rng) == march
            assert rng.random() == random.Random(5).random()  # nothing was drawn


def test_E7_rollout_of_a_thrown_in_hand_in_a_match_scores_nothing() -> None:
    """D7/E7: without stick-the-dealer, when the dealer passes last the hand is thrown in and
    scores nothing; the rollout stops there and does not play the next deal of the match."""
    game = make_game(stick_the_dealer=False)
    hands = ["9C 10C JC QC KC", "JH JD AH KH QH", "9H 10H AD KD QD", "9S 10S JS QS KS"]
    spec = {"dealer": 0, "hands": hands, "upcard": "AS", "kitty": "AC 9D 10D"}
    state = game.position(match=True, calls=", ".join(["pass"] * 7), **spec)  # type: ignore[arg-type]
    assert state.to_move == 0
    outcomes = set()
    for seed in range(40):
        fused = rollout.rollout(game, state, random.Random(seed))
        assert stepped_rollout(game, state, random.Random(seed)) == fused
        outcomes.add(fused)
    assert game.hand_outcome((0, 0)) in outcomes
    assert len(outcomes) > 1


@pytest.mark.parametrize("renege_mode", [False, True], ids=["strict", "revoke-mode"])
def test_rollouts_agree_in_the_second_hand_of_a_match(renege_mode: bool) -> None:
    """A rollout from inside a later hand of a match (the last hand is on record) plays that hand
    out: stepping and the fused rollout agree, from every phase of the hand."""
    game = make_game(renege_mode=renege_mode)
    rng = random.Random(3)
    checked = 0
    for k in range(6):
        state = game.new_match(dealer=k % 4)
        state = play_randomly(game, state, rng, 1)
        while state.match.last is None and not game.is_over(state):
            state = play_randomly(game, state, rng, 1)
        for steps in range(0, 30, 3):
            here = play_randomly(game, state, random.Random(steps), steps)
            if here.match.last is None or game.is_over(here) or game.to_move(here) == CHANCE:
                continue
            for seed in range(3):
                fused_rng, stepped_rng = random.Random(seed), random.Random(seed)
                assert rollout.rollout(game, here, fused_rng) == stepped_rollout(
                    game, here, stepped_rng
                )
                assert fused_rng.random() == stepped_rng.random()
                checked += 1
    assert checked > 20


def test_E17_revoke_mode_rollout_counts_tricks_when_no_revoke_is_possible() -> None:
    """E15/E17: in revoke mode, from a position where nobody can revoke any more (every remaining
    hand is void in the suits that matter), the fused rollout scores the tricks as stepping does:
    seat 1's march is worth 2, whatever the draws."""
    game = make_game(renege_mode=True)
    state = game.position(
        dealer=0,
        hands=["QC KC", "KH QH", "KD QD", "QS KS"],
        upcard="AS",
        kitty="AC 9D 10D",
        trump="H",
        maker=1,
        tricks=["JH 9H 9S 9C", "JD 10H 10S 10C", "AH AD JS JC"],
    )
    march = game.hand_outcome((0, 2))
    for seed in range(10):
        assert rollout.rollout(game, state, random.Random(seed)) == march
        assert stepped_rollout(game, state, random.Random(seed)) == march


def test_E17_revoke_mode_rollout_with_a_cold_mask_cache() -> None:
    """The fused rollouts memoise each hand mask's cards; with the cache emptied they compute
    them again and still agree with stepping (E17 revoke mode, and strict play)."""
    for renege_mode in (True, False):
        game = make_game(renege_mode=renege_mode)
        rollout._BITS.clear()
        assert rollout._bits(0b1010) == (1, 3)
        assert rollout._BITS[0b1010] == (1, 3)
        rollout._BITS.clear()
        for dealer in range(4):
            state = game.new_hand(dealer=dealer)
            for seed in range(5):
                fused_rng, stepped_rng = random.Random(seed), random.Random(seed)
                assert rollout.rollout(game, state, fused_rng) == stepped_rollout(
                    game, state, stepped_rng
                )
                assert fused_rng.random() == stepped_rng.random()


# -- the bidding rules as engine functions (a second run, over the functions moved from the game) --


@pytest.mark.parametrize("dealer", range(4))
def test_d7_a_thrown_in_hand_passes_the_deal_left_or_keeps_it(dealer: int) -> None:
    assert engine.dealer_after_throw_in(dealer, same_dealer=False) == (dealer + 1) % 4
    assert engine.dealer_after_throw_in(dealer, same_dealer=True) == dealer


@pytest.mark.parametrize("dealer", range(4))
def test_ev2_only_the_dealers_partner_must_go_alone(dealer: int) -> None:
    forced = [engine.must_go_alone(s, dealer, canadian_loner=True) for s in range(4)]
    assert forced == [s == (dealer + 2) % 4 for s in range(4)]
    assert not any(engine.must_go_alone(s, dealer, canadian_loner=False) for s in range(4))


@pytest.mark.parametrize(("dealer", "maker"), list(itertools.product(range(4), range(4))))
def test_e12_d4_the_first_leader_for_every_dealer_and_lone_maker(dealer: int, maker: int) -> None:
    out = engine.sitting_out(maker, True)
    eldest = (dealer + 1) % 4
    plain = engine.first_leader(dealer, maker, True, out, left_of_lone=False)
    assert plain == (eldest if not out >> eldest & 1 else (eldest + 1) % 4)
    lone_left = engine.first_leader(dealer, maker, True, out, left_of_lone=True)
    # D4: when eldest sits out because its partner (the dealer) went alone, left of the maker leads.
    assert lone_left == ((maker + 1) % 4 if maker == (eldest + 2) % 4 else plain)
    assert engine.first_leader(dealer, maker, False, 0, left_of_lone=True) == eldest
