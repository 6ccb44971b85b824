"""Rules R1-R12 (teams, deck, counters, dealer, deal, redeal, auction) and edge cases 11-13."""

from __future__ import annotations

import random

import pytest

from cardrules import (
    BIRD,
    CHANCE,
    Card,
    ChooseDealer,
    Deal,
    IllegalActionError,
    NotationError,
    Suit,
    get_deck,
)
from cardrules.games.rook import Bid, Pass, Redeal, counter_value, make_game

from ._helpers import LAYOUT, LAYOUT_NEST, cards, dealt, run, stacked


def test_R1_partners_opposite_share_a_team_score() -> None:
    """R1: seats 0 and 2 against 1 and 3; a hand's points are the team's, for both partners."""
    game = make_game()
    state = run(game, dealt(game, 3, LAYOUT, LAYOUT_NEST), "bid 70", "pass", "pass", "pass")
    state = run(game, state, "bury B7 B6 B5 B13 Y14", "trump Green")
    rng = random.Random(1)
    while not game.is_over(state):
        state = game.apply(state, game.random_action(state, rng))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.seat_points[0] == outcome.seat_points[2] == outcome.team_points[0]
    assert outcome.seat_points[1] == outcome.seat_points[3] == outcome.team_points[1]


def test_R1_hands_are_secret_even_from_partners() -> None:
    """R1: a seat's view holds its own cards only, not its partner's."""
    game = make_game()
    state = dealt(game, 3, LAYOUT, LAYOUT_NEST)
    view = game.view(state, 0)
    assert view.hand.mask == state.hands[0]
    assert not hasattr(view, "hands")
    assert view.revealed is None and view.nest is None


def test_R2_deck_of_41_cards_and_57_with_full_deck() -> None:
    """R2: four colours 5-14 plus the Bird; the full_deck variant keeps the 1-4s (57 cards)."""
    game = make_game()
    assert len(game.deck) == 41 and BIRD in game.deck
    assert Card.parse("R4") not in game.deck
    assert {c.rank for c in game.deck.cards if not c.is_bird} == set(range(5, 15))
    full = make_game(full_deck=True)
    assert len(full.deck) == 57 and full.cards_each == 13


def test_R3_within_a_colour_14_high_5_low() -> None:
    """R3: in a colour that is not trump, 14 beats 13 beats ... beats 5."""
    game = make_game()
    order = game.orders[Suit.GREEN]
    d = game.deck
    trick = [d.index(c) for c in ("Y5", "Y14", "Y13", "Y6")]
    assert order.winning_position(trick) == 1
    assert order.winning_position([d.index("Y6"), d.index("Y5")]) == 0


def test_R4_counters_total_120() -> None:
    """R4: 5s are 5, 10s and 14s are 10, the Bird 20: 120 in all, in both decks."""
    for name in ("rook41", "rook57"):
        deck = get_deck(name)
        assert sum(counter_value(c) for c in deck.cards) == 120
        assert sum(1 for c in deck.cards if counter_value(c)) == 13
    assert counter_value(BIRD) == 20


def test_R5_first_dealer_by_chance_then_deal_passes_left() -> None:
    """R5: a match starts by drawing the dealer; after a scored hand the deal passes left."""
    game = make_game()
    state = game.new_match()
    assert game.to_move(state) == CHANCE and state.phase == "choose_dealer"
    state = game.apply(state, ChooseDealer(2))
    assert state.dealer == 2 and state.phase == "deal"
    with pytest.raises(IllegalActionError, match="R5"):
        game.apply(game.new_match(), ChooseDealer(7))
    state = game.apply(state, stacked(game, 2, LAYOUT, LAYOUT_NEST))
    assert game.to_move(state) == 3  # R9: left of the dealer bids first
    # All pass: thrown in (A2 default) and the next dealer deals.
    state = run(game, state, "pass", "pass", "pass", "pass")
    assert state.phase == "deal" and state.dealer == 3


