"""The edge cases of section 4.5 of shared/rules/euchre.md (4.5.1, 4.5.2 and 4.5.6 are in test_rules.py)."""

from __future__ import annotations

import pytest

from cardrules import IllegalActionError, Suit
from cardrules.games.euchre import DECK, Contract, EuchreRules, EuchreStatus, make_game, score_hand

from .stacking import act, new_stacked_hand, play_first_legal, stacked


def test_edge_4_5_3_turned_down_suit_refused_even_for_a_stuck_dealer() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), *["pass"] * 7)
    with pytest.raises(IllegalActionError, match="E7"):
        act(game, state, "name S")
    any_suit = make_game(stick_dealer_any_suit=True)
    state = act(any_suit, new_stacked_hand(any_suit), *["pass"] * 7)
    state = act(any_suit, state, "name S")  # D1 variant: the stuck dealer may
    assert state.contract is not None and state.contract.trump == Suit.SPADES


def test_edge_4_5_4_dealer_picks_up_right_bower_holding_only_the_left() -> None:
    game = make_game()
    hands = {1: "9C 10C QC KC AC", 2: "9D 10D QD KD AD", 3: "9S 10S QS KS AS", 0: "JD 9H 10H QH JS"}
    state = new_stacked_hand(game, 0, hands=hands, upcard="JH", kitty="KH AH JC")
    state = act(game, state, "pass", "pass", "pass", "order")
    assert state.phase == "discard"
    assert state.hands[0] >> DECK.index("JH") & 1


def test_edge_4_5_5_dealer_discards_the_upcard() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), "order", "discard AS")
    assert state.deal.discard == DECK.index("AS")
    assert state.contract is not None and state.contract.trump == Suit.SPADES
    strict = make_game(dealer_may_discard_upcard=False)
    state = act(strict, new_stacked_hand(strict), "order")
    assert "discard AS" not in [strict.format_action(a) for a in strict.legal_actions(state)]
    with pytest.raises(IllegalActionError, match="D3"):
        act(strict, state, "discard AS")


def test_edge_4_5_7_dealers_partner_alone_dealer_sits_out_no_exchange() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), "pass", "order alone")
    contract = state.contract
    assert contract is not None and contract.out == 1 << 0 and not contract.picked_up
    assert state.phase == "play" and state.deal.discard == -1  # E9 / 4.7: no exchange
    assert state.to_move == 1  # eldest leads
    state = act(game, state, "play JD", "play QD")
    assert state.to_move == 3 and len(state.trick) == 2
    state = act(game, state, "play 9S")
    assert state.trick == () and len(state.tricks[0][1]) == 3  # three cards per trick


def test_edge_4_5_8_makers_partner_cannot_go_alone() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), "order")
    # Seat 1 made trump; its partner (seat 3) is never asked, and no seat may declare alone now.
    assert state.phase == "discard"
    with pytest.raises(IllegalActionError):
        act(game, state, "3: order alone")
    assert all("alone" not in game.format_action(a) for a in game.legal_actions(state))


def test_edge_4_5_9_lone_maker_three_or_four_tricks_scores_one() -> None:
    contract = Contract(Suit.HEARTS, 0, True, 1 << 2)
    assert score_hand(EuchreRules(), contract, 3).points == (1, 0)
    assert score_hand(EuchreRules(), contract, 4).points == (1, 0)


def test_edge_4_5_10_lone_maker_euchred_two_or_four() -> None:
    contract = Contract(Suit.HEARTS, 0, True, 1 << 2)
    assert score_hand(EuchreRules(), contract, 2).points == (0, 2)
    assert score_hand(EuchreRules(euchred_loner_points=4), contract, 1).points == (0, 4)
    defended = Contract(Suit.HEARTS, 0, True, 1 << 2 | 1 << 3, lone_defender=1)
    assert score_hand(EuchreRules(defend_alone=True), defended, 2).points == (0, 4)


def test_edge_4_5_11_score_eight_plus_loner_march_wins_with_twelve() -> None:
    game = make_game()
    state = game.new_match(scores=(0, 8), dealer=0)
    state = game.apply(state, stacked(game, 0))
    state = play_first_legal(game, act(game, state, *["pass"] * 4, "name H alone"))
    assert game.is_over(state)
    assert state.score.scores == (0, 12) and state.score.winner == 1
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (1, 3)


FARMER = {1: "9C 10C 9D 10D 9H", 2: "JH JD AH KH QH", 3: "AD KD QD 10H 9S", 0: "10S JS QS KS AC"}


def test_edge_4_5_12_farmers_hand_claim_before_first_bid_only() -> None:
    game = make_game(farmers_hand="redeal_all_9_10")
    state = new_stacked_hand(game, 0, hands=FARMER, upcard="JC", kitty="QC KC AS")
    assert [game.format_action(a) for a in game.legal_actions(state)][-1] == "farmers hand"
    later = act(game, state, "pass")
    assert game.out_of_turn_actions(later, 1) == ()
    with pytest.raises(IllegalActionError, match="E5"):
        act(game, later, "1: farmers hand")
    over = act(game, state, "farmers hand")
    report = game.hand_report(over)
    assert game.is_over(over) and report is not None and report.points == (0, 0)
    assert report.status is EuchreStatus.FARMERS_HAND
    # mixed_four: four 9s/10s qualify; the claim is out of turn for a seat not to move.
    mixed = make_game(farmers_hand="mixed_four")
    hands = {1: "JH JD AH KH QH", 2: "9C 10C 9D 10D AD", 3: "10H 9H 9S 10S KD", 0: "QD JS QS KS AC"}
    state = new_stacked_hand(mixed, 0, hands=hands, upcard="JC", kitty="QC KC AS")
    assert [mixed.format_action(a) for a in mixed.out_of_turn_actions(state, 2)] == ["farmers hand"]
    assert [mixed.format_action(a) for a in mixed.out_of_turn_actions(state, 3)] == ["farmers hand"]
    assert mixed.out_of_turn_actions(state, 0) == ()


def test_edge_4_5_13_stick_off_eight_passes_no_score_deal_rotates() -> None:
    game = make_game(stick_the_dealer=False)
    state = game.new_match(dealer=0)
    state = game.apply(state, stacked(game, 0))
    state = act(game, state, *["pass"] * 8)
    assert state.phase == "deal" and state.dealer == 1 and state.score.scores == (0, 0)
    same = make_game(stick_the_dealer=False, all_pass="same_dealer")
    state = same.new_match(dealer=0)
    state = act(same, same.apply(state, stacked(same, 0)), *["pass"] * 8)
    assert state.dealer == 0


def test_edge_4_5_14_first_acceptance_ends_round_one() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), "order")
    assert state.calls is not None and state.calls.history == ((1, state.calls.history[0][1]),)
    assert state.to_move == 0 and state.phase == "discard"
