"""One test per rule E1-E16 of shared/rules/euchre.md (E17 is in test_revoke.py), on stacked decks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardrules import CHANCE, Card, ChooseDealer, Deal, IllegalActionError, RulesError, Suit
from cardrules.games.euchre import (
    DECK,
    TEAMS,
    Contract,
    EuchreGame,
    EuchreRules,
    EuchreState,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    make_game,
    score_hand,
)

from .stacking import act, new_stacked_hand, play_first_legal, stacked


def names(game: EuchreGame, state: EuchreState) -> list[str]:
    return [game.format_action(a) for a in game.legal_actions(state)]


def test_E1_four_players_in_opposite_partnerships() -> None:
    game = make_game()
    assert game.num_players == 4
    assert TEAMS.teams == ((0, 2), (1, 3))
    state = play_first_legal(game, new_stacked_hand(game))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.seat_points[0] == outcome.seat_points[2]
    assert outcome.seat_points[1] == outcome.seat_points[3]


def test_E2_deck_of_24_cards_nine_to_ace() -> None:
    assert len(DECK) == 24
    assert {c.rank for c in DECK.cards} == {9, 10, 11, 12, 13, 14}
    assert all(
        len(DECK.full().of_suit(s)) == 6
        for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    )


def test_E3_random_first_dealer_then_rotation_to_the_left() -> None:
    game = make_game()
    state = game.new_match()
    assert state.phase == "choose_dealer" and state.to_move == CHANCE
    # The first step draws a dealer, every time (no draw is skipped), uniformly over the seats.
    draws = [game.sample_chance(state, random.Random(seed)) for seed in range(400)]
    assert all(type(d) is ChooseDealer for d in draws)
    counts = Counter(d.seat for d in draws if type(d) is ChooseDealer)
    assert sorted(counts) == [0, 1, 2, 3]
    assert all(70 <= n <= 130 for n in counts.values()), counts  # 100 expected, sd ~8.7
    state = game.apply(state, ChooseDealer(2))
    state = game.apply(state, stacked(game, 2))
    state = play_first_legal_hand(game, state)
    assert state.phase == "deal" and state.dealer == 3


def play_first_legal_hand(game: EuchreGame, state: EuchreState) -> EuchreState:
    """Play the first legal action until the current hand is over (a match moves to its next deal)."""
    while state.phase not in ("deal", "over"):
        state = game.apply(state, game.legal_actions(state)[0])
    return state


def mask(idx: list[int]) -> int:
    return sum(1 << i for i in idx)


def test_E4_deal_stream_3_2_and_2_3_patterns_kitty_and_upcard() -> None:
    order = tuple(range(24))
    state = make_game().apply(make_game().new_hand(dealer=0), Deal(order))
    assert state.hands[1] == mask([0, 1, 2, 10, 11])
    assert state.hands[2] == mask([3, 4, 12, 13, 14])
    assert state.hands[3] == mask([5, 6, 7, 15, 16])
    assert state.hands[0] == mask([8, 9, 17, 18, 19])
    assert state.deal.upcard == 20 and state.deal.kitty == mask([21, 22, 23])
    two_three = make_game(deal_pattern="2-3")
    state = two_three.apply(two_three.new_hand(dealer=0), Deal(order))
    assert state.hands[1] == mask([0, 1, 10, 11, 12])
    assert state.hands[2] == mask([2, 3, 4, 13, 14])
    with pytest.raises(IllegalActionError, match="E4"):
        make_game().apply(make_game().new_hand(dealer=0), Deal(tuple(range(23))))


FARMER = {1: "9C 10C 9D 10D 9H", 2: "JH JD AH KH QH", 3: "AD KD QD 10H 9S", 0: "10S JS QS KS AC"}


def test_E5_farmers_hand_claim_redeals_with_the_same_dealer() -> None:
    game = make_game(farmers_hand="redeal_all_9_10")
    state = game.new_match()
    state = game.apply(state, ChooseDealer(0))
    state = game.apply(state, stacked(game, 0, FARMER, "JC", "QC KC AS"))
    assert "farmers hand" in names(game, state)  # seat 1 is to move and qualifies
    state = act(game, state, "1: farmers hand")
    assert state.phase == "deal" and state.dealer == 0 and state.score.scores == (0, 0)
    assert (
        make_game().out_of_turn_actions(
            new_stacked_hand(make_game(), 0, hands=FARMER, upcard="JC", kitty="QC KC AS"), 1
        )
        == ()
    )


def test_E6_order_up_the_dealer_picks_up_and_discards() -> None:
    game = make_game()
    state = new_stacked_hand(game)
    assert names(game, state) == ["pass", "order", "order alone"]
    state = act(
        game, state, "pass", "order"
    )  # seat 2 assists? no: seat 2 is an opponent: orders up
    assert state.phase == "discard" and state.to_move == 0
    assert state.hands[0] >> DECK.index("AS") & 1
    assert state.contract == Contract(Suit.SPADES, 2, False, 0, -1, True)
    state = act(game, state, "discard 9C")
    assert state.phase == "play" and state.deal.discard == DECK.index("9C")
    assert state.hands[0].bit_count() == 5
    # The first acceptance ends the round: seats 3 and 0 never spoke (edge 14 too).
    assert state.calls is not None and len(state.calls.history) == 2


def test_E7_second_round_names_a_suit_other_than_the_turned_down_one() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), "pass", "pass", "pass", "pass")
    legal = names(game, state)
    assert "name S" not in legal and {"pass", "name C", "name D", "name H", "name H alone"} <= set(
        legal
    )
    with pytest.raises(IllegalActionError, match="E7"):
        act(game, state, "name S")
    with pytest.raises(IllegalActionError, match="E7"):
        act(game, state, "order")
    state = act(game, state, "name H")
    assert state.contract is not None and state.contract.trump == Suit.HEARTS
    assert not state.contract.picked_up and state.phase == "play"


def test_E8_stick_the_dealer_must_name() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), *["pass"] * 7)
    assert state.to_move == 0 and "pass" not in names(game, state)
    with pytest.raises(IllegalActionError, match="E8"):
        act(game, state, "pass")
    state = act(game, state, "name C")
    assert state.contract is not None and state.contract.maker == 0


def test_E9_only_the_maker_goes_alone_and_the_partner_sits_out() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), "order alone", "discard 9C")
    contract = state.contract
    assert contract is not None and contract.alone and contract.out == 1 << 3
    # Only three seats play; the partner's cards stay out of play.
    seen = set()
    while state.phase == "play" and len(state.tricks) < 1:
        seen.add(state.to_move)
        state = game.apply(state, game.legal_actions(state)[0])
    assert seen == {0, 1, 2}
    assert state.hands[3].bit_count() == 5


def test_E10_card_ranking_bowers_then_ace_down() -> None:
    order = make_game().tables(Suit.HEARTS)[2]
    assert [str(DECK.card(i)) for i in order.ranked(Suit.HEARTS)] == [
        "JH",
        "JD",
        "AH",
        "KH",
        "QH",
        "10H",
        "9H",
    ]
    assert [str(DECK.card(i)) for i in order.ranked(Suit.DIAMONDS)] == [
        "AD",
        "KD",
        "QD",
        "10D",
        "9D",
    ]
    assert [str(DECK.card(i)) for i in order.ranked(Suit.SPADES)] == [
        "AS",
        "KS",
        "QS",
        "JS",
        "10S",
        "9S",
    ]


def _hearts_play(game: EuchreGame, hands: dict[int, str], *calls: str) -> EuchreState:
    """Dealer 0; everybody passes round one on the ♠ up-card; seat 1 names hearts."""
    state = new_stacked_hand(game, 0, hands=hands, upcard="AS", kitty="KS QH KH")
    return act(game, state, *["pass"] * 4, "name H", *calls)


EDGE1 = {1: "AD KD QD 9C 10C", 2: "JD 9S 10S JS QS", 3: "9D 10D 9H 10H JC", 0: "QC KC AC JH AH"}


def test_E11_left_bower_is_trump_for_following_and_voids() -> None:
    """Edge 4.5.1: hearts trump, ♦ led: a player whose only diamond is the J♦ is void in ♦."""
    game = make_game()
    state = _hearts_play(game, EDGE1, "play AD")
    assert state.to_move == 2
    assert set(names(game, state)) == {"play JD", "play 9S", "play 10S", "play JS", "play QS"}
    state = act(game, state, "play JD")
    state = act(game, state, "play 9D", "play QC")
    assert state.leader == 2 and state.won == (1, 0)  # J♦ was a trump play and won the trick


def test_edge_4_5_1_left_bower_only_diamond_is_void() -> None:
    test_E11_left_bower_is_trump_for_following_and_voids()


def test_edge_4_5_2_left_bower_led_is_a_trump_lead() -> None:
    game = make_game()
    hands = {1: "JD KD QD 9C 10C", 2: "AD 9S 10S JS QS", 3: "9D 10D 9H 10H JC", 0: "QC KC AC JH AH"}
    state = _hearts_play(game, hands, "play JD")
    assert names(game, state) == [
        "play AD",
        "play 9S",
        "play 10S",
        "play JS",
        "play QS",
    ]  # void in trump
    state = act(game, state, "play AD")
    assert set(names(game, state)) == {"play 9H", "play 10H"}  # must follow trump with trump


def test_E12_first_lead_left_of_dealer() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), "order", "discard 9C")
    assert state.leader == 1 and state.to_move == 1


def test_E12_dealer_partner_leads_when_eldest_sits_out() -> None:
    """Edge 4.5.6: eldest's partner goes alone, eldest sits out, the dealer's partner leads."""
    game = make_game()
    state = act(game, new_stacked_hand(game), "pass", "pass", "order alone", "discard 9C")
    assert state.contract is not None and state.contract.out == 1 << 1
    assert state.leader == 2 and state.to_move == 2
    variant = make_game(lone_lead="left_of_lone_player")
    state = act(variant, new_stacked_hand(variant), "pass", "pass", "order alone", "discard 9C")
    assert state.leader == 0


def test_edge_4_5_6_eldest_sits_out_dealers_partner_leads() -> None:
    test_E12_dealer_partner_leads_when_eldest_sits_out()


def test_E13_must_follow_suit_if_able() -> None:
    game = make_game()
    state = _hearts_play(game, EDGE1, "play KD")
    state = act(game, state, "play JD")
    with pytest.raises(
        IllegalActionError,
        match="rule E13 \\(follow suit\\): must follow ♦",
    ) as info:
        act(game, state, "play 9H")
    assert info.value.rule == "E13"
    with pytest.raises(IllegalActionError, match="E13"):
        act(game, state, "play AS")  # not held
    state = act(game, state, "play 9D")
    assert state.to_move == 0


def test_E14_highest_trump_else_highest_of_led_suit() -> None:
    game = make_game()
    state = _hearts_play(game, EDGE1, "play KD", "play JD", "play 10D", "play JH")
    assert state.leader == 0  # the right bower beats the left bower
    game2 = make_game()
    state = _hearts_play(game2, EDGE1, "play QD", "play 9S", "play 10D", "play QC")
    assert state.leader == 1  # no trump: the highest diamond (Q♦) wins


@pytest.mark.parametrize(
    ("alone", "tricks", "expected"),
    [
        (False, 3, (0, 1)),
        (False, 4, (0, 1)),
        (False, 5, (0, 2)),
        (True, 3, (0, 1)),
        (True, 4, (0, 1)),
        (True, 5, (0, 4)),
        (False, 2, (2, 0)),
        (True, 0, (2, 0)),
    ],
)
def test_E15_scoring_table(alone: bool, tricks: int, expected: tuple[int, int]) -> None:
    contract = Contract(Suit.HEARTS, 1, alone, 1 << 3 if alone else 0)
    assert score_hand(EuchreRules(), contract, tricks).points == expected


def test_E15_lone_march_scores_four_when_played() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), *["pass"] * 4, "name H alone")
    state = play_first_legal(game, state)
    assert state.won == (0, 5)
    assert game.outcome(state).team_points == (0, 4)  # type: ignore[union-attr]


def test_E16_match_to_ten_and_start_over_target_refused() -> None:
    game = make_game()
    with pytest.raises(RulesError):
        game.new_match(scores=(10, 0))
    with pytest.raises(RulesError):
        game.new_hand(dealer=0, scores=(0, 12))
    state = game.apply(game.new_match(scores=(3, 9)), ChooseDealer(0))
    state = game.apply(state, stacked(game, 0))
    state = play_first_legal(game, act(game, state, "order"))
    assert game.is_over(state)
    outcome = game.outcome(state)
    assert outcome is not None and max(outcome.team_points) >= 10


def test_first_acceptance_type_is_right_per_round() -> None:
    game = make_game()
    state = new_stacked_hand(game)
    assert isinstance(game.legal_actions(state)[1], OrderUp)
    state = act(game, state, *["pass"] * 4)
    assert all(isinstance(a, Pass | NameTrump) for a in game.legal_actions(state))
    assert Play(Card.parse("JH")) not in game.legal_actions(state)