def test_R6_edge_13_nest_takes_stream_positions_4_9_14_19_24() -> None:
    """R6 / edge case 13: one card at a time from the dealer's left; the nest gets 4, 9, 14, 19, 24."""
    game = make_game()
    order = tuple(range(41))
    state = game.apply(game.new_hand(dealer=1), Deal(order))
    assert cards(game, state.nest) == " ".join(str(game.deck.cards[i]) for i in (4, 9, 14, 19, 24))
    assert state.nest == sum(1 << i for i in (4, 9, 14, 19, 24))
    # Seat 2 (left of dealer 1) receives the stream's cards 0, 5, 10, 15, 20, then 25, 29, 33, 37.
    want = (0, 5, 10, 15, 20, 25, 29, 33, 37)
    assert state.hands[2] == sum(1 << i for i in want)
    assert state.hands[1] == sum(1 << i for i in (3, 8, 13, 18, 23, 28, 32, 36, 40))
    assert [h.bit_count() for h in state.hands] == [9, 9, 9, 9]


def test_R8_no_counter_hand_may_ask_redeal_same_dealer() -> None:
    """R8 / A3 default: a hand without counters asks for a redeal; annulled, same dealer deals."""
    game = make_game()
    plain = "R6 R7 R8 R9 Y6 Y7 Y8 Y9 G6"
    state = dealt(game, 3, {2: plain})
    assert Redeal() not in game.legal_actions(state)  # seat 0 is to move and holds counters
    assert game.out_of_turn_actions(state, 2) == (Redeal(),)
    after = run(game, state, "bid 70", "2: redeal")
    assert after.phase == "deal" and after.dealer == 3 and after.score.scores == (0, 0)
    assert after.hand_no == state.hand_no  # the hand is dealt again, not finished
    # Also after having passed, and on its own turn (then it is one of its legal actions).
    later = run(game, state, "bid 70", "pass")
    assert game.to_move(later) == 2 and Redeal() in game.legal_actions(later)
    passed = run(game, later, "pass", "pass")
    assert passed.phase == "bury"  # the auction ended: no more redeal requests
    later2 = run(game, state, "bid 70", "pass", "pass")
    assert later2.auction is not None and 2 in later2.auction.passed
    assert run(game, later2, "2: redeal").phase == "deal"


def test_R8_redeal_next_dealer_option_and_rule_off() -> None:
    """A3 variants: ``no_counter_redeal_dealer="next"``; ``no_counter_redeal=False`` refuses it."""
    plain = "R6 R7 R8 R9 Y6 Y7 Y8 Y9 G6"
    game = make_game(no_counter_redeal_dealer="next")
    assert run(game, dealt(game, 3, {1: plain}), "1: redeal").dealer == 0
    off = make_game(no_counter_redeal=False)
    state = dealt(off, 3, {1: plain})
    assert off.out_of_turn_actions(state, 1) == ()
    with pytest.raises(IllegalActionError, match="R8"):
        off.apply(state, Redeal(), seat=1)


def test_edge_12_redeal_refused_when_only_counter_is_the_bird() -> None:
    """Edge case 12 (R8): the Bird is a counter, so a hand whose only counter is the Bird may not ask."""
    game = make_game()
    state = dealt(game, 3, {2: "R R6 R7 R8 R9 Y6 Y7 Y8 Y9"})
    assert game.out_of_turn_actions(state, 2) == ()
    with pytest.raises(
        IllegalActionError,
        match="rule R8 \\(the no-counter redeal\\): the hand holds counters \\(Bird\\)",
    ):
        game.apply(state, Redeal(), seat=2)


def test_R8_redeal_only_during_bidding() -> None:
    """R8: once the auction is over the request is refused."""
    game = make_game()
    state = dealt(game, 3, {2: "R6 R7 R8 R9 Y6 Y7 Y8 Y9 G6"})
    state = run(game, state, "bid 70", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="R8"):
        game.apply(state, Redeal(), seat=2)


def test_R9_bidding_starts_left_of_dealer_and_goes_clockwise() -> None:
    """R9: the seat left of the dealer speaks first, then clockwise; bid or pass."""
    game = make_game()
    state = dealt(game, 1)
    assert game.to_move(state) == 2
    state = run(game, state, "bid 70")
    assert game.to_move(state) == 3
    with pytest.raises(
        IllegalActionError,
        match="rule R9 \\(bidding turns\\): it is seat 3's turn",
    ):
        game.apply(state, Bid(75), seat=0)
    with pytest.raises(IllegalActionError, match="R9"):
        game.apply(state, game.parse_action("trump Green", state))


