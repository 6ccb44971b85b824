"""V1, V4–V6, V14, V15, V21, V26, V27: seats, the deal, leading, compulsion, drawing, 2 and 3 players."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    CHANCE,
    Card,
    CardSet,
    ChooseDealer,
    IllegalActionError,
    NotationError,
    RulesError,
)
from cardrules.games.voormsi import (
    Lead,
    Play,
    VoormsiGame,
    VoormsiState,
    cut_for_dealer,
    make_game,
)
from cardrules.games.voormsi.actions import NUM_ACTIONS

from ._helpers import play, position, start_hand


def test_V1_four_players_in_partnerships() -> None:
    game = make_game()
    assert game.num_players == 4
    assert game.teams.teams == ((0, 2), (1, 3))


def test_V4_C12_first_dealer_is_chance_and_deal_passes_clockwise() -> None:
    game = make_game()
    s = game.new_match()
    assert game.to_move(s) == CHANCE and s.phase == "choose_dealer"
    s = game.apply(s, ChooseDealer(2))
    assert s.dealer == 2
    draws = [game.sample_chance(game.new_match(), random.Random(k)) for k in range(400)]
    counts = Counter(a.seat for a in draws if isinstance(a, ChooseDealer))
    assert set(counts) == {0, 1, 2, 3}


def test_C12_cut_for_lowest_card_under_either_ranking() -> None:
    for rank in ("face_value", "game_ranking"):
        dealers = Counter(cut_for_dealer(4, random.Random(k), rank)[0] for k in range(400))
        assert set(dealers) == {0, 1, 2, 3}
    dealer, cuts = cut_for_dealer(4, random.Random(7), "face_value")
    assert dealer in {seat for seat, _ in cuts}


def test_V5_four_cards_each_one_at_a_time_from_dealers_left_rest_is_stock() -> None:
    game = make_game()
    s = game.new_hand(dealer=3)
    s = game.apply(s, game.sample_chance(s, random.Random(1)))
    deal_order = game.shuffle(random.Random(1)).order
    assert [h.bit_count() for h in s.hands] == [4, 4, 4, 4]
    assert s.hands[0] >> deal_order[0] & 1 and s.hands[1] >> deal_order[1] & 1
    assert s.stock == deal_order[16:] and len(s.stock) == 20


def test_V6_eldest_leads_then_the_trick_winner() -> None:
    game, s = start_hand({0: "QD 5C 5S 5H", 1: "9C 6C 6S 6H", 2: "KS 8C 8H 8D", 3: "KC AC AS AH"})
    assert game.to_move(s) == 0
    s = play(game, s, "lead QD", "play 9C", "play KS", "play KC")
    assert game.to_move(s) == 1 and s.leader == 1


def test_V14_no_obligation_to_follow() -> None:
    game, s = start_hand({0: "QD 5C 5S 5H", 1: "9C 6C 6S 6H"})
    s = play(game, s, "lead QD")
    assert len(game.legal_actions(s)) == 4


def test_C2_must_follow_suit_option() -> None:
    game, s = start_hand({0: "QD 5C 5S 5H", 1: "9D 6C 6S 6H"}, must_follow_suit=True)
    s = play(game, s, "lead QD")
    assert game.legal_actions(s) == (Play.of("9D"),)
    with pytest.raises(IllegalActionError, match="C2"):
        game.apply(s, Play.of("6C"))


def test_C2_must_follow_suit_with_groups_per_suit() -> None:
    game = make_game(must_follow_suit=True)
    s = position(game, ["9C 9H 5C 5S", "AC QH QS 6S", "6C 6D 8C 8H", "KC KS 8D AD"])
    s = play(game, s, "lead 9C 9H")
    # Seat 1 must play its club and a heart.
    assert game.legal_actions(s) == (Play.of("AC QH"),)


def test_V15_edge_3_5_2_toqutsit_compulsion_against_opponents_voormsi() -> None:
    game, s = start_hand({0: "KH 5C 5S 5H", 1: "JC 6C 6S 6H"})
    s = play(game, s, "lead KH")
    assert game.legal_actions(s) == (Play.of("JC"),)
    with pytest.raises(IllegalActionError, match="V15"):
        game.apply(s, Play.of("6C"))


def test_V15_no_compulsion_against_partners_voormsi() -> None:
    game, s = start_hand({0: "KH 5C 5S 5H", 1: "QD 6C 6S 6H", 2: "JC 8C 8H 8D"})
    s = play(game, s, "lead KH", "play QD")
    assert len(game.legal_actions(s)) == 4


def test_edge_3_5_3_seven_led_voormsi_not_heading_no_compulsion() -> None:
    game, s = start_hand({0: "7C 5C 5S 5H", 1: "KH 6C 6S 6H", 2: "JC 8C 8H 8D"})
    s = play(game, s, "lead 7C", "play KH")
    assert len(game.legal_actions(s)) == 4


def test_V15_compulsion_in_groups_includes_the_jack_of_clubs() -> None:
    game = make_game()
    s = position(game, ["KH KC 5S 5H", "JC 6C 6S 6H", "QC QD 8H 8D", "KS 8C AS AD"])
    s = play(game, s, "lead KC KH")
    assert all(Card.parse("JC") in a.cards for a in game.legal_actions(s))
    assert len(game.legal_actions(s)) == 3


def test_V21_draw_one_each_from_the_trick_winner_clockwise() -> None:
    game, s = start_hand(
        {0: "QD 5C 5S 5H", 1: "9C 6C 6S 6H", 2: "KS 8C 8H 8D", 3: "KC AC AS AH"},
        stock="JC JS JH JD",
    )
    s = play(game, s, "lead QD", "play 9C", "play KS", "play KC")
    # Seat 1 won: it draws first (J♣), then seats 2, 3, 0.
    names = ["JC", "JS", "JH", "JD"]
    for k, seat in enumerate((1, 2, 3, 0)):
        held = {c.ascii for c in game.view(s, seat).hand}
        assert names[k] in held


# Four single tricks have left 4 cards in the stock (seat 0 won the last and leads).
FOUR_TRICKS = (1, 0, 2, 0)


def test_edge_3_5_14_stock_runs_out_after_a_double_trick() -> None:
    hands = ["5C 5S 9C 9D", "6C 6S 9H 9S", "8C 8H AC AD", "QC QD AH AS"]
    double = ("lead 5C 5S", "play 6C 6S", "play 8C 8H", "play QC QD")
    game = make_game()
    s = position(game, hands, won_by=FOUR_TRICKS, stock="JS JH JD 6D")
    assert len(s.stock) == 4
    s = play(game, s, *double)
    assert [h.bit_count() for h in s.hands] == [3, 3, 3, 3]  # V21: one each, round by round
    game = make_game(draw_order="complete_each")
    s = play(game, position(game, hands, won_by=FOUR_TRICKS, stock="JS JH JD 6D"), *double)
    # Seat 1 won (its Sixes beat the Fives; Eights and Queens lose): it and seat 2 fill up.
    assert [h.bit_count() for h in s.hands] == [2, 4, 4, 2]


def _complete_each_short_hands() -> tuple[VoormsiGame, VoormsiState]:
    """C6 ``complete_each``: a double trick on a stock of 4; seat 1 wins and draws J♦ A♣, seat 2
    draws 6♥ 6♦, seats 3 and 0 keep 2 cards. Seat 1 now leads."""
    game = make_game(draw_order="complete_each")
    hands = ["5C 5S 5H 5D", "6C 6S JS JH", "8C 8H 9H 9D", "QC QD QH QS"]
    s = position(game, hands, won_by=FOUR_TRICKS, stock="JD AC 6H 6D")
    s = play(game, s, "lead 5C 5S", "play 6C 6S", "play 8C 8H", "play QC QD")
    assert [h.bit_count() for h in s.hands] == [2, 4, 4, 2] and game.to_move(s) == 1
    return game, s


def test_C6_complete_each_lead_size_limited_by_the_shortest_hand() -> None:
    game, s = _complete_each_short_hands()
    sizes = {len(a.cards) for a in game.legal_actions(s)}
    assert sizes == {1, 2}
    with pytest.raises(IllegalActionError, match="V16"):
        game.apply(s, Lead.of("JS JH JD"))


def test_C6_complete_each_empty_hands_sit_out() -> None:
    game, s = _complete_each_short_hands()
    # Seat 2's Nines take the next double trick; seats 3 and 0 have played their last cards.
    s = play(game, s, "lead JS JH", "play 9H 9D", "play QH QS", "play 5H 5D")
    assert [h.bit_count() for h in s.hands] == [0, 2, 2, 0] and game.to_move(s) == 2
    units = s.units
    s = play(game, s, "lead 6H")
    assert game.to_move(s) == 1  # seats 3 and 0 sit out
    s = play(game, s, "play AC")
    assert len(s.tricks) == 7 and s.units == (units[0], units[1] + 1)


def test_V26_three_players_each_for_themselves() -> None:
    game = make_game(preset="three_player")
    assert game.num_players == 3 and game.rules.target == 12 and game.rules.num_sides == 3
    s = game.new_hand(dealer=0)
    s = game.apply(s, game.sample_chance(s, random.Random(3)))
    assert len(s.stock) == 24


def test_V27_two_players_higher_card_draws_first_and_plays_third() -> None:
    game, s = start_hand(
        {0: "QD 5C 5S 5H", 1: "9C 6C 6S 6H"}, stock="JC JS JH JD", dealer=1, preset="two_player"
    )
    assert game.to_move(s) == 0
    s = play(game, s, "lead QD", "play 9C")
    assert game.to_move(s) == 1  # the 9♣ was higher
    assert "JC" in {c.ascii for c in game.view(s, 1).hand}  # and drew first
    assert "JS" in {c.ascii for c in game.view(s, 0).hand}
    s = play(game, s, "play 6C", "play 5C")
    assert s.tricks[-1][1] == 1 and s.units == (0, 1)
    with pytest.raises(IllegalActionError, match=r"V27|V16"):
        game.apply(s, Lead.of("6S 6H"))


def test_rules_errors_name_the_field() -> None:
    with pytest.raises(RulesError, match="players"):
        make_game(players=5)
    with pytest.raises(RulesError, match="bust_mode"):
        make_game(bust_mode="no_bust", simultaneous_nine="play_on")
    with pytest.raises(RulesError, match="must_follow_suit"):
        make_game(must_follow_suit="yes")
    with pytest.raises(RulesError, match="unknown"):
        make_game(colour="red")


def test_notation_and_encoding_round_trip() -> None:
    game = make_game()
    s = game.new_hand(dealer=0)
    for text in ("lead 9C 9H", "play JC", "play JC 8D", "lead 3D"):
        action = game.parse_action(text, s)
        assert game.format_action(action) == text
        assert game.index_to_action(game.action_to_index(action)) == action
    assert game.num_distinct_actions == NUM_ACTIONS == 66846
    codes = {game.action_to_index(game.index_to_action(i)) for i in range(0, NUM_ACTIONS, 97)}
    assert len(codes) == len(range(0, NUM_ACTIONS, 97))
    with pytest.raises(NotationError):
        game.parse_action("lead 4C", s)
    with pytest.raises(NotationError):
        game.index_to_action(NUM_ACTIONS)


def _reference_legal(game: VoormsiGame, s: VoormsiState) -> set[frozenset[str]]:
    """A slow, obviously correct reading of V14–V17 (default rules): what may be played now."""
    seat = s.to_move
    assert seat is not None
    hand = [c.ascii for c in game.view(s, seat).hand]
    if not s.trick:
        shortest = min(h.bit_count() for h in s.hands if h)
        out = set()
        for size in range(1, min(4, shortest) + 1):
            for combo in itertools.combinations(hand, size):
                if len({c[:-1] for c in combo}) == 1:  # one face rank (the 3D is alone)
                    out.add(frozenset(combo))
        return out
    size = s.trick[0][1].bit_count()
    head_seat, head_mask = s.trick[s.heading]
    head_cards = {c.ascii for c in CardSet(game.deck, head_mask)}
    compelled = "KH" in head_cards and head_seat % 2 != seat % 2 and "JC" in hand
    return {
        frozenset(combo)
        for combo in itertools.combinations(hand, size)
        if not compelled or "JC" in combo
    }


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_V14_V17_legal_plays_match_a_reference(seed: int) -> None:
    game = make_game()
    rng = random.Random(seed)
    s = game.new_hand(dealer=seed % 4)
    s = game.apply(s, game.sample_chance(s, rng))
    while s.phase == "play":
        legal = game.legal_actions(s)
        assert {frozenset(c.ascii for c in a.cards) for a in legal} == _reference_legal(game, s)
        s = game.apply(s, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    "options", [{}, {"players": 3}, {"players": 2, "multi_card_leads": False}], ids=str
)
def test_V25_a_game_won_mid_deal_keeps_the_other_hands_hidden_in_samples(
    options: dict[str, Any],
) -> None:
    """V25: a game can end on a trick with cards left in the hands (and the stock). Each seat's
    view of the end still hides them, and a state sampled from it gives the same view."""
    game = make_game(**options)
    checked = 0
    for seed in range(20):
        rng = random.Random(seed)
        s = game.new_match()
        while not game.is_over(s):
            moves = game.legal_actions(s) if s.phase == "play" else [game.sample_chance(s, rng)]
            s = game.apply(s, moves[rng.randrange(len(moves))])
        if not any(s.hands):
            continue
        checked += 1
        for seat in range(game.num_players):
            view = game.view(s, seat)
            sampled = game.sample_state(view, random.Random(seed))
            assert game.view(sampled, seat) == view
            assert [h.bit_count() for h in sampled.hands] == [h.bit_count() for h in s.hands]
    assert checked >= 5