def test_R10_bids_multiples_of_5_from_70_to_120_each_higher() -> None:
    """R10: 70..120 by 5, above the high bid."""
    game = make_game()
    state = dealt(game, 3)
    bids = [a.amount for a in game.legal_actions(state) if isinstance(a, Bid)]
    assert bids == list(range(70, 125, 5))
    state = run(game, state, "bid 85")
    bids = [a.amount for a in game.legal_actions(state) if isinstance(a, Bid)]
    assert bids == list(range(90, 125, 5))
    for bad in (85, 80, 92, 125, 65):
        with pytest.raises(IllegalActionError, match="R10"):
            game.apply(state, Bid(bad))


def test_R11_passed_player_may_not_bid_again_may_overbid_partner() -> None:
    """R11: a passed seat is skipped; a seat may overbid its own partner."""
    game = make_game()
    state = run(game, dealt(game, 3), "bid 70", "pass", "bid 75")  # seat 2 overbids partner 0
    assert state.auction is not None and state.auction.high_bidder == 2
    state = run(game, state, "pass", "bid 80")
    assert game.to_move(state) == 2  # seat 1 passed: skipped
    assert state.auction is not None and 1 in state.auction.passed


def test_edge_11_bid_order_overbidding_partner() -> None:
    """Edge case 11: A 70, B pass, C 75, D pass, A 80, C pass: A wins the bid at 80."""
    game = make_game()
    state = run(game, dealt(game, 3), "bid 70", "pass", "bid 75", "pass", "bid 80", "pass")
    assert state.phase == "bury" and state.bidder == 0 and state.bid == 80


def test_R12_auction_ends_after_three_passes_or_at_120() -> None:
    """R12 and 1.7: pass, pass, pass, bid 70 ends at once; a bid of 120 ends at once."""
    game = make_game()
    state = run(game, dealt(game, 3), "pass", "pass", "pass", "bid 70")
    assert state.phase == "bury" and (state.bidder, state.bid) == (3, 70)
    state = run(game, dealt(game, 3), "bid 120")
    assert state.phase == "bury" and (state.bidder, state.bid) == (0, 120)


def test_A2_all_pass_variants() -> None:
    """A2: thrown in (default; a single hand ends 0-0), redeal by the same dealer, dealer forced at 70."""
    game = make_game()
    thrown = run(game, dealt(game, 3), "pass", "pass", "pass", "pass")
    assert game.is_over(thrown) and thrown.last_points == (0, 0)
    same = make_game(all_pass="redeal_same_dealer")
    again = run(same, dealt(same, 3), "pass", "pass", "pass", "pass")
    assert again.phase == "deal" and again.dealer == 3 and not same.is_over(again)
    forced = make_game(all_pass="dealer_forced_min")
    state = run(forced, dealt(forced, 3), "pass", "pass", "pass", "pass")
    assert state.phase == "bury" and (state.bidder, state.bid) == (3, 70)
    assert state.hands[3].bit_count() == 14


def test_A2_a_thrown_in_hand_keeps_every_pass_of_its_auction() -> None:
    """A2: the hand thrown in records the whole auction, the fourth pass in it (the state that
    ends the hand and its record of the last hand, read by the hand report)."""
    for checked in (False, True):
        game = make_game()
        state = dealt(game, 3)
        for _ in range(4):
            action = game.parse_action("pass", state)
            state = game.checked_apply(state, action) if checked else game.apply(state, action)
        assert state.last.auction is not None
        assert [seat for seat, bid in state.last.auction.history] == [0, 1, 2, 3]
        assert all(bid is None for _, bid in state.last.auction.history)
        assert state.auction == state.last.auction and state.auction.to_move is None
    match = make_game()
    state = run(
        match,
        match.apply(match.new_match(dealer=3), match.shuffle(random.Random(5))),
        *["pass"] * 4,
    )
    assert state.phase == "deal" and state.last.auction is not None
    assert len(state.last.auction.history) == 4


def test_pass_action_value_is_interned_in_the_encoding() -> None:
    """The notation of the bidding actions reads back (``bid 85``, ``pass``, ``redeal``)."""
    game = make_game()
    state = dealt(game, 3)
    for text, action in (("bid 85", Bid(85)), ("PASS", Pass()), ("redeal", Redeal())):
        assert game.parse_action(text, state) == action
        assert game.index_to_action(game.action_to_index(action)) == action


def test_R7_misdeal_is_not_modelled() -> None:
    """R7: misdeals are physical only; there is no misdeal action, every shuffle is dealt."""
    game = make_game()
    state = game.new_hand(dealer=0)
    with pytest.raises(NotationError):
        game.parse_action("misdeal", state)
    assert all("misdeal" not in game.format_action(a) for a in game.all_actions())
